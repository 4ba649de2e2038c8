import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../kernel/executor.ts';

/**
 * The ads feature's read API for the admin, UDSmart and links areas: advertiser accounts and their authorisation
 * state, and sums of the ad report facts (`ad_facts_daily`) grouped as a screen needs them. Read-only.
 */

export interface AccountRef {
  platform: number;
  advertiser_id: string;
}

export interface FactsFilter {
  /** China-day starts, epoch seconds, both inclusive. */
  fromDay: number;
  toDay: number;
  customerIds?: readonly number[];
  platform?: number;
  /** Only these advertiser accounts (UDSmart); an empty list matches nothing. */
  accounts?: readonly AccountRef[];
  pageid?: string;
}

export type AdGroupKey = 'day' | 'platform' | 'customerid' | 'pageid' | 'advertiser_id';
export interface AdSumRow {
  day: number;
  platform: number;
  customerid: number;
  pageid: string;
  advertiser_id: string;
  costFen: number;
  shows: number;
  clicks: number;
  conversions: number;
}

/** `(platform = p and advertiser_id in (…)) or …` for a set of accounts; false for none. */
export function accountsMatch<T extends 'ad_facts_daily' | 'ad_accounts'>(
  eb: ExpressionBuilder<Database, T>,
  accounts: readonly AccountRef[],
) {
  const byPlatform = new Map<number, string[]>();
  for (const a of accounts) byPlatform.set(a.platform, [...(byPlatform.get(a.platform) ?? []), a.advertiser_id]);
  if (byPlatform.size === 0) return sql<boolean>`1 = 0`;
  const e = eb as unknown as ExpressionBuilder<Database, 'ad_facts_daily'>;
  return e.or([...byPlatform].map(([p, ids]) => e.and([e('platform', '=', p), e('advertiser_id', 'in', ids)])));
}

/** Ad facts summed over the filter, one row per value of `by` (the other keys read 0 / ''). */
export async function adSums(db: Executor, f: FactsFilter, by: readonly AdGroupKey[]): Promise<AdSumRow[]> {
  let q = db.selectFrom('ad_facts_daily').where('day', '>=', f.fromDay).where('day', '<=', f.toDay);
  if (f.customerIds) q = q.where('customerid', 'in', f.customerIds.length ? [...f.customerIds] : [-1]);
  if (f.platform !== undefined) q = q.where('platform', '=', f.platform);
  if (f.pageid !== undefined) q = q.where('pageid', '=', f.pageid);
  if (f.accounts) {
    const accounts = f.accounts;
    q = q.where((eb) => accountsMatch(eb, accounts));
  }
  const rows = await q
    .select((eb) => [
      eb.fn.sum<number>('cost_fen').as('cost'),
      eb.fn.sum<number>('shows').as('shows'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .select(by)
    .$if(by.length > 0, (qb) => qb.groupBy(by))
    .execute();
  return rows.map((r) => {
    const g = r as Partial<Record<AdGroupKey, number | string>>;
    return {
      day: Number(g.day ?? 0),
      platform: Number(g.platform ?? 0),
      customerid: Number(g.customerid ?? 0),
      pageid: String(g.pageid ?? ''),
      advertiser_id: String(g.advertiser_id ?? ''),
      costFen: Number(r.cost ?? 0),
      shows: Number(r.shows ?? 0),
      clicks: Number(r.clicks ?? 0),
      conversions: Number(r.conversions ?? 0),
    };
  });
}

/** (day, platform, customer) triples that spent or showed something (active customers). */
export const activeAdCustomers = (db: Executor, fromDay: number, toDay: number) =>
  db
    .selectFrom('ad_facts_daily')
    .select(['day', 'platform', 'customerid'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .where((eb) => eb.or([eb('cost_fen', '>', 0), eb('shows', '>', 0)]))
    .groupBy(['day', 'platform', 'customerid'])
    .execute();

/** Authorisations that need the customer to authorise again (`ad_auths.state = 'reauth'`). */
export async function reauthAuths(db: Executor, limit: number, offset: number) {
  const q = db.selectFrom('ad_auths').where('state', '=', 'reauth');
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select(['id', 'platform', 'customerid', 'platform_user_id', 'last_error', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const accounts = rows.length
    ? await db
        .selectFrom('ad_accounts')
        .select(['auth_id', 'advertiser_id', 'name'])
        .where(
          'auth_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return { rows: rows.map((r) => ({ ...r, accounts: accounts.filter((a) => a.auth_id === r.id) })), total };
}

export type AdAccountRow = Awaited<ReturnType<typeof accountsWhere>>[number];

/** Advertiser accounts with their authorisation's state, by ids and/or platforms and a search. */
export function accountsWhere(
  db: Executor,
  f: { ids?: readonly number[]; platforms?: readonly number[]; exact?: string; customerIds?: readonly number[] },
) {
  let q = db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select([
      'ad_accounts.id',
      'ad_accounts.platform',
      'ad_accounts.advertiser_id',
      'ad_accounts.name',
      'ad_accounts.customerid',
      'ad_accounts.active',
      'ad_accounts.last_sync_at',
      'ad_accounts.last_sync_error',
      'ad_auths.state as auth_state',
    ]);
  if (f.ids) q = q.where('ad_accounts.id', 'in', f.ids.length ? [...f.ids] : [-1]);
  if (f.platforms) q = q.where('ad_accounts.platform', 'in', [...f.platforms]);
  if (f.customerIds) q = q.where('ad_accounts.customerid', 'in', f.customerIds.length ? [...f.customerIds] : [-1]);
  if (f.exact) {
    const like = `%${f.exact.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(ad_accounts.name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(ad_accounts.advertiser_id)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  return q.orderBy('ad_accounts.id').limit(2000).execute();
}

/** An account's state for people: the authorisation's, or inactive once dropped from the grant. */
export const accountState = (a: { active: number; auth_state: string }): string => (a.active === 1 ? a.auth_state : 'inactive');
