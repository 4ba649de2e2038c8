import type { Kysely } from 'kysely';

/**
 * Frozen 2026-11-29: `orders_item_created` (item_id, created_at), for an item's order list (`/napi/itemanalyse/order`,
 * dashboard/store.ts `itemOrderPage`: one item's orders of the caller's customers, placed in a span). Without it the
 * list read every order of the caller's customers in the span by (customerid, created_at) and fetched each row to test
 * its item: an agent's 90 days were ≈ 20 000 rows for ≈ 100 orders, and once the orders table outgrew SQLite's page
 * cache the call took 64–68 ms instead of 24 (bench/README.md "Boards at three scales"). A new index only: no row
 * changes, so the upgrade keeps every order.
 */
export function ordersItemCreated() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('orders_item_created').on('orders').columns(['item_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_item_created').execute();
    },
  };
}
