import type { Executor } from '../kernel/executor.ts';

/**
 * The ads feature's read API for what needs attention (the hourly report e-mail): plans refused in audit and
 * authorisations needing re-authorisation. `customers` null = every customer (admins). Sums are the read model's.
 */
export type Customers = readonly number[] | null;

const inScope = (customers: Customers) => (customers === null ? null : customers.length ? [...customers] : [-1]);

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
