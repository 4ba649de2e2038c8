/**
 * The rules' audit trail as people read it (docs/rules.md "Audit"): the history list (`/capi/napi/rules/history`)
 * and its export (`exports/kinds/rule-events.ts`) read the same rows through the same mapping, in the caller's tenants.
 */
import { OUTCOME_LABELS, type RuleEvent } from '../../shared/rules.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { promoteScope } from '../promotion/scope.ts';
import * as store from './store.ts';

export interface HistoryFilters {
  id?: number;
  acpl?: number;
  plan_id?: string;
}

const filterOf = (f: HistoryFilters): store.EventFilter => ({ ruleId: f.id, platform: f.acpl, planId: f.plan_id });

type EventRow = Awaited<ReturnType<typeof store.eventRows>>[number];

const eventOf = (r: EventRow): RuleEvent => ({
  id: Number(r.id),
  rule_id: Number(r.rule_id),
  rule_name: r.rule_name,
  rule_version: Number(r.rule_version),
  channel: Number(r.platform),
  advertiser_id: r.advertiser_id,
  plan_id: r.plan_id,
  plan_name: r.plan_name,
  values: JSON.parse(r.matched || '{}') as Record<string, number | null>,
  action: r.action,
  before: r.before,
  after: r.after,
  outcome: r.outcome,
  outcome_label: OUTCOME_LABELS[r.outcome] ?? r.outcome,
  message: r.message,
  change_id: Number(r.change_id),
  author: r.author_company || r.author_email || `#${r.author_id}`,
  at: Number(r.at),
});

export async function ruleHistory(deps: Deps, actor: Actor, input: HistoryFilters & { page: number; pagesize: number }) {
  const scope = await promoteScope(deps.db, actor);
  const f = filterOf(input);
  const [total, rows] = await Promise.all([
    store.countEvents(deps.db, scope, f),
    store.eventRows(deps.db, scope, f, input.pagesize, { offset: (input.page - 1) * input.pagesize }),
  ]);
  return { list: rows.map(eventOf), total };
}

export const countHistory = async (deps: Deps, actor: Actor, input: HistoryFilters): Promise<number> =>
  store.countEvents(deps.db, await promoteScope(deps.db, actor), filterOf(input));

/** The whole history for these filters, newest first, `size` rows a page (keyset on the id: no row twice or lost). */
export async function* historyPages(deps: Deps, actor: Actor, input: HistoryFilters, size = 1000): AsyncIterable<RuleEvent[]> {
  const scope = await promoteScope(deps.db, actor);
  const f = filterOf(input);
  let at: { offset: number } | { beforeId: number } = { offset: 0 };
  for (;;) {
    const rows = await store.eventRows(deps.db, scope, f, size, at);
    if (rows.length) yield rows.map(eventOf);
    if (rows.length < size) return;
    at = { beforeId: Number(rows[rows.length - 1]!.id) };
  }
}
