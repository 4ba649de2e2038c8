/**
 * The order lists' queries: one filter shape for every list endpoint, always inside the caller's scope and only
 * attributed orders (an order of no link is nobody's). Each date filter reads its own index (customer + time).
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import { distinctValues } from '../db/loose-scan.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../kernel/executor.ts';
import type { OrderScope } from './scope.ts';
import type { OrderRow } from './store.ts';

export type TimeColumn = 'paid_at' | 'created_at' | 'click_at' | 'deposit_paid_at';
export type SortColumn = TimeColumn | 'order_fen' | 'paid_fen' | 'commission_fen';

export interface OrderFilter {
  pageid?: string;
  union?: string;
  presellOnly?: boolean;
  isdirect?: number;
  status?: string;
  postback?: string;
  exact?: string;
  channel?: number;
  linkPlatform?: number;
  notLinkPlatform?: number;
  plan?: string;
  advertiser?: string;
  /** Epoch-second ranges, both ends inclusive (either may be absent). */
  ranges: Array<{ column: TimeColumn; from?: number; to?: number }>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Whether a list of every customer's orders reads each customer's index range (always, in the product; off in benchmarks). */
export const orderCustomerSeek = { on: true };

/**
 * A scope of every customer (admins, UDSmart) as the customers that have attributed orders, read by a loose scan of the
 * orders' customer index (db/loose-scan.ts): every index of a list's time filters is led by the customer (orders_customer_*),
 * so with the list each customer's part is a range of it — a day's orders of every customer read ≈ that day's index
 * entries instead of every attributed order (PostgreSQL took a parallel scan of the table, bench/README.md "Order list
 * of every customer"), and SQLite's page stops each customer's range after the page's rows. The same orders: the list
 * holds every customer an attributed order has. Any other scope, or more customers than a statement binds (db/loose-scan.ts): unchanged.
 */
export async function seekableScope(db: Executor, scope: OrderScope): Promise<OrderScope> {
  if (scope.customers !== null || !orderCustomerSeek.on) return scope;
  const customers = await distinctValues(db, 'orders', 'customerid', 0);
  return customers ? { ...scope, customers } : scope;
}

export function filtered(db: Executor, scope: OrderScope, f: OrderFilter) {
  let q = db.selectFrom('orders').where('orders.customerid', '>', 0);
  if (scope.customers) q = q.where('orders.customerid', 'in', scope.customers.length ? scope.customers : [-1]);
  if (scope.accounts) {
    const accounts = scope.accounts;
    q = q.where((eb) =>
      accounts.length === 0
        ? eb('orders.id', '<', 0)
        : eb.or(accounts.map((a) => eb.and([eb('orders.channel', '=', a.channel), eb('orders.advertiser_id', '=', a.advertiser_id)]))),
    );
  }
  if (f.pageid) q = q.where('orders.pageid', '=', f.pageid);
  if (f.union) q = q.where('orders.union_name', '=', f.union);
  if (f.presellOnly) q = q.where('orders.presell', '=', 1);
  if (f.isdirect !== undefined) q = q.where('orders.link_isdirect', '=', f.isdirect);
  if (f.status) q = q.where('orders.status', '=', f.status);
  if (f.postback) q = q.where('orders.postback_state', '=', f.postback);
  if (f.channel !== undefined) q = q.where('orders.channel', '=', f.channel);
  if (f.linkPlatform !== undefined) q = q.where('orders.link_platform', '=', f.linkPlatform);
  if (f.notLinkPlatform !== undefined) q = q.where('orders.link_platform', '<>', f.notLinkPlatform);
  // `<> ''` as written in the partial orders_plan index (migration 0069): SQLite uses it only when the term is there
  if (f.plan) q = q.where('orders.plan_id', '=', f.plan).where('orders.plan_id', '<>', '');
  if (f.advertiser) q = q.where('orders.advertiser_id', '=', f.advertiser);
  for (const r of f.ranges) {
    // An order without that time (0) is in no range: `> 0`, unless the range's own start says so already. SQLite
    // bounds an index range by one lower bound only, and given both it took `> 0`: each customer's range then ran from
    // the first order on (an admin's day of orders: 7.3 ms for 647 rows instead of 0.08, bench/README.md "Order list
    // of every customer"). The deposit time keeps `> 0` always: its index is partial on it, and SQLite uses a partial
    // index only when the query carries its term.
    const start = r.from ?? 0;
    if (start <= 0 || r.column === 'deposit_paid_at') q = q.where(`orders.${r.column}`, '>', 0);
    if (r.from !== undefined) q = q.where(`orders.${r.column}`, '>=', r.from);
    if (r.to !== undefined) q = q.where(`orders.${r.column}`, '<=', r.to);
  }
  if (f.exact) {
    const x = f.exact;
    const like = `%${escapeLike(x.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb('orders.order_id', '=', x),
        eb('orders.parent_order_id', '=', x),
        eb('orders.item_id', '=', x),
        eb('orders.pageid', '=', x),
        eb('orders.plan_id', '=', x),
        eb(sql`lower(orders.item_title)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  return q;
}

/**
 * The orders columns a list row shows (service.ts `views`) and pages by: not the union's raw payloads (tracking,
 * union_click), the click's callback URL nor bookkeeping times, which a page of 1 000 would read, convert and
 * drop (an export reads a million: bench/README.md "Exports: 1 M rows under 200 MB").
 */
const LISTED_COLUMNS = [
  'orders.id',
  'orders.union_name',
  'orders.order_id',
  'orders.parent_order_id',
  'orders.item_id',
  'orders.item_title',
  'orders.item_image',
  'orders.item_num',
  'orders.shop_name',
  'orders.status',
  'orders.raw_status',
  'orders.presell',
  'orders.deposit_fen',
  'orders.order_fen',
  'orders.paid_fen',
  'orders.commission_fen',
  'orders.commission_bp',
  'orders.created_at',
  'orders.paid_at',
  'orders.deposit_paid_at',
  'orders.received_at',
  'orders.settled_at',
  'orders.refunded_at',
  'orders.click_at',
  'orders.pageid',
  'orders.link_platform',
  'orders.customerid',
  'orders.attribution_rule',
  'orders.visit_event_id',
  'orders.channel',
  'orders.advertiser_id',
  'orders.campaign_id',
  'orders.plan_id',
  'orders.creative_id',
  'orders.click_ref',
  'orders.postback_state',
] as const;

type ListedColumn = (typeof LISTED_COLUMNS)[number] extends `orders.${infer C}` ? C : never;

export interface ListedOrder extends Pick<OrderRow, ListedColumn & keyof OrderRow> {
  link_title: string | null;
}

/**
 * The listed rows (with their link's title) of one page of ids: the page is chosen first from `orders` alone —
 * its ids in order, the filter's index narrowed by the sort and limit — then only its rows are read and joined.
 * Joined in the same query, the sort read every row the filter matches: SQLite's scan of the (customer, time) index
 * stops each customer's part after `limit` rows only when nothing is joined (an agent's 90 days: 18 000 rows read
 * for a page of 20, bench/README.md "Order list at 90 days"), and PostgreSQL sorted the joined rows.
 */
function rowsOfPage<O>(db: Executor, ids: SelectQueryBuilder<Database, 'orders', O>, column: SortColumn, dir: 'asc' | 'desc') {
  return db
    .selectFrom('orders')
    .leftJoin('links', 'links.pageid', 'orders.pageid')
    .select(LISTED_COLUMNS)
    .select('links.title as link_title')
    .where('orders.id', 'in', ids.select('orders.id'))
    .orderBy(`orders.${column}`, dir)
    .orderBy('orders.id', dir)
    .execute();
}

export async function listOrders(
  db: Executor,
  scope: OrderScope,
  f: OrderFilter,
  sort: { column: SortColumn; dir: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<ListedOrder[]> {
  const page = filtered(db, scope, f).orderBy(`orders.${sort.column}`, sort.dir).orderBy('orders.id', sort.dir).limit(limit).offset(offset);
  return rowsOfPage(db, page, sort.column, sort.dir);
}

/** Where a keyset page of a newest-first list starts: after the row with this sort time and id. */
export interface OrderCursor {
  at: number;
  id: number;
}

/**
 * One page of the list newest first by `column` (then id), after `after`: the same rows and order as `listOrders`
 * with that sort, read by keyset (each page seeks in the customer + time index; an offset would rescan).
 */
export function orderKeysetPage(
  db: Executor,
  scope: OrderScope,
  f: OrderFilter,
  column: TimeColumn,
  limit: number,
  after?: OrderCursor,
): Promise<ListedOrder[]> {
  let q = filtered(db, scope, f);
  if (after)
    // `time <= at` bounds the index range (each page starts where the last ended, on SQLite and PostgreSQL);
    // the `or` then drops the rows of that second already written
    q = q
      .where(`orders.${column}`, '<=', after.at)
      .where((eb) => eb.or([eb(`orders.${column}`, '<', after.at), eb('orders.id', '<', after.id)]));
  return rowsOfPage(db, q.orderBy(`orders.${column}`, 'desc').orderBy('orders.id', 'desc').limit(limit), column, 'desc');
}

/** How many orders the filter matches in the scope. */
export async function countOrders(db: Executor, scope: OrderScope, f: OrderFilter): Promise<number> {
  const r = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One order by its union order id inside the scope (an id two unions share: the newest). */
export const findOrder = (db: Executor, scope: OrderScope, orderId: string): Promise<(OrderRow & ListedOrder) | undefined> =>
  filtered(db, scope, { ranges: [] })
    .leftJoin('links', 'links.pageid', 'orders.pageid')
    .selectAll('orders')
    .select('links.title as link_title')
    .where('orders.order_id', '=', orderId)
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();

export async function postbackOf(db: Executor, union: string, orderId: string) {
  return db
    .selectFrom('postbacks')
    .select(['state', 'attempts', 'last_error', 'sent_at', 'event', 'next_at', 'in_doubt_at'])
    .where('union_name', '=', union)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function postbacksOf(db: Executor, keys: Array<{ union: string; orderId: string }>) {
  const map = new Map<string, { attempts: number; last_error: string }>();
  const ids = [...new Set(keys.map((k) => k.orderId))];
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('postbacks')
    .select(['union_name', 'order_id', 'attempts', 'last_error'])
    .where('order_id', 'in', ids)
    .execute();
  for (const r of rows) map.set(`${r.union_name}:${r.order_id}`, { attempts: r.attempts, last_error: r.last_error });
  return map;
}
