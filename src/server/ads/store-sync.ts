import { type Insertable, sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { AdEntitiesTable } from './tables.ts';

/** What the sync jobs write: entities keyed by platform ids, hourly facts and their daily rollups, watermarks. */

export interface SyncAccount {
  id: number;
  auth_id: number;
  platform: number;
  advertiser_id: string;
  customerid: number;
  report_synced_to: number;
  entity_synced_at: number;
}

/** Accounts that sync: bound (active) under a live authorisation, the least recently synced first. */
export async function accountsToSync(db: Executor, order: 'entity' | 'report'): Promise<SyncAccount[]> {
  const rows = await db
    .selectFrom('ad_accounts')
    .innerJoin('ad_auths', 'ad_auths.id', 'ad_accounts.auth_id')
    .select([
      'ad_accounts.id',
      'ad_accounts.auth_id',
      'ad_accounts.platform',
      'ad_accounts.advertiser_id',
      'ad_accounts.customerid',
      'ad_accounts.report_synced_to',
      'ad_accounts.entity_synced_at',
    ])
    .where('ad_accounts.active', '=', 1)
    .where('ad_auths.state', '=', 'active')
    .orderBy(order === 'entity' ? 'ad_accounts.entity_synced_at' : 'ad_accounts.report_synced_to')
    .orderBy('ad_accounts.id')
    .execute();
  return rows.map((r) => ({ ...r, report_synced_to: Number(r.report_synced_to), entity_synced_at: Number(r.entity_synced_at) }));
}

const ENTITY_BATCH = 200;

export async function upsertEntities(db: Executor, rows: Insertable<AdEntitiesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ENTITY_BATCH) {
    await db
      .insertInto('ad_entities')
      .values(rows.slice(i, i + ENTITY_BATCH))
      .onConflict((oc) =>
        oc.columns(['platform', 'level', 'entity_id']).doUpdateSet((eb) => ({
          advertiser_id: eb.ref('excluded.advertiser_id'),
          customerid: eb.ref('excluded.customerid'),
          parent_id: eb.ref('excluded.parent_id'),
          campaign_id: eb.ref('excluded.campaign_id'),
          name: eb.ref('excluded.name'),
          raw_status: eb.ref('excluded.raw_status'),
          status: eb.ref('excluded.status'),
          enabled: eb.ref('excluded.enabled'),
          budget_fen: eb.ref('excluded.budget_fen'),
          bid_fen: eb.ref('excluded.bid_fen'),
          click_monitor_url: eb.ref('excluded.click_monitor_url'),
          show_monitor_url: eb.ref('excluded.show_monitor_url'),
          landing_url: eb.ref('excluded.landing_url'),
          pageid: eb.ref('excluded.pageid'),
          material_type: eb.ref('excluded.material_type'),
          updated_at: eb.ref('excluded.updated_at'),
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
}

/** After a complete pass of one level: what the platform no longer lists is gone (kept, marked deleted). */
export async function markUnseenDeleted(
  db: Executor,
  platform: number,
  advertiserId: string,
  level: string,
  seenSince: number,
): Promise<number> {
  const r = await db
    .updateTable('ad_entities')
    .set({ status: 'deleted', enabled: 0 })
    .where('platform', '=', platform)
    .where('advertiser_id', '=', advertiserId)
    .where('level', '=', level)
    .where('synced_at', '<', seenSince)
    .where('status', '<>', 'deleted')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A plan that carries no URL of ours takes its creatives' link (腾讯 and 快手 keep the monitors on creatives). */
export async function linkPlansFromCreatives(db: Executor, platform: number, advertiserId: string): Promise<void> {
  await db
    .updateTable('ad_entities as p')
    .set((eb) => ({
      pageid: eb
        .selectFrom('ad_entities as c')
        .select(sql<string>`max(c.pageid)`.as('pageid'))
        .whereRef('c.platform', '=', 'p.platform')
        .where('c.level', '=', 'creative')
        .whereRef('c.parent_id', '=', 'p.entity_id')
        .where('c.pageid', '<>', ''),
    }))
    .where('p.platform', '=', platform)
    .where('p.advertiser_id', '=', advertiserId)
    .where('p.level', '=', 'plan')
    .where('p.pageid', '=', '')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ad_entities as c')
          .select('c.entity_id')
          .whereRef('c.platform', '=', 'p.platform')
          .where('c.level', '=', 'creative')
          .whereRef('c.parent_id', '=', 'p.entity_id')
          .where('c.pageid', '<>', ''),
      ),
    )
    .execute();
}

/** The link of each plan of an account (facts carry it). */
export async function planLinks(db: Executor, platform: number, advertiserId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ad_entities')
    .select(['entity_id', 'pageid'])
    .where('platform', '=', platform)
    .where('advertiser_id', '=', advertiserId)
    .where('level', '=', 'plan')
    .where('pageid', '<>', '')
    .execute();
  return new Map(rows.map((r) => [r.entity_id, r.pageid]));
}

export async function readWatermark(db: Executor, accountId: number): Promise<number> {
  const row = await db.selectFrom('ad_accounts').select('report_synced_to').where('id', '=', accountId).executeTakeFirst();
  return Number(row?.report_synced_to ?? 0);
}
export async function setReportWatermark(db: Executor, accountId: number, syncedTo: number): Promise<void> {
  await db.updateTable('ad_accounts').set({ report_synced_to: syncedTo }).where('id', '=', accountId).execute();
}
export async function setEntitySynced(db: Executor, accountId: number, at: number): Promise<void> {
  await db.updateTable('ad_accounts').set({ entity_synced_at: at }).where('id', '=', accountId).execute();
}
/** The result a person sees beside the account: when it last synced, and '' or the Chinese error. */
export async function setSyncResult(db: Executor, accountId: number, at: number, error: string): Promise<void> {
  await db.updateTable('ad_accounts').set({ last_sync_at: at, last_sync_error: error }).where('id', '=', accountId).execute();
}

/** OAuth authorisations whose access token ends before `before` (refresh them now). */
export const authsToRefresh = (db: Executor, before: number) =>
  db
    .selectFrom('ad_auths')
    .select(['id', 'platform', 'state', 'access_token_enc', 'refresh_token_enc', 'access_expires_at', 'refresh_expires_at'])
    .where('state', '=', 'active')
    .where('refresh_token_enc', '<>', '')
    .where('access_expires_at', '<', before)
    .orderBy('access_expires_at')
    .execute();

/** Active authorisations whose refresh token has run out: they need the user. */
export const authsPastRefresh = (db: Executor, now: number) =>
  db
    .selectFrom('ad_auths')
    .select(['id'])
    .where('state', '=', 'active')
    .where('refresh_expires_at', '>', 0)
    .where('refresh_expires_at', '<=', now)
    .execute();

export const accountIdsOfAuth = async (db: Executor, authId: number): Promise<number[]> =>
  (await db.selectFrom('ad_accounts').select('id').where('auth_id', '=', authId).execute()).map((r) => r.id);

/** 立即同步: make an authorisation's accounts due for both syncs (the report re-pulls its recent hours). */
export async function requestSync(db: Executor, authId: number, currentHour: number): Promise<void> {
  await db.updateTable('ad_accounts').set({ entity_synced_at: 0 }).where('auth_id', '=', authId).execute();
  await db
    .updateTable('ad_accounts')
    .set({ report_synced_to: currentHour })
    .where('auth_id', '=', authId)
    .where('report_synced_to', '>', currentHour)
    .execute();
}
