/**
 * Plans' monitored clicks, valid and invalid by reason (docs/api-tracking.md "Invalid traffic"): the one read behind
 * the promotion list's invalid share, the plan detail's, the rules' `invalid_click_share` and the hourly e-mail's
 * flags. A plan is read through the link it drives (its own or its bound one); a plan without a link has no clicks.
 */
import type { Span } from '../../shared/span.ts';
import type { Executor } from '../kernel/executor.ts';
import { type PlanClickQuality, planClickQuality } from '../tracking/lookup.ts';
import type { EntityRow } from './store.ts';

export interface PlanLink {
  channel: number;
  /** The plan's id on its channel. */
  aid: string;
  pageid: string;
}

/** The link a plan drives ('' when none). */
export const planLinkOf = (e: Pick<EntityRow, 'platform' | 'entity_id' | 'pageid' | 'bound_pageid'>): PlanLink => ({
  channel: Number(e.platform),
  aid: e.entity_id,
  pageid: e.pageid || e.bound_pageid || '',
});

/** Per plan (`channel:aid`, as `sumKey`) its clicks over the span; plans with no monitored click are absent. */
export function plansTraffic(
  db: Executor,
  customers: readonly number[] | null,
  plans: readonly PlanLink[],
  span: Span,
): Promise<Map<string, PlanClickQuality>> {
  const linked = plans.filter((p) => p.pageid !== '');
  const pageids = [...new Set(linked.map((p) => p.pageid))];
  return planClickQuality(db, { customers, pageids, plans: linked.map((p) => ({ channel: p.channel, aid: p.aid })) }, span.from, span.to);
}
