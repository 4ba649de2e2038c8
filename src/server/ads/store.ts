import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import { type AuthStatus, EXPIRING_SECONDS } from '../../shared/ad-auth.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../kernel/executor.ts';
import type { AdAuthsTable } from './tables.ts';

/** Authorisations and their advertiser accounts: queries only (OAuth states: oauth-states.ts). Sync writes are in store-sync.ts (entities, watermarks) and store-facts.ts (facts). */

export type AuthRow = Selectable<AdAuthsTable>;
/** `null` = every customer (admins); otherwise the customer ids the caller may see. */
export type Scope = number[] | null;

/** An advertiser account with its authorisation, as every call to the platform needs it. */
export const findAccountAuth = (db: Executor, platform: number, advertiserId: string) =>
  db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select([
      'ad_accounts.id as account_id',
      'ad_accounts.customerid',
      'ad_accounts.active',
      'ad_auths.id as auth_id',
      'ad_auths.state',
      'ad_auths.access_token_enc',
      'ad_auths.refresh_token_enc',
      'ad_auths.access_expires_at',
      'ad_auths.refresh_expires_at',
      'ad_auths.credentials_enc',
    ])
    .where('ad_accounts.platform', '=', platform)
    .where('ad_accounts.advertiser_id', '=', advertiserId)
    .executeTakeFirst();

export const findAuthTokens = (db: Executor, authId: number) =>
  db
    .selectFrom('ad_auths')
    .select(['id', 'state', 'access_token_enc', 'refresh_token_enc', 'access_expires_at', 'refresh_expires_at'])
    .where('id', '=', authId)
    .executeTakeFirst();

/**
 * Store refreshed tokens only if nobody refreshed in between (the refresh token rotates: two nodes refreshing
 * at once must not overwrite each other). Returns whether this write won.
 */
export async function swapTokens(
  db: Executor,
  authId: number,
  expectRefreshEnc: string,
  next: { access_token_enc: string; refresh_token_enc: string; access_expires_at: number; refresh_expires_at: number; updated_at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('ad_auths')
    .set({ ...next, state: 'active', last_error: '' })
    .where('id', '=', authId)
    .where('refresh_token_enc', '=', expectRefreshEnc)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markAuth(
  db: Executor,
  authId: number,
  state: 'active' | 'reauth' | 'cancelled',
  lastError: string,
  at: number,
): Promise<void> {
  await db.updateTable('ad_auths').set({ state, last_error: lastError, updated_at: at }).where('id', '=', authId).execute();
}

// ---- authorisations and accounts ----

export const findAuth = (db: Executor, id: number) => db.selectFrom('ad_auths').selectAll().where('id', '=', id).executeTakeFirst();

/** The customer's existing authorisation by the same platform user (a second consent renews it). */
export const findAuthOfUser = (db: Executor, customerid: number, platform: number, platformUserId: string) =>
  db
    .selectFrom('ad_auths')
    .selectAll()
    .where('customerid', '=', customerid)
    .where('platform', '=', platform)
    .where('platform_user_id', '=', platformUserId)
    .orderBy('id')
    .executeTakeFirst();

export async function insertAuth(db: Executor, row: Insertable<AdAuthsTable>): Promise<number> {
  return Number((await db.insertInto('ad_auths').values(row).returning('id').executeTakeFirstOrThrow()).id);
}
export async function updateAuth(db: Executor, id: number, patch: Partial<Insertable<AdAuthsTable>>): Promise<void> {
  await db.updateTable('ad_auths').set(patch).where('id', '=', id).execute();
}

/** Who holds these advertisers now, with their authorisation's state (a cancelled one holds nothing). */
export const holdersOf = (db: Executor, platform: number, advertiserIds: string[]) =>
  db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select(['ad_accounts.advertiser_id', 'ad_accounts.customerid', 'ad_accounts.name', 'ad_auths.state'])
    .where('ad_accounts.platform', '=', platform)
    .where('ad_accounts.advertiser_id', 'in', advertiserIds.length ? advertiserIds : [''])
    .execute();

/** Bind an advertiser to an authorisation (and its customer); keyed by platform and advertiser id. */
export async function upsertAccount(
  db: Executor,
  a: { auth_id: number; platform: number; advertiser_id: string; customerid: number; name: string; at: number },
): Promise<void> {
  await db
    .insertInto('ad_accounts')
    .values({
      auth_id: a.auth_id,
      platform: a.platform,
      advertiser_id: a.advertiser_id,
      customerid: a.customerid,
      name: a.name,
      active: 1,
      last_sync_at: 0,
      last_sync_error: '',
      report_synced_to: 0,
      created_at: a.at,
      updated_at: a.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['platform', 'advertiser_id'])
        .doUpdateSet({ auth_id: a.auth_id, customerid: a.customerid, name: a.name, active: 1, updated_at: a.at }),
    )
    .execute();
}

/** Accounts of an authorisation that the latest grant no longer covers stop syncing. */
export async function deactivateMissing(db: Executor, authId: number, keep: string[], at: number): Promise<void> {
  let q = db.updateTable('ad_accounts').set({ active: 0, updated_at: at }).where('auth_id', '=', authId);
  if (keep.length) q = q.where('advertiser_id', 'not in', keep);
  await q.execute();
}

/** Unbind: no tokens or credentials kept, every account stops syncing; synced entities and facts stay. */
export async function cancelAuth(db: Executor, id: number, at: number): Promise<void> {
  await db
    .updateTable('ad_auths')
    .set({
      state: 'cancelled',
      access_token_enc: '',
      refresh_token_enc: '',
      credentials_enc: '',
      access_expires_at: 0,
      last_error: '',
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
  await db.updateTable('ad_accounts').set({ active: 0, updated_at: at }).where('auth_id', '=', id).execute();
}

/** The SQL form of `authStatusOf` (view.ts): one status filter. */
export function statusIs(eb: ExpressionBuilder<Database, 'ad_auths'>, status: AuthStatus, now: number) {
  const soon = now + EXPIRING_SECONDS;
  const active = eb('ad_auths.state', '=', 'active');
  const endsAt = eb.ref('ad_auths.refresh_expires_at');
  switch (status) {
    case 'cancelled':
      return eb('ad_auths.state', '=', 'cancelled');
    case 'reauth':
      return eb.or([eb('ad_auths.state', '=', 'reauth'), eb.and([active, eb(endsAt, '>', 0), eb(endsAt, '<=', now)])]);
    case 'expiring':
      return eb.and([active, eb(endsAt, '>', now), eb(endsAt, '<', soon)]);
    case 'valid':
      return eb.and([active, eb.or([eb(endsAt, '=', 0), eb(endsAt, '>=', soon)])]);
  }
}

export interface AuthFilter {
  platform?: number;
  status?: AuthStatus;
  customerid?: number;
}

function authQuery(db: Executor, scope: Scope, f: AuthFilter, now: number) {
  let q = db.selectFrom('ad_auths');
  if (scope) q = q.where('ad_auths.customerid', 'in', scope.length ? scope : [-1]);
  if (f.customerid !== undefined) q = q.where('ad_auths.customerid', '=', f.customerid);
  if (f.platform !== undefined) q = q.where('ad_auths.platform', '=', f.platform);
  const status = f.status;
  if (status) q = q.where((eb) => statusIs(eb, status, now));
  return q;
}

export async function listAuths(db: Executor, scope: Scope, f: AuthFilter, now: number, page: { offset: number; limit: number }) {
  const q = authQuery(db, scope, f, now);
  const [rows, total] = await Promise.all([
    q.selectAll('ad_auths').orderBy('ad_auths.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Per customer and status: how many authorisations (the agent-wide summary). */
export async function countAuths(db: Executor, scope: Scope, f: AuthFilter, now: number, status: AuthStatus) {
  return authQuery(db, scope, { ...f, status }, now)
    .select(['ad_auths.customerid', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('ad_auths.customerid')
    .execute();
}

const accountColumns = [
  'ad_accounts.id',
  'ad_accounts.auth_id',
  'ad_accounts.platform',
  'ad_accounts.advertiser_id',
  'ad_accounts.name',
  'ad_accounts.customerid',
  'ad_accounts.active',
  'ad_accounts.last_sync_at',
  'ad_accounts.last_sync_error',
  'ad_accounts.report_synced_to',
  'ad_accounts.miniapp',
  'ad_auths.state',
  'ad_auths.refresh_expires_at',
] as const;

export interface AccountFilter extends AuthFilter {
  authIds?: number[];
  id?: number;
  /** Only these account types (mini-app promotion). */
  platforms?: readonly number[];
}

function accountQuery(db: Executor, scope: Scope, f: AccountFilter, now: number) {
  let q = db.selectFrom('ad_accounts').innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id');
  if (scope) q = q.where('ad_accounts.customerid', 'in', scope.length ? scope : [-1]);
  if (f.customerid !== undefined) q = q.where('ad_accounts.customerid', '=', f.customerid);
  if (f.platform !== undefined) q = q.where('ad_accounts.platform', '=', f.platform);
  if (f.platforms) q = q.where('ad_accounts.platform', 'in', [...f.platforms]);
  if (f.authIds) q = q.where('ad_accounts.auth_id', 'in', f.authIds.length ? f.authIds : [-1]);
  if (f.id !== undefined) q = q.where('ad_accounts.id', '=', f.id);
  const status = f.status;
  if (status)
    q = q.where(
      'ad_accounts.auth_id',
      'in',
      db
        .selectFrom('ad_auths')
        .select('ad_auths.id')
        .where((eb) => statusIs(eb, status, now)),
    );
  return q;
}

export type AccountRow = Awaited<ReturnType<typeof listAccounts>>['rows'][number];

export async function listAccounts(db: Executor, scope: Scope, f: AccountFilter, now: number, page: { offset: number; limit: number }) {
  const q = accountQuery(db, scope, f, now);
  const [rows, total] = await Promise.all([
    q.select(accountColumns).orderBy('ad_accounts.platform').orderBy('ad_accounts.id').offset(page.offset).limit(page.limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function setMiniapp(db: Executor, id: number, miniapp: number, at: number): Promise<void> {
  await db.updateTable('ad_accounts').set({ miniapp, updated_at: at }).where('id', '=', id).execute();
}

export interface AccountKey {
  platform: number;
  advertiser_id: string;
}

/** Plans (not deleted) per account and how many deliver (one grouped query); the day's cost is the read model's. */
export async function accountPlans(db: Executor, keys: AccountKey[]) {
  const ids = [...new Set(keys.map((k) => k.advertiser_id))];
  const out = new Map<string, { plans: number; delivering: number }>();
  if (!ids.length) return out;
  const plans = await db
    .selectFrom('ad_entities')
    .select(['platform', 'advertiser_id', (eb) => eb.fn.countAll<number>().as('plans')])
    .select((eb) => eb.fn.sum<number>(eb.case().when('status', '=', 'delivering').then(1).else(0).end()).as('delivering'))
    .where('level', '=', 'plan')
    .where('status', '<>', 'deleted')
    .where('advertiser_id', 'in', ids)
    .groupBy(['platform', 'advertiser_id'])
    .execute();
  for (const r of plans) out.set(`${r.platform}:${r.advertiser_id}`, { plans: Number(r.plans), delivering: Number(r.delivering ?? 0) });
  return out;
}
