import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { LinksTable } from './tables.ts';

export type LinkRow = Selectable<LinksTable>;
export type LinkRowWithCustomer = LinkRow & { customer: string };

/** A live (not deleted) link by its public id, for any tenant: the landing renderer and monitor endpoints use it. */
export const findLinkByPageId = (db: Executor, pageid: string): Promise<LinkRow | undefined> =>
  db.selectFrom('links').selectAll().where('pageid', '=', pageid).where('deleted_at', 'is', null).executeTakeFirst();

export interface LinkFacts {
  customerid: number;
  state: number;
  platform: number;
  isdirect: number;
  title: string;
  deleted_at: number | null;
}

/** Channel, owner, platform and deletion of the links behind these pageids (deleted ones included): tracking, orders. */
export async function linkFactsByPageId(db: Executor, pageids: string[]): Promise<Map<string, LinkFacts>> {
  const map = new Map<string, LinkFacts>();
  for (let i = 0; i < pageids.length; i += 500) {
    const rows = await db
      .selectFrom('links')
      .select(['pageid', 'customerid', 'state', 'platform', 'isdirect', 'title', 'deleted_at'])
      .where('pageid', 'in', pageids.slice(i, i + 500))
      .execute();
    for (const r of rows)
      map.set(r.pageid, {
        customerid: Number(r.customerid),
        state: Number(r.state),
        platform: Number(r.platform),
        isdirect: Number(r.isdirect),
        title: r.title,
        deleted_at: r.deleted_at === null ? null : Number(r.deleted_at),
      });
  }
  return map;
}

/**
 * One customer's live UDSmart links (platform 7) whose stored monitor URLs are among these, URL → pageid. UD issues
 * those URLs on its own host (affiliate/links.ts), so a plan carrying one drives that link though no path of ours
 * names it.
 */
export async function udLinksByMonitorUrl(db: Executor, customerid: number, urls: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (let i = 0; i < urls.length; i += 250) {
    const some = urls.slice(i, i + 250);
    const rows = await db
      .selectFrom('links')
      .select(['pageid', 'monitor_touch_url', 'monitor_show_url'])
      .where('customerid', '=', customerid)
      .where('platform', '=', 7)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('monitor_touch_url', 'in', some), eb('monitor_show_url', 'in', some)]))
      .execute();
    for (const r of rows) for (const u of [r.monitor_touch_url, r.monitor_show_url]) if (u && some.includes(u)) map.set(u, r.pageid);
  }
  return map;
}

/** The pageids of the most recently changed live links. */
export const recentLivePageIds = async (db: Executor, limit: number): Promise<string[]> =>
  (await db.selectFrom('links').select('pageid').where('deleted_at', 'is', null).orderBy('updated_at', 'desc').limit(limit).execute()).map(
    (r) => r.pageid,
  );

/** The demo world's live links, with what a traffic source needs to build their monitor and landing URLs. */
export const liveDemoLinks = (db: Executor) =>
  db
    .selectFrom('links')
    .select(['pageid', 'platform', 'state', 'jumptype', 'relate_advertiser_ids'])
    .where('demo', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();

/** Of these pageids, the links deleted before `cutoff` (epoch seconds). */
export const linksDeletedBefore = async (db: Executor, pageids: string[], cutoff: number): Promise<string[]> => {
  const out: string[] = [];
  for (let i = 0; i < pageids.length; i += 500) {
    const rows = await db
      .selectFrom('links')
      .select('pageid')
      .where('pageid', 'in', pageids.slice(i, i + 500))
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .execute();
    out.push(...rows.map((r) => r.pageid));
  }
  return out;
};

/** Whether a pageid was ever used (deleted links keep theirs: old monitor URLs must never point at a new link). */
export const pageidTaken = async (db: Executor, pageid: string): Promise<boolean> =>
  (await db.selectFrom('links').select('id').where('pageid', '=', pageid).executeTakeFirst()) !== undefined;

/** `null` scope = every customer (admins); otherwise the customer ids the caller may see. */
export type Scope = number[] | null;

export interface LinkFilter {
  isdirect?: number;
  exact?: string;
  customerid?: number;
  advertiser_id?: string;
  pageid?: string;
  platform?: number;
  state?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function scoped(db: Executor, scope: Scope) {
  let q = db.selectFrom('links').innerJoin('users', 'users.id', 'links.customerid').where('links.deleted_at', 'is', null);
  if (scope) q = q.where('links.customerid', 'in', scope.length ? scope : [-1]);
  return q;
}

/** The list's filters applied to the scoped links (one definition for the paged list, its count and exports). */
function filtered(db: Executor, scope: Scope, f: LinkFilter) {
  let q = scoped(db, scope);
  if (f.isdirect !== undefined) q = q.where('links.isdirect', '=', f.isdirect);
  if (f.customerid !== undefined) q = q.where('links.customerid', '=', f.customerid);
  if (f.pageid) q = q.where('links.pageid', '=', f.pageid);
  if (f.platform !== undefined) q = q.where('links.platform', '=', f.platform);
  if (f.state !== undefined) q = q.where('links.state', '=', f.state);
  if (f.advertiser_id) {
    q = q.where(sql<string>`',' || links.relate_advertiser_ids || ','`, 'like', `%,${f.advertiser_id},%`);
  }
  if (f.exact) {
    // lower() on both sides: case-insensitive on SQLite and PostgreSQL alike.
    const like = `%${escapeLike(f.exact.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or(
        (['links.pageid', 'links.itemid', 'links.title', 'links.item_title'] as const).map((col) =>
          eb(sql`lower(${sql.ref(col)})`, 'like', sql`${like} escape '\\'`),
        ),
      ),
    );
  }
  return q;
}

export const countLinks = async (db: Executor, scope: Scope, f: LinkFilter): Promise<number> =>
  Number(
    (
      await filtered(db, scope, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function listLinks(
  db: Executor,
  scope: Scope,
  f: LinkFilter,
  limit: number,
  offset: number,
): Promise<{ rows: LinkRowWithCustomer[]; total: number }> {
  const total = await countLinks(db, scope, f);
  const rows = await filtered(db, scope, f)
    .selectAll('links')
    .select('users.company as customer')
    .orderBy('links.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** The same list in the same order (newest first), `limit` rows after the row `beforeId` (keyset: no offset scans). */
export const listLinksBefore = (db: Executor, scope: Scope, f: LinkFilter, beforeId: number | null, limit: number) => {
  let q = filtered(db, scope, f);
  if (beforeId !== null) q = q.where('links.id', '<', beforeId);
  return q.selectAll('links').select('users.company as customer').orderBy('links.id', 'desc').limit(limit).execute();
};

/** One live link inside the scope, with its customer's company. */
export const findScopedLink = (db: Executor, scope: Scope, pageid: string): Promise<LinkRowWithCustomer | undefined> =>
  scoped(db, scope).selectAll('links').select('users.company as customer').where('links.pageid', '=', pageid).executeTakeFirst();

export const insertLink = (db: Executor, row: Insertable<LinksTable>): Promise<LinkRow> =>
  db.insertInto('links').values(row).returningAll().executeTakeFirstOrThrow();

export async function updateLink(db: Executor, id: number, patch: Updateable<LinksTable>): Promise<void> {
  await db.updateTable('links').set(patch).where('id', '=', id).execute();
}

export async function insertLog(
  db: Executor,
  row: { pageid: string; customerid: number; actor_id: number; action: string; at: number; before: object; after: object },
) {
  await db
    .insertInto('link_log')
    .values({ ...row, before: JSON.stringify(row.before), after: JSON.stringify(row.after) })
    .execute();
}

export async function listLog(db: Executor, pageid: string, limit: number, offset: number) {
  const base = db.selectFrom('link_log').leftJoin('users', 'users.id', 'link_log.actor_id').where('link_log.pageid', '=', pageid);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['link_log.id', 'link_log.action', 'link_log.at', 'link_log.before', 'link_log.after', 'users.email'])
    .orderBy('link_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}

/** Customers (roles 3/4) by id, for the scope and the customer picker. */
export const customersByIds = (db: Executor, ids: number[] | null) => {
  let q = db.selectFrom('users').select(['id', 'company', 'email', 'usertype', 'parent_id']).where('kind', '=', 'customer');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  return q.orderBy('id').execute();
};

export const childIds = async (db: Executor, parentId: number): Promise<number[]> =>
  (await db.selectFrom('users').select('id').where('parent_id', '=', parentId).where('kind', '=', 'customer').execute()).map((r) => r.id);
