/**
 * The orders store: every query of the orders feature (orders, their status log, postbacks, per-link settings,
 * order facts). Functions take the database or an open transaction; services decide the transaction.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { FactRow } from './model.ts';
import type { OrderFactsDailyTable, OrderStatusLogTable, OrdersTable, PostbacksTable } from './tables.ts';

export type OrderRow = Selectable<OrdersTable>;
export type PostbackRow = Selectable<PostbacksTable>;

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export async function ordersByIds(db: Executor, union: string, orderIds: string[]): Promise<Map<string, OrderRow>> {
  const map = new Map<string, OrderRow>();
  for (const part of chunks(orderIds, 500)) {
    const rows = await db.selectFrom('orders').selectAll().where('union_name', '=', union).where('order_id', 'in', part).execute();
    for (const r of rows) map.set(r.order_id, r);
  }
  return map;
}

/** Rows per multi-row insert: 51 columns × 500 rows stays under SQLite's 32 766 bound values. */
const INSERT_CHUNK = 500;

export async function insertOrders(db: Executor, rows: Array<Insertable<OrdersTable>>): Promise<void> {
  for (const part of chunks(rows, INSERT_CHUNK)) await db.insertInto('orders').values(part).execute();
}

export async function updateOrder(db: Executor, id: number, patch: Partial<Insertable<OrdersTable>>): Promise<void> {
  await db.updateTable('orders').set(patch).where('id', '=', id).execute();
}

export async function insertStatusLog(db: Executor, rows: Array<Insertable<OrderStatusLogTable>>): Promise<void> {
  for (const part of chunks(rows, 2000)) await db.insertInto('order_status_log').values(part).execute();
}

/** Add (or subtract) fact changes: insert … on conflict do update, the same on SQLite and PostgreSQL. */
export async function addFacts(db: Executor, hourly: FactRow[], daily: Array<Omit<OrderFactsDailyTable, never>>): Promise<void> {
  const sums = (t: 'order_facts_hourly' | 'order_facts_daily') => ({
    orders: sql<number>`${sql.ref(`${t}.orders`)} + excluded.orders`,
    order_fen: sql<number>`${sql.ref(`${t}.order_fen`)} + excluded.order_fen`,
    paid_orders: sql<number>`${sql.ref(`${t}.paid_orders`)} + excluded.paid_orders`,
    paid_fen: sql<number>`${sql.ref(`${t}.paid_fen`)} + excluded.paid_fen`,
    commission_fen: sql<number>`${sql.ref(`${t}.commission_fen`)} + excluded.commission_fen`,
  });
  const key = ['customerid', 'pageid', 'item_id', 'channel', 'advertiser_id', 'campaign_id', 'plan_id'] as const;
  for (const part of chunks(hourly, 1000)) {
    await db
      .insertInto('order_facts_hourly')
      .values(part)
      .onConflict((oc) => oc.columns([...key, 'hour']).doUpdateSet(sums('order_facts_hourly')))
      .execute();
  }
  for (const part of chunks(daily, 1000)) {
    await db
      .insertInto('order_facts_daily')
      .values(part)
      .onConflict((oc) => oc.columns([...key, 'day']).doUpdateSet(sums('order_facts_daily')))
      .execute();
  }
}

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

/** One postback per order: a second insert for the same order does nothing (the unique key). Returns those created. */
export async function insertPostbacks(db: Executor, rows: Array<Insertable<PostbacksTable>>): Promise<number> {
  let created = 0;
  for (const part of chunks(rows, 500)) {
    const res = await db
      .insertInto('postbacks')
      .values(part)
      .onConflict((oc) => oc.columns(['union_name', 'order_id']).doNothing())
      .executeTakeFirst();
    created += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}
