/**
 * Evaluations of rules over their plans now (the dry run and the job alike): freshness first — a rule waits while
 * the account's report sync or the order sync is behind by more than its limit, or the account needs
 * re-authorisation — then each plan's values through `metrics.ts` and its verdict through `judge.ts`. What the rules
 * read (`readRules`) is read for many rules at once, in a few queries; each rule is then judged on its own
 * (`verdictsOf`), so the job's batch and the dry run's single rule give the same verdicts.
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { windowText } from '../../shared/rule-text.ts';
import type { RuleInput, RulePreview } from '../../shared/rules.ts';
import { accountFreshness } from '../ads/lookup.ts';
import { AFFILIATE_UNIONS } from '../connectors/affiliate.ts';
import type { Deps } from '../deps.ts';
import type { FactRow } from '../facts/sums.ts';
import { cursorsOf } from '../jobs/lookup.ts';
import type { Target } from '../promotion/changes.ts';
import type { EntityRow } from '../promotion/store.ts';
import type { PlanClickQuality } from '../tracking/lookup.ts';
import { judge, type PlanHistory } from './judge.ts';
import { invalidShareOf, plansInScopes, planValuesOf, sumKeyOf, type Watch, windowSums, windowTraffic } from './metrics.ts';
import { eventsOfDay } from './store.ts';

const ORDER_METRICS = new Set(['ordernum', 'order_price', 'order_price_pay', 'roi', 'pay_roi']);
const ORDER_JOB = 'order-sync';

export type Verdict = RulePreview['list'][number] & { target?: Target; plan: EntityRow };
export interface Evaluation {
  window: string;
  waiting: string;
  verdicts: Verdict[];
}

type EvaluatedRule = RuleInput & { customerid: number };
type Account = Awaited<ReturnType<typeof accountFreshness>>[number];

/** What one rule's verdicts need, read with a batch of rules (the maps are shared by the batch). */
export interface RuleReads {
  plans: EntityRow[];
  /** The window's sums per customer and plan (`sumKeyOf`). */
  sums: Map<string, FactRow>;
  /** The window's monitored clicks per plan (`channel:plan id`), read only when a rule of the batch has `invalid_click_share`. */
  traffic: Map<string, PlanClickQuality>;
  /** Accounts of the rule's channel by advertiser id. */
  accounts: Map<string, Account>;
  /** The order sync's watermark per enabled union (empty when no union is enabled). */
  orderCursors: Map<string, number>;
  /** The rule's actions today per plan (limits); a draft has none. */
  history: Map<string, PlanHistory>;
}

/** Why the order sync's data is too old for this rule ('' when fresh enough or the rule reads no orders). */
function ordersWaiting(rule: RuleInput, cursors: Map<string, number>, now: number): string {
  if (!rule.conditions.some((c) => ORDER_METRICS.has(c.metric)) || !cursors.size) return '';
  const oldest = Math.min(...cursors.values());
  const lag = now - oldest;
  if (lag <= rule.max_lag_minutes * 60) return '';
  return oldest === 0
    ? '订单尚未同步，规则等待数据'
    : `订单同步落后 ${Math.round(lag / 60)} 分钟（上限 ${rule.max_lag_minutes} 分钟），规则等待数据`;
}

/** Why an account's reports are too old or its authorisation unusable ('' when fine). */
function accountWaiting(a: Account | undefined, rule: RuleInput, now: number): string {
  if (!a) return '账户不存在或已解除授权';
  const synced = Number(a.report_synced_to);
  const lag = now - synced;
  if (a.state !== 'active' || Number(a.active) !== 1) return '账户需要重新授权，规则暂停对该账户执行';
  if (lag <= rule.max_lag_minutes * 60) return '';
  return synced === 0
    ? '账户报表尚未同步，规则等待数据'
    : `账户报表同步落后 ${Math.round(lag / 60)} 分钟（上限 ${rule.max_lag_minutes} 分钟），规则等待数据`;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const list = out.get(key(t));
    if (list) list.push(t);
    else out.set(key(t), [t]);
  }
  return out;
}

/**
 * What these rules read now, in a few queries whatever their number: their plans (per channel and scope kind), the
 * order sync's watermarks, their accounts (per channel), their windows' sums (per channel and window) and today's
 * audit rows of the saved ones.
 */
export async function readRules(
  deps: Deps,
  items: ReadonlyArray<{ rule: EvaluatedRule; ruleId: number | null }>,
  now: number,
): Promise<RuleReads[]> {
  const plans = await plansInScopes(
    deps,
    items.map((i): Watch => i.rule),
  );
  const indexed = items.map((item, i) => ({ ...item, plans: plans[i]! }));
  const orderCursors = new Map<string, number>();
  const unions = items.some((i) => i.rule.conditions.some((c) => ORDER_METRICS.has(c.metric)))
    ? AFFILIATE_UNIONS.filter((u) => deps.unions.enabled[u])
    : [];
  if (unions.length) {
    const cursors = new Map((await cursorsOf(deps.db, ORDER_JOB)).map((c) => [c.key, Number(c.value)]));
    for (const u of unions) orderCursors.set(u, cursors.get(u) ?? 0);
  }
  const accounts = new Map<number, Map<string, Account>>();
  for (const [platform, group] of groupBy(indexed, (i) => String(i.rule.acpl))) {
    const rows = await accountFreshness(deps.db, Number(platform), [...new Set(group.flatMap((i) => i.plans.map((p) => p.advertiser_id)))]);
    accounts.set(Number(platform), new Map(rows.map((a) => [a.advertiser_id, a])));
  }
  const sums = new Map<string, Map<string, FactRow>>();
  const traffic = new Map<string, Map<string, PlanClickQuality>>();
  const windowKey = (r: EvaluatedRule) => `${r.acpl}|${r.window.kind}|${r.window.n}`;
  for (const [key, group] of groupBy(indexed, (i) => windowKey(i.rule))) {
    const { acpl, window } = group[0]!.rule;
    const customers = [...new Set(group.map((i) => i.rule.customerid))];
    const planIds = [...new Set(group.flatMap((i) => i.plans.map((p) => p.entity_id)))];
    sums.set(key, planIds.length ? await windowSums(deps, acpl, window, now, customers, planIds) : new Map());
    // the monitored clicks only for the rules that read the invalid share
    const reading = group.filter((i) => i.rule.conditions.some((c) => c.metric === 'invalid_click_share'));
    const plansOf = new Map(reading.flatMap((i) => i.plans.map((p) => [p.entity_id, p] as const)));
    traffic.set(
      key,
      plansOf.size
        ? await windowTraffic(deps, window, now, [...new Set(reading.map((i) => i.rule.customerid))], [...plansOf.values()])
        : new Map(),
    );
  }
  const history = await historyOf(
    deps,
    items.flatMap((i) => (i.ruleId === null ? [] : [i.ruleId])),
    now,
  );
  return indexed.map((i) => ({
    plans: i.plans,
    sums: sums.get(windowKey(i.rule))!,
    traffic: traffic.get(windowKey(i.rule))!,
    accounts: accounts.get(i.rule.acpl)!,
    orderCursors,
    history: (i.ruleId !== null && history.get(i.ruleId)) || new Map(),
  }));
}

/** Today's history of saved rules per plan (limits), one read. */
async function historyOf(deps: Deps, ruleIds: number[], now: number): Promise<Map<number, Map<string, PlanHistory>>> {
  const out = new Map<number, Map<string, PlanHistory>>();
  if (!ruleIds.length) return out;
  for (const e of await eventsOfDay(deps.db, ruleIds, chinaDayStart(now))) {
    const rule = out.get(Number(e.rule_id)) ?? new Map<string, PlanHistory>();
    const h = rule.get(e.plan_id) ?? { count: 0, lastAt: 0, refused: false };
    h.count += 1;
    h.lastAt = Math.max(h.lastAt, Number(e.at));
    if (e.outcome === 'refused' || e.outcome === 'reauth') h.refused = true;
    rule.set(e.plan_id, h);
    out.set(Number(e.rule_id), rule);
  }
  return out;
}

/** One rule's verdicts from what was read for it: those that act first, then wait, skip, none. */
export function verdictsOf(rule: EvaluatedRule, reads: RuleReads, now: number): Evaluation {
  const waitingOrders = ordersWaiting(rule, reads.orderCursors, now);
  const verdicts = reads.plans.map((p): Verdict => {
    const share = invalidShareOf(reads.traffic.get(`${rule.acpl}:${p.entity_id}`));
    const values = planValuesOf(reads.sums.get(sumKeyOf(rule.customerid, p.entity_id)), p.budget_fen, share);
    const v = judge(rule, p, values, reads.history.get(p.entity_id), now);
    if (v.verdict !== 'act') return { ...v, plan: p };
    const wait = waitingOrders || accountWaiting(reads.accounts.get(p.advertiser_id), rule, now);
    return wait ? { ...v, verdict: 'wait', reason: wait, target: undefined, plan: p } : { ...v, plan: p };
  });
  const order = { act: 0, wait: 1, skip: 2, none: 3 };
  verdicts.sort((a, b) => order[a.verdict] - order[b.verdict]);
  return { window: windowText(rule.window), waiting: waitingOrders, verdicts };
}

/** One rule now (the dry run): a batch of one. */
export async function evaluate(deps: Deps, rule: EvaluatedRule, ruleId: number | null, now: number): Promise<Evaluation> {
  const [reads] = await readRules(deps, [{ rule, ruleId }], now);
  return verdictsOf(rule, reads!, now);
}
