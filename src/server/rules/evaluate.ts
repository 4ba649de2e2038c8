/**
 * One evaluation of a rule over its plans now (the dry run and the job alike): freshness first — the rule waits
 * while the account's report sync or the order sync is behind by more than its limit, or the account needs
 * re-authorisation — then each plan's values through `metrics.ts` and its verdict through `judge.ts`.
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { windowText } from '../../shared/rule-text.ts';
import type { RuleInput, RulePreview } from '../../shared/rules.ts';
import { accountFreshness } from '../ads/lookup.ts';
import { AFFILIATE_UNIONS } from '../connectors/affiliate.ts';
import type { Deps } from '../deps.ts';
import { cursorsOf } from '../jobs/lookup.ts';
import type { Target } from '../promotion/changes.ts';
import type { EntityRow } from '../promotion/store.ts';
import { judge, type PlanHistory } from './judge.ts';
import { plansInScope, planValues } from './metrics.ts';
import { eventsOfDay } from './store.ts';

const ORDER_METRICS = new Set(['ordernum', 'order_price', 'order_price_pay', 'roi', 'pay_roi']);
const ORDER_JOB = 'order-sync';

export type Verdict = RulePreview['list'][number] & { target?: Target; plan: EntityRow };
export interface Evaluation {
  window: string;
  waiting: string;
  verdicts: Verdict[];
}

/** Why the order sync's data is too old for this rule ('' when fresh enough or the rule reads no orders). */
async function ordersWaiting(deps: Deps, rule: RuleInput, now: number): Promise<string> {
  if (!rule.conditions.some((c) => ORDER_METRICS.has(c.metric))) return '';
  const enabled = AFFILIATE_UNIONS.filter((u) => deps.unions.enabled[u]);
  if (!enabled.length) return '';
  const cursors = new Map((await cursorsOf(deps.db, ORDER_JOB)).map((c) => [c.key, Number(c.value)]));
  const oldest = Math.min(...enabled.map((u) => cursors.get(u) ?? 0));
  const lag = now - oldest;
  if (lag <= rule.max_lag_minutes * 60) return '';
  return oldest === 0
    ? '订单尚未同步，规则等待数据'
    : `订单同步落后 ${Math.round(lag / 60)} 分钟（上限 ${rule.max_lag_minutes} 分钟），规则等待数据`;
}

/** Per account: why its reports are too old or its authorisation unusable ('' when fine). */
async function accountsWaiting(deps: Deps, rule: RuleInput, plans: EntityRow[], now: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const a of await accountFreshness(
    deps.db,
    rule.acpl,
    plans.map((p) => p.advertiser_id),
  )) {
    const synced = Number(a.report_synced_to);
    const lag = now - synced;
    if (a.state !== 'active' || Number(a.active) !== 1) out.set(a.advertiser_id, '账户需要重新授权，规则暂停对该账户执行');
    else if (lag > rule.max_lag_minutes * 60)
      out.set(
        a.advertiser_id,
        synced === 0
          ? '账户报表尚未同步，规则等待数据'
          : `账户报表同步落后 ${Math.round(lag / 60)} 分钟（上限 ${rule.max_lag_minutes} 分钟），规则等待数据`,
      );
    else out.set(a.advertiser_id, '');
  }
  return out;
}

/** Today's history of a saved rule per plan (limits); a draft has none. */
async function historyOf(deps: Deps, ruleId: number | null, now: number): Promise<Map<string, PlanHistory>> {
  const out = new Map<string, PlanHistory>();
  if (ruleId === null) return out;
  for (const e of await eventsOfDay(deps.db, ruleId, chinaDayStart(now))) {
    const h = out.get(e.plan_id) ?? { count: 0, lastAt: 0, refused: false };
    h.count += 1;
    h.lastAt = Math.max(h.lastAt, Number(e.at));
    if (e.outcome === 'refused' || e.outcome === 'reauth') h.refused = true;
    out.set(e.plan_id, h);
  }
  return out;
}

export async function evaluate(
  deps: Deps,
  rule: RuleInput & { customerid: number },
  ruleId: number | null,
  now: number,
): Promise<Evaluation> {
  const window = windowText(rule.window);
  const plans = await plansInScope(deps, rule.customerid, rule.acpl, rule.scope);
  const waitingOrders = await ordersWaiting(deps, rule, now);
  const accounts = await accountsWaiting(deps, rule, plans, now);
  const [values, history] = await Promise.all([
    planValues(deps, rule.customerid, rule.acpl, plans, rule.window, now),
    historyOf(deps, ruleId, now),
  ]);
  const verdicts = plans.map((p): Verdict => {
    const v = judge(rule, p, values.get(p.entity_id)!, history.get(p.entity_id), now);
    const wait = waitingOrders || accounts.get(p.advertiser_id) || (accounts.has(p.advertiser_id) ? '' : '账户不存在或已解除授权');
    if (wait && v.verdict === 'act') return { ...v, verdict: 'wait', reason: wait, target: undefined, plan: p };
    return { ...v, plan: p };
  });
  const order = { act: 0, wait: 1, skip: 2, none: 3 };
  verdicts.sort((a, b) => order[a.verdict] - order[b.verdict]);
  return { window, waiting: waitingOrders, verdicts };
}
