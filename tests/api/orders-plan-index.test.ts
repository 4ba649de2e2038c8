/**
 * Migration 0069: `orders_plan` holds only the orders with a plan (the plan's order list is its one reader, and it
 * never asks for orders without one). A database written by the previous version keeps every order, a plan's list
 * still reads the index (SQLite needs the `plan_id <> ''` term the list adds), and the stored-order lookup of an
 * ingest batch (`ordersByIds`, an array on PostgreSQL) finds ids with quotes and backslashes.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/index.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { listOrders } from '../../src/server/orders/list-store.ts';
import { ordersByIds } from '../../src/server/orders/store.ts';
import { databaseAt, dialects } from '../support/dialects.ts';

async function addOrder(db: Db, orderId: string, planId: string, customerid: number) {
  await sql`insert into orders (union_name, order_id, status, plan_id, customerid, created_at, paid_at, first_seen_at, updated_at)
    values ('taobao', ${orderId}, 'paid', ${planId}, ${customerid}, 100, 200, 1, 1)`.execute(db);
}

const allOrders = async (db: Db) =>
  (await sql<{ order_id: string; plan_id: string }>`select order_id, plan_id from orders order by id`.execute(db)).rows.map(
    (r) => `${r.order_id}:${r.plan_id}`,
  );

describe.each(dialects())('orders_plan holds orders with a plan on $name', (dialect) => {
  it('an upgrade keeps every order; a plan list reads the partial index; ids are looked up as one array', async () => {
    const h = await databaseAt(dialect.name, '0067_partitioned_facts');
    try {
      const db = h.db;
      for (let i = 0; i < 30; i++) await addOrder(db, `o${i}`, i % 3 === 0 ? `P${i % 2}` : '', 1 + (i % 2));
      await addOrder(db, 'q"uote\\slash', 'P0', 1);
      const before = await allOrders(db);
      await migrateToLatest(h);
      expect(await allOrders(db)).toEqual(before);

      const planList = await listOrders(
        db,
        { customers: null, accounts: null },
        { plan: 'P0', ranges: [] },
        { column: 'created_at', dir: 'desc' },
        50,
        0,
      );
      expect(planList.map((o) => o.order_id).sort()).toEqual(['o0', 'o12', 'o18', 'o24', 'o6', 'q"uote\\slash']);
      if (h.engine === 'sqlite') {
        const plan = await sql<{
          detail: string;
        }>`explain query plan select * from orders where customerid > 0 and plan_id = 'P0' and plan_id <> ''`.execute(db);
        expect(plan.rows.map((r) => r.detail).join(' ')).toContain('orders_plan');
      } else {
        const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'orders_plan'`.execute(db);
        expect(idx.rows[0]?.indexdef).toMatch(/WHERE \(plan_id <> ''::text\)/);
      }

      const found = await ordersByIds(db, h.engine, 'taobao', ['o1', 'q"uote\\slash', 'missing', "o'2"]);
      expect([...found.keys()].sort()).toEqual(['o1', 'q"uote\\slash']);
    } finally {
      await h.close();
    }
  });
});
