import type { Kysely } from 'kysely';

/**
 * Frozen 2026-11-27: `orders_plan` (plan_id, paid_at) holds only the orders that have a plan. Its one reader is a
 * plan's order list (orders/list-store.ts with `plan`: `plan_id = ? and plan_id <> ''`), which never asks for the
 * orders without one — most orders (no click or visit named a plan) — yet every ingest wrote them into it
 * (bench/README.md "PostgreSQL ingest, third pass"). Same on SQLite and PostgreSQL; rebuilding keeps every row.
 */
export function ordersPlanPartial() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_plan').execute();
      await db.schema.createIndex('orders_plan').on('orders').columns(['plan_id', 'paid_at']).where('plan_id', '<>', '').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_plan').execute();
      await db.schema.createIndex('orders_plan').on('orders').columns(['plan_id', 'paid_at']).execute();
    },
  };
}
