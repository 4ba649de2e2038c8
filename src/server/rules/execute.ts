/**
 * The rules job's work (docs/rules.md#execution): each enabled rule whose schedule slot has come is evaluated
 * once per slot; every plan it acts on is first claimed in `rule_events` (unique per rule, plan and slot — a second
 * node or a re-run finds the claim and does nothing), then changed through the promotion feature's `applyChanges`,
 * the same path as a person's change (same change log, naming the rule; same refusals; same platform limits).
 * A refusal or a dead authorisation is recorded and notified and not retried that day.
 */

import { channelLabel } from '../../shared/catalog.ts';
import { chinaDateTime, chinaDayStart } from '../../shared/china-clock.ts';
import { Code, defaultMessage } from '../../shared/codes.ts';
import type { PromoteChannel } from '../../shared/promote.ts';
import { actionText, ruleText } from '../../shared/rule-text.ts';
import { findUserById } from '../accounts/lookup.ts';
import { accountFreshness } from '../ads/lookup.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobResult } from '../jobs/types.ts';
import { errorFields, log } from '../kernel/log.ts';
import { applyChanges } from '../promotion/changes.ts';
import { authorOf } from './author.ts';
import { evaluate, type Verdict } from './evaluate.ts';
import { type Rule, ruleOf, slotOf } from './model.ts';
import * as store from './store.ts';

interface Done {
  verdict: Verdict;
  outcome: string;
  message: string;
}

async function act(
  deps: Deps,
  rule: Rule,
  slot: number,
  acting: Verdict[],
  author: NonNullable<Awaited<ReturnType<typeof authorOf>>>,
): Promise<Done[]> {
  const now = deps.clock.now();
  const dry = rule.notify_only || rule.action.kind === 'notify';
  const claimed: Array<{ id: number; v: Verdict }> = [];
  for (const v of acting) {
    const id = await store.claimEvent(deps.db, {
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
    });
    if (id !== null) claimed.push({ id, v });
  }
  if (dry)
    return claimed.map(({ v }) => ({ verdict: v, outcome: rule.action.kind === 'notify' ? 'notified' : 'would', message: v.reason }));
  const out: Done[] = [];
  // One call for a switch of many plans (as a person's batch), one per plan for budgets and bids (each its own value).
  const groups = rule.action.kind === 'pause' || rule.action.kind === 'resume' ? [claimed] : claimed.map((c) => [c]);
  for (const group of groups) {
    if (!group.length || !group[0]!.v.target) continue;
    let result: Awaited<ReturnType<typeof applyChanges>>;
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
  return out;
}

const OUTCOME_WORDS: Record<string, string> = {
  applied: '已执行',
  refused: '平台拒绝',
  reauth: '需要重新授权',
  notified: '通知',
  would: '仅通知（未执行）',
};

async function notify(deps: Deps, rule: Rule, done: Done[]): Promise<void> {
  if (!rule.notify_email || !done.length) return;
  const to = new Set<string>();
  for (const id of [rule.customerid, rule.created_by]) {
    const u = await findUserById(deps.db, id);
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

/** Evaluate one due rule for its slot; returns the plans acted on (or notified), and records the result in words. */
export async function runRule(deps: Deps, rule: Rule, slot: number): Promise<number> {
  const now = deps.clock.now();
  const author = await authorOf(deps, rule);
  if (!author) {
    await store.updateRule(deps.db, rule.id, { last_slot: slot, last_run_at: now, last_result: '规则作者的账号已停用，规则不执行' });
    return 0;
  }
  const ev = await evaluate(deps, rule, rule.id, now);
  const acting = ev.verdicts.filter((v) => v.verdict === 'act');
  const waiting = ev.verdicts.filter((v) => v.verdict === 'wait');
  const done = acting.length ? await act(deps, rule, slot, acting, author) : [];
  await notify(deps, rule, done);
  const counts = (o: string) => done.filter((d) => d.outcome === o).length;
  const parts = [
    `评估 ${ev.verdicts.length} 个计划，命中 ${ev.verdicts.filter((v) => v.matched).length} 个`,
    done.length
      ? `执行 ${counts('applied')}、拒绝 ${counts('refused') + counts('reauth')}、通知 ${counts('notified') + counts('would')}`
      : '',
    waiting.length ? `${waiting.length} 个等待数据：${waiting[0]!.reason}` : '',
  ].filter(Boolean);
  await store.updateRule(deps.db, rule.id, { last_slot: slot, last_run_at: now, last_result: parts.join('；') });
  return done.length;
}

/** One tick of the rules job: every enabled rule whose slot has come, one after another, yielding between them. */
export async function runDueRules(deps: Deps, ctx: Pick<JobContext, 'signal' | 'yield'>): Promise<JobResult> {
  let rows = 0;
  let failed = 0;
  for (const row of await store.enabledRules(deps.db)) {
    if (ctx.signal.aborted) break;
    const rule = ruleOf(row);
    const now = deps.clock.now();
    const slot = slotOf(rule.schedule, now);
    if (slot <= Number(row.last_slot) || (rule.schedule.kind === 'times' && slot < Number(row.created_at))) continue;
    try {
      rows += await runRule(deps, rule, slot);
    } catch (err) {
      failed += 1;
      log.error('rule evaluation failed', { rule: rule.id, ...errorFields(err) });
      await store.updateRule(deps.db, rule.id, {
        last_slot: slot,
        last_run_at: now,
        last_result: `评估失败：${err instanceof Error ? err.message : '未知错误'}`,
      });
    }
    await ctx.yield();
  }
  return failed ? { rows, error: `${failed} 条规则评估失败（见各规则的最近结果）` } : { rows };
}
