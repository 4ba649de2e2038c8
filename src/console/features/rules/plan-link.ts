/**
 * The plan page a rule's history row acted on: `/promotion/plan/{id}?acpl={channel}` for customers and agents,
 * `/newsxA/client/plan/{id}?acpl={channel}` for admins (both the promotion feature's `promotion.plan` screen).
 * Rules only ever act on plans, so the level is always the plan.
 */
export const rulePlanPath = (admin: boolean, e: { channel: number; plan_id: string }): string =>
  `${admin ? '/newsxA/client' : '/promotion'}/plan/${encodeURIComponent(e.plan_id)}?acpl=${e.channel}`;
