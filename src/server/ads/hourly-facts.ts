import type { Executor } from '../kernel/executor.ts';

/**
 * The ads feature's read API over its hourly report facts and entities, for summaries outside the feature (the
 * hourly report e-mail): sums, top plans, plans refused in audit, authorisations needing re-authorisation.
 * `customers` null = every customer (admins); hours are hour starts (epoch seconds), both ends included.
 */
export type Customers = readonly number[] | null;

const inScope = (customers: Customers) => (customers === null ? null : customers.length ? [...customers] : [-1]);

export async function adSumsByPlatform(db: Executor, customers: Customers, fromHour: number, toHour: number) {
  let q = db
    .selectFrom('ad_facts_hourly')
    .select((eb) => [
      'platform',
      eb.fn.sum<number>('cost_fen').as('cost_fen'),
      eb.fn.sum<number>('shows').as('shows'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .where('hour', '>=', fromHour)
    .where('hour', '<=', toHour);
  const scope = inScope(customers);
  if (scope) q = q.where('customerid', 'in', scope);
  const rows = await q.groupBy('platform').execute();
  return rows.map((r) => ({
    platform: Number(r.platform),
    costFen: Number(r.cost_fen ?? 0),
    shows: Number(r.shows ?? 0),
    clicks: Number(r.clicks ?? 0),
    conversions: Number(r.conversions ?? 0),
  }));
}

/** Plans (or links, by `pageid`) with the highest cost in the span. */
export async function topAdCost(db: Executor, customers: Customers, fromHour: number, toHour: number, by: 'plan' | 'link', limit: number) {
  let q = db.selectFrom('ad_facts_hourly').where('hour', '>=', fromHour).where('hour', '<=', toHour).where('cost_fen', '>', 0);
  const scope = inScope(customers);
  if (scope) q = q.where('customerid', 'in', scope);
  if (by === 'link') q = q.where('pageid', '!=', '');
  const rows = await (by === 'plan'
    ? q.select(['platform', 'plan_id as key']).groupBy(['platform', 'plan_id'])
    : q.select([(eb) => eb.val(0).as('platform'), 'pageid as key']).groupBy('pageid')
  )
    .select((eb) => [
      eb.fn.sum<number>('cost_fen').as('cost_fen'),
      eb.fn.sum<number>('shows').as('shows'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .orderBy('cost_fen', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    platform: Number(r.platform),
    key: String(r.key),
    costFen: Number(r.cost_fen ?? 0),
    shows: Number(r.shows ?? 0),
    clicks: Number(r.clicks ?? 0),
    conversions: Number(r.conversions ?? 0),
  }));
}

/** Plan names and their links by (platform, plan id). */
export async function planNames(db: Executor, plans: ReadonlyArray<{ platform: number; key: string }>) {
  const names = new Map<string, { name: string; advertiser_id: string }>();
  if (plans.length === 0) return names;
  const rows = await db
    .selectFrom('ad_entities')
    .select(['platform', 'entity_id', 'name', 'advertiser_id'])
    .where('level', '=', 'plan')
    .where(
      'entity_id',
      'in',
      plans.map((p) => p.key),
    )
    .execute();
  for (const r of rows) names.set(`${r.platform}:${r.entity_id}`, { name: r.name, advertiser_id: r.advertiser_id });
  return names;
}

/** Plans the platform refused in audit (normalised status 'rejected'), most recently synced first. */
export async function rejectedPlans(db: Executor, customers: Customers, limit: number) {
  let q = db
    .selectFrom('ad_entities')
    .select(['platform', 'advertiser_id', 'entity_id', 'name', 'updated_at'])
    .where('level', '=', 'plan')
    .where('status', '=', 'rejected');
  const scope = inScope(customers);
  if (scope) q = q.where('customerid', 'in', scope);
  return q.orderBy('updated_at', 'desc').limit(limit).execute();
}

/** Advertiser accounts whose authorisation needs re-authorising (state 'reauth'). */
export async function accountsNeedingReauth(db: Executor, customers: Customers, limit: number) {
  let q = db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select(['ad_accounts.platform', 'ad_accounts.advertiser_id', 'ad_accounts.name', 'ad_auths.last_error'])
    .where('ad_auths.state', '=', 'reauth')
    .where('ad_accounts.active', '=', 1);
  const scope = inScope(customers);
  if (scope) q = q.where('ad_accounts.customerid', 'in', scope);
  return q.orderBy('ad_accounts.id').limit(limit).execute();
}
