import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/**
 * The ads feature's read API for the admin, UDSmart and links areas: advertiser accounts and their authorisation
 * state. Read-only. (Sums of the ad report facts are the read model's: src/server/facts/.)
 */

export interface AccountRef {
  platform: number;
  advertiser_id: string;
}

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
