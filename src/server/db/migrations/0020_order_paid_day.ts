import { type Kysely, sql } from 'kysely';

/** Statuses in which an order counts as paid (orders/model.ts PAID_STATUSES as of this migration). */
const PAID = sql`('paid', 'confirmed', 'settled')`;
/** The facts' key columns, in the order the tables declare them. */
const KEY = sql`customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id`;

/**
 * Frozen 2026-11-24: one day for a paid order (docs/attribution.md "Presell", "京东 payment time").
 * 1. 京东 orders stored without a payment time (the connector gave none) get the one its rows imply: an order at
 *    已付款 (raw 16, status paid) paid when its row was last modified, one past it (completed, returned) at its creation.
 * 2. The order facts are rebuilt from the orders under the rule the code now follows: placed in the hour of creation
 *    (unless closed or invalid before any payment), paid in the hour of `paid_at` — for presell the balance, with the
 *    whole amount; a presell order whose deposit alone is paid is placed, not paid. Before, a presell order was booked
 *    paid on its deposit's hour. Hourly rows are rebuilt from the earliest hour still kept (retention deleted older
 *    ones); daily rows for every day. Orders of no customer add nothing, as before.
 */
export function orderPaidDay() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`update orders set paid_at = modified_at
        where union_name = 'jd' and paid_at = 0 and status = 'paid' and modified_at > 0`.execute(db);
      await sql`update orders set paid_at = created_at
        where union_name = 'jd' and paid_at = 0 and status in ('confirmed', 'settled', 'refunded') and created_at > 0`.execute(db);
      await sql`update orders set deposit_paid_at = modified_at
        where union_name = 'jd' and deposit_paid_at = 0 and presell = 1 and status = 'deposit_paid' and modified_at > 0`.execute(db);

      const kept = await sql<{ h: number | string | null }>`select min(hour) as h from order_facts_hourly`.execute(db);
      const from = kept.rows[0]?.h === null || kept.rows[0]?.h === undefined ? null : Number(kept.rows[0].h);
      // One contribution row per order and kind, at its hour (epoch hours are China hours: the offset is whole hours).
      const parts = sql`
        select ${KEY}, created_at - created_at % 3600 as hour, 1 as orders, order_fen, 0 as paid_orders, 0 as paid_fen,
          0 as commission_fen
        from orders
        where customerid > 0 and created_at > 0
          and not (status in ('closed', 'invalid') and paid_at = 0 and deposit_paid_at = 0)
        union all
        select ${KEY}, paid_at - paid_at % 3600 as hour, 0 as orders, 0 as order_fen, 1 as paid_orders, paid_fen, commission_fen
        from orders
        where customerid > 0 and paid_at > 0 and status in ${PAID}`;
      const sums = sql`sum(orders), sum(order_fen), sum(paid_orders), sum(paid_fen), sum(commission_fen)`;
      await sql`delete from order_facts_hourly`.execute(db);
      await sql`delete from order_facts_daily`.execute(db);
      await sql`insert into order_facts_hourly (${KEY}, hour, orders, order_fen, paid_orders, paid_fen, commission_fen)
        select ${KEY}, hour, ${sums} from (${parts}) c
        where hour >= ${from ?? 0}
        group by ${KEY}, hour`.execute(db);
      await sql`insert into order_facts_daily (${KEY}, day, orders, order_fen, paid_orders, paid_fen, commission_fen)
        select ${KEY}, day, ${sums} from (
          select c.*, (hour + 28800) / 86400 * 86400 - 28800 as day from (${parts}) c
        ) d
        group by ${KEY}, day`.execute(db);
    },
  };
}
