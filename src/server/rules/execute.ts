/**
 * What the rules job does with one due rule (docs/rules.md#execution), from what its batch read (`readRules`, the
 * tick in `tick.ts`): its verdicts, then every plan it acts on is first claimed in `rule_events` (unique per rule,
 * plan and slot — a second node or a re-run finds the claim and does nothing; one insert for the rule's plans), then
 * changed through the promotion feature's `applyChanges`, the same path as a person's change (same change log,
 * naming the rule; same refusals; same platform limits). A refusal or a dead authorisation is recorded and notified
 * and not retried that day.
 */
import { channelLabel } from '../../shared/catalog.ts';
import { chinaDateTime, chinaDayStart } from '../../shared/china-clock.ts';
import { Code, defaultMessage } from '../../shared/codes.ts';
import type { PromoteChannel } from '../../shared/promote.ts';
import { actionText, ruleText } from '../../shared/rule-text.ts';
import type { UserRow } from '../accounts/lookup.ts';
import { accountFreshness } from '../ads/lookup.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { applyChanges } from '../promotion/changes.ts';
import { type RuleReads, type Verdict, verdictsOf } from './evaluate.ts';
import type { Rule } from './model.ts';
import * as store from './store.ts';

interface Done {
  verdict: Verdict;
  outcome: string;
  message: string;
}

/** What was done: the plans claimed and their outcomes, and whether a platform was called (its state may have changed). */
interface Acted {
  done: Done[];
  sent: boolean;
}

async function act(deps: Deps, rule: Rule, slot: number, acting: Verdict[], author: Actor): Promise<Acted> {
  const now = deps.clock.now();
  const dry = rule.notify_only || rule.action.kind === 'notify';
  const ids = await store.claimEvents(
    deps.db,
    acting.map((v) => ({
      rule_id: rule.id,
      rule_version: rule.version,
      customerid: rule.customerid,
      platform: rule.acpl,
      advertiser_id: v.advertiser_id,
      plan_id: v.id,
      plan_name: v.name,
      slot,
      day: chinaDayStart(now),
      matched: JSON.stringify(v.values),
      action: rule.action.kind,
      before: v.before,
      after: v.after,
      outcome: dry ? (rule.action.kind === 'notify' ? 'notified' : 'would') : 'pending',
      message: dry ? v.reason : '',
      change_id: 0,
      author_id: rule.created_by,
      at: now,
      finished_at: dry ? now : 0,
    })),
  );
  const claimed = acting.flatMap((v) => {
    const id = ids.get(v.id);
    return id === undefined ? [] : [{ id, v }];
  });
  if (dry)
    return {
      done: claimed.map(({ v }) => ({ verdict: v, outcome: rule.action.kind === 'notify' ? 'notified' : 'would', message: v.reason })),
      sent: false,
    };
  const out: Done[] = [];
  let sent = false;
  // One call for a switch of many plans (as a person's batch), one per plan for budgets and bids (each its own value).
  const groups = rule.action.kind === 'pause' || rule.action.kind === 'resume' ? [claimed] : claimed.map((c) => [c]);
  for (const group of groups) {
    if (!group.length || !group[0]!.v.target) continue;
    let result: Awaited<ReturnType<typeof applyChanges>>;
    sent = true;
    try {
      result = await applyChanges(
        deps,
        author,
        rule.acpl as PromoteChannel,
        'plan',
        group.map((c) => c.v.plan),
        group[0]!.v.target,
        0,
        {
          ruleId: rule.id,
          ruleName: rule.name,
        },
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : '执行失败';
      for (const c of group) {
        await store.finishEvent(deps.db, c.id, { outcome: 'refused', message, finished_at: deps.clock.now() });
        out.push({ verdict: c.v, outcome: 'refused', message });
      }
      continue;
    }
    const auth = new Map(
      (
        await accountFreshness(
          deps.db,
          rule.acpl,
          group.map((c) => c.v.advertiser_id),
        )
      ).map((a) => [a.advertiser_id, a.state]),
    );
    for (const c of group) {
      const item = result.items.find((i) => i.id === c.v.id);
      const applied = item?.result === 'applied';
      const reauth = !applied && (auth.get(c.v.advertiser_id) !== 'active' || item?.message === defaultMessage[Code.needsReauth]);
      const outcome = applied ? 'applied' : reauth ? 'reauth' : 'refused';
      const message = applied ? '' : (item?.message ?? '平台没有答复这一项');
      await store.finishEvent(deps.db, c.id, { outcome, message, change_id: item?.change_id ?? 0, finished_at: deps.clock.now() });
      out.push({ verdict: c.v, outcome, message });
    }
  }
  return { done: out, sent };
}

const OUTCOME_WORDS: Record<string, string> = {
  applied: '已执行',
  refused: '平台拒绝',
  reauth: '需要重新授权',
  notified: '通知',
  would: '仅通知（未执行）',
};

/** The e-mail of what was done, to the rule's customer and author (`users`: read with the batch). */
async function notify(deps: Deps, rule: Rule, done: Done[], users: ReadonlyMap<number, UserRow>): Promise<void> {
  if (!rule.notify_email || !done.length) return;
  const to = new Set<string>();
  for (const id of [rule.customerid, rule.created_by]) {
    const u = users.get(id);
    if (u?.email && Number(u.status) === 1) to.add(u.email);
  }
  const lines = done.map((d) => {
    const values = Object.entries(d.verdict.values)
      .map(([k, v]) => `${k}=${v ?? '--'}`)
      .join(' ');
    const change = d.verdict.before || d.verdict.after ? `（${d.verdict.before} → ${d.verdict.after}）` : '';
    return `· ${d.verdict.name}（${d.verdict.id}）：${OUTCOME_WORDS[d.outcome] ?? d.outcome}${change}${d.message ? `：${d.message}` : ''}；${values}`;
  });
  const text = [
    `自动规则「${rule.name}」（${channelLabel(rule.acpl)}，版本 ${rule.version}）于 ${chinaDateTime(deps.clock.now())}（北京时间）：`,
    ruleText(rule),
    '',
    ...lines,
    '',
    '在控制台的「自动规则 → 执行记录」查看全部记录。',
  ].join('\n');
  for (const addr of to)
    await deps.mailer.send({ to: addr, subject: `【自动规则】${rule.name}：${done.length} 个计划${actionText(rule.action)}`, text });
}

/**
 * Evaluate one due rule for its slot from what its batch read (`now`: when it was read), act as its author, and
 * record the result in words; returns the plans acted on (or notified), and whether a platform was called.
 */
export async function runRule(
  deps: Deps,
  due: { rule: Rule; slot: number; author: Actor; reads: RuleReads },
  users: ReadonlyMap<number, UserRow>,
  now: number,
): Promise<{ count: number; sent: boolean }> {
  const { rule, slot } = due;
  const ev = verdictsOf(rule, due.reads, now);
  const acting = ev.verdicts.filter((v) => v.verdict === 'act');
  const waiting = ev.verdicts.filter((v) => v.verdict === 'wait');
  const { done, sent } = acting.length ? await act(deps, rule, slot, acting, due.author) : { done: [], sent: false };
  await notify(deps, rule, done, users);
  const counts = (o: string) => done.filter((d) => d.outcome === o).length;
  const parts = [
    `评估 ${ev.verdicts.length} 个计划，命中 ${ev.verdicts.filter((v) => v.matched).length} 个`,
    done.length
      ? `执行 ${counts('applied')}、拒绝 ${counts('refused') + counts('reauth')}、通知 ${counts('notified') + counts('would')}`
      : '',
    waiting.length ? `${waiting.length} 个等待数据：${waiting[0]!.reason}` : '',
  ].filter(Boolean);
  await store.updateRule(deps.db, rule.id, { last_slot: slot, last_run_at: now, last_result: parts.join('；') });
  return { count: done.length, sent };
}
