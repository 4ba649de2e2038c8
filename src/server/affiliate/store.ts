import type { Selectable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { AffiliateLinksTable } from './tables.ts';

export type AffiliateLinkRow = Selectable<AffiliateLinksTable>;

export const findByPageId = (db: Executor, pageid: string): Promise<AffiliateLinkRow | undefined> =>
  db.selectFrom('affiliate_links').selectAll().where('pageid', '=', pageid).executeTakeFirst();

/** Links whose promotion URL carries this tracking key (several only when they share the default 淘宝 adzone). */
export const byTrackingKeys = (db: Executor, keys: string[]): Promise<AffiliateLinkRow[]> =>
  keys.length === 0 ? Promise.resolve([]) : db.selectFrom('affiliate_links').selectAll().where('tracking_key', 'in', keys).execute();

/** Adzones held by a link, with the link. */
export const heldAdzones = (db: Executor): Promise<Array<{ pageid: string; adzone_id: string }>> =>
  db.selectFrom('affiliate_links').select(['pageid', 'adzone_id']).where('adzone_id', '<>', '').execute();

export async function releaseAdzones(db: Executor, pageids: string[]): Promise<void> {
  if (pageids.length) await db.updateTable('affiliate_links').set({ adzone_id: '' }).where('pageid', 'in', pageids).execute();
}

/** Insert or replace the link's registration. */
export async function saveRegistration(db: Executor, row: AffiliateLinkRow): Promise<void> {
  await db
    .insertInto('affiliate_links')
    .values(row)
    .onConflict((oc) =>
      oc.column('pageid').doUpdateSet({
        union_name: row.union_name,
        tracking_key: row.tracking_key,
        tracking: row.tracking,
        adzone_id: row.adzone_id,
        item_id: row.item_id,
        urls: row.urls,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteRegistration(db: Executor, pageid: string): Promise<void> {
  await db.deleteFrom('affiliate_links').where('pageid', '=', pageid).execute();
}
