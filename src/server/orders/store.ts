/**
 * The orders store: every query of the orders feature (orders, their status log, postbacks, per-link settings,
 * order facts; an ingest batch's writes are in batch-store.ts). Functions take the database or an open transaction;
 * services decide the transaction.
 */
import { type Selectable, sql } from 'kysely';
import { chunks } from '../../shared/chunks.ts';
import { type Engine, rowsByKeys } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import type { OrdersTable, PostbacksTable } from './tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type PostbackRow = Selectable<PostbacksTable>;

/**
 * The stored orders of a union by order id. PostgreSQL: one `orders_key` lookup per id whatever the table's statistics
 * (`rowsByKeys`, db/dialect.ts).
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
  rowsByKeys<OrderRow>('orders', 'order_id', orderIds, sql<boolean>`union_name = ${union}`);

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
