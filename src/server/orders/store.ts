/**
 * The orders store: every query of the orders feature (orders, their status log, postbacks, per-link settings,
 * order facts; an ingest batch's writes are in batch-store.ts). Functions take the database or an open transaction;
 * services decide the transaction.
 */
import { type Selectable, sql } from 'kysely';
import { chunks } from '../../shared/chunks.ts';
import { type Engine, textArray } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import type { OrdersTable, PostbacksTable } from './tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type PostbackRow = Selectable<PostbacksTable>;

/**
 * The stored orders of a union by order id. PostgreSQL: the ids bound as one array, and for each id its `orders_key`
 * lookup (a lateral subquery that `offset 0` keeps from being flattened into a join the planner could hash), whatever
 * the table's statistics say. Written `order_id = any(ids)`, the plan hung on them: before the table's first ANALYZE
 * (a fresh database's first back-fill, until autovacuum gets to it) the planner took 500 ids to match every row (0.005
 * a value), read all of the union's orders by the key's first column and filtered them — 159 ms at 200 000 orders
 * instead of 5–8, and growing with the table (bench/README.md "PostgreSQL ingest: the order lookup before the first
 * ANALYZE").
 */
export async function ordersByIds(db: Executor, engine: Engine, union: string, orderIds: string[]): Promise<Map<string, OrderRow>> {
  const map = new Map<string, OrderRow>();
  for (const part of chunks(orderIds, 500)) {
    const rows =
      engine === 'postgres'
        ? (await storedOrdersByKey(union, part).execute(db)).rows
        : await db.selectFrom('orders').selectAll().where('union_name', '=', union).where('order_id', 'in', part).execute();
    for (const r of rows) map.set(r.order_id, r);
  }
  return map;
}

/** PostgreSQL: `ordersByIds`' statement (exported for the test of its plan). */
export const storedOrdersByKey = (union: string, orderIds: readonly string[]) =>
  sql<OrderRow>`select o.* from unnest(${textArray(orderIds)}) as k(order_id)
    cross join lateral (select * from orders where union_name = ${union} and order_id = k.order_id offset 0) as o`;

/** The postback setting of these links (absent = the default, paid). */
export async function postbackSettings(db: Executor, pageids: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const part of chunks([...new Set(pageids.filter(Boolean))], 500)) {
    for (const r of await db.selectFrom('order_link_settings').select(['pageid', 'postback_on']).where('pageid', 'in', part).execute())
      map.set(r.pageid, r.postback_on);
  }
  return map;
}

export async function setPostbackSetting(db: Executor, pageid: string, postbackOn: string, by: number, at: number): Promise<void> {
  await db
    .insertInto('order_link_settings')
    .values({ pageid, postback_on: postbackOn, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('pageid').doUpdateSet({ postback_on: postbackOn, updated_by: by, updated_at: at }))
    .execute();
}
