import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** What an order list's count and sums read of a row besides its customer and pay time (list-store.ts `totals`). */
const SUMMED = ['status', 'postback_state', 'deposit_paid_at', 'order_fen', 'paid_fen', 'commission_fen'] as const;

/**
 * Frozen 2026-11-28: `orders_customer_paid` (customerid, paid_at) also holds what a list's count and sums read
 * (`SUMMED`), so the sums of a pay-time range (the order list's default filter) are read from the index alone: an
 * agent's 90 days were 18 000 table rows looked up one by one in a table whose rows carry the union's payloads
 * (bench/README.md "Order list at 90 days"). INCLUDE columns on PostgreSQL, after `id` so a customer's part is in
 * (pay time, id) order as the list sorts; trailing keys on SQLite (its index ends with the rowid, the id). The index
 * keeps its name and its leading keys, so every reader of (customerid, paid_at) reads it as before; rebuilding it
 * keeps every row.
 */
export function ordersPaidCover(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_customer_paid').execute();
      if (engine === 'postgres')
        await sql`create index orders_customer_paid on orders (customerid, paid_at, id) include (${sql.join(SUMMED.map((c) => sql.ref(c)))})`.execute(
          db,
        );
      else
        await db.schema
          .createIndex('orders_customer_paid')
          .on('orders')
          .columns(['customerid', 'paid_at', ...SUMMED])
          .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_customer_paid').execute();
      await db.schema.createIndex('orders_customer_paid').on('orders').columns(['customerid', 'paid_at']).execute();
    },
  };
}
