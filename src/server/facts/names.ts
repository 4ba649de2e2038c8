/**
 * Names for the rows of a table (at most a few thousand ids): advertiser accounts and plans as the ad sync stored
 * them, promotion links, items and customers — and the one wording of the rows that have no id at their level
 * (`未归因到计划` …) or an id we cannot name (`未授权账户 {id}`), so no row of any table is named by a bare id.
 */
import { chunks } from '../../shared/chunks.ts';
import type { Executor } from '../kernel/executor.ts';

/** Orders (and their amounts) that reached no plan: one named row per table, so the rows add up to the card. */
export const UNATTRIBUTED = '未归因到计划';
/** Cost of plans that drive no promotion link of ours. */
export const NO_LINK = '未关联推广链接';
/** Facts whose link promotes no known item. */
export const NO_ITEM = '未关联商品';

/** An advertiser row: the account's name; '' (no advertiser) is 未归因到计划; an id no authorisation granted says so. */
export const advertiserLabel = (id: string, name: string | undefined): string => (id === '' ? UNATTRIBUTED : name || `未授权账户 ${id}`);

/** A campaign or plan row: its synced name; '' is 未归因到计划; an id the entity sync never saw says so. */
export const entityLabel = (level: 'campaign' | 'plan', id: string, name: string | undefined): string =>
  id === '' ? UNATTRIBUTED : name || `未同步的${level === 'plan' ? '计划' : '广告组'} ${id}`;

/** A link row: its title (or its item's); '' is 未关联推广链接. */
export const linkLabel = (pageid: string, link: { title: string; item_title: string } | undefined): string =>
  pageid === '' ? NO_LINK : link?.title || link?.item_title || `未知推广链接 ${pageid}`;

const CHUNK = 500;
const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

/** `channel:advertiser_id` → account name. */
export async function advertiserNames(
  db: Executor,
  keys: ReadonlyArray<{ channel: number; advertiserId: string }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const ids of chunks(unique(keys.map((k) => k.advertiserId).filter(Boolean)), CHUNK)) {
    const rows = await db
      .selectFrom('ad_accounts')
      .select(['platform', 'advertiser_id', 'name'])
      .where('advertiser_id', 'in', ids)
      .execute();
    for (const r of rows) out.set(`${r.platform}:${r.advertiser_id}`, r.name);
  }
  return out;
}

/** `channel:entity_id` → name of campaigns or plans. */
export async function entityNames(
  db: Executor,
  level: 'campaign' | 'plan',
  keys: ReadonlyArray<{ channel: number; id: string }>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const ids of chunks(unique(keys.map((k) => k.id).filter(Boolean)), CHUNK)) {
    const rows = await db
      .selectFrom('ad_entities')
      .select(['platform', 'entity_id', 'name'])
      .where('level', '=', level)
      .where('entity_id', 'in', ids)
      .execute();
    for (const r of rows) out.set(`${r.platform}:${r.entity_id}`, r.name);
  }
  return out;
}

export interface LinkFacts {
  title: string;
  platform: number;
  state: number;
  itemid: string;
  item_title: string;
  item_image: string;
  customerid: number;
}

/** pageid → what a board shows of a link (deleted links too: their facts still count). */
export async function linkFacts(db: Executor, pageids: readonly string[]): Promise<Map<string, LinkFacts>> {
  const out = new Map<string, LinkFacts>();
  for (const ids of chunks(unique(pageids.filter(Boolean)), CHUNK)) {
    const rows = await db
      .selectFrom('links')
      .select(['pageid', 'title', 'platform', 'state', 'itemid', 'item_title', 'item_image', 'customerid'])
      .where('pageid', 'in', ids)
      .execute();
    for (const { pageid, ...r } of rows)
      out.set(pageid, { ...r, platform: Number(r.platform), state: Number(r.state), customerid: Number(r.customerid) });
  }
  return out;
}

export interface ItemFacts {
  title: string;
  image: string;
  platform: number;
  /** How many promotion links (of the customers in scope) promote it. */
  links: number;
}

/** item id → title, image, shop platform and link count, from the links of these customers that promote it. */
export async function itemFacts(
  db: Executor,
  customers: readonly number[] | null,
  itemIds: readonly string[],
): Promise<Map<string, ItemFacts>> {
  const out = new Map<string, ItemFacts>();
  for (const ids of chunks(unique(itemIds.filter(Boolean)), CHUNK)) {
    let q = db
      .selectFrom('links')
      .select((eb) => [
        'itemid',
        eb.fn.max('item_title').as('title'),
        eb.fn.max('item_image').as('image'),
        eb.fn.max('platform').as('platform'),
        eb.fn.countAll<number>().as('links'),
      ])
      .where('itemid', 'in', ids)
      .groupBy('itemid');
    if (customers) q = q.where('customerid', 'in', customers.length ? [...customers] : [-1]);
    for (const r of await q.execute())
      out.set(r.itemid, { title: r.title ?? '', image: r.image ?? '', platform: Number(r.platform ?? 0), links: Number(r.links) });
  }
  return out;
}

/** Links of these customers that promote an item. */
export async function linksOfItem(db: Executor, customers: readonly number[] | null, itemId: string): Promise<string[]> {
  let q = db.selectFrom('links').select('pageid').where('itemid', '=', itemId);
  if (customers) q = q.where('customerid', 'in', customers.length ? [...customers] : [-1]);
  return (await q.execute()).map((r) => r.pageid);
}

/** customer id → company. */
export async function customerNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks(unique(ids.filter((n) => n > 0)), CHUNK)) {
    const rows = await db.selectFrom('users').select(['id', 'company', 'username']).where('id', 'in', part).execute();
    for (const r of rows) out.set(r.id, r.company || r.username);
  }
  return out;
}

/** Whether a customer account exists (admins naming a customer). */
export async function customerExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).where('kind', '=', 'customer').executeTakeFirst()) !== undefined;
}

/** Authorised advertiser accounts of these customers (on these channels): the boards' "authorise one first" hint. */
export async function activeAccounts(
  db: Executor,
  customers: readonly number[] | null,
  channels: readonly number[] | null,
): Promise<number> {
  if (customers?.length === 0 || channels?.length === 0) return 0;
  let q = db
    .selectFrom('ad_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('active', '=', 1);
  if (customers) q = q.where('customerid', 'in', [...customers]);
  if (channels) q = q.where('platform', 'in', [...channels]);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}
