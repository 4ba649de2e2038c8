/**
 * An order list's count, sums and postback states (docs/metrics.md), over the same filter and scope as its rows
 * (list-store.ts `filtered`), so its 共 N 条 is always the number of rows it pages through.
 */
import { type RawBuilder, sql } from 'kysely';
import { type Engine, engineOf } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { filtered, type OrderFilter } from './list-store.ts';
import { PAID_STATUSES } from './model.ts';
import type { OrderScope } from './scope.ts';

export interface Totals {
  /** Every row the filter lists. */
  total: number;
  /** Of those, the rows 订单数 does not count: closed or invalid before any payment (`total - orders`). */
  closed_unpaid: number;
  orders: number;
  order_fen: number;
  paid_orders: number;
  paid_fen: number;
  commission_fen: number;
  postback: Record<string, number>;
}

/**
 * Which orders the sums count (docs/metrics.md): placed — every status but closed before any payment —, and paid —
 * paid, confirmed or settled (a presell order with only its deposit paid is placed, not paid). Every order list's
 * sums (the lists through `totals`, a page's orders for admins and UDSmart through `orderSums`) count by these.
 */
export const PLACED_ORDER = sql<boolean>`not (orders.status in ('closed', 'invalid') and orders.paid_at = 0 and orders.deposit_paid_at = 0)`;
export const PAID_ORDER = sql<boolean>`orders.status in (${sql.join([...PAID_STATUSES])})`;

/**
 * The sums of a list, read in the query that counts its rows: every row (`n`), the rows 订单数 does not count
 * (`closed_unpaid`), placed and paid orders and amounts, so a list's 共 N 条 always splits into its 订单数 and its
 * 未付款关闭 rows (the lists' `totals` reads the same figures grouped by the two rules).
 */
export const orderSums = () => [
  sql<number>`count(*)`.as('n'),
  sql<number>`sum(case when ${PLACED_ORDER} then 0 else 1 end)`.as('closed_unpaid'),
  sql<number>`sum(case when ${PLACED_ORDER} then 1 else 0 end)`.as('orders'),
  sql<number>`sum(case when ${PLACED_ORDER} then orders.order_fen else 0 end)`.as('order_fen'),
  sql<number>`sum(case when ${PAID_ORDER} then 1 else 0 end)`.as('paid_orders'),
  sql<number>`sum(case when ${PAID_ORDER} then orders.paid_fen else 0 end)`.as('paid_fen'),
  sql<number>`sum(case when ${PAID_ORDER} then orders.commission_fen else 0 end)`.as('commission_fen'),
];

/**
 * A rule as a group's flag, 1 / true when it holds. PostgreSQL: the boolean itself — it knows a boolean has two values
 * and hashes the few groups, where of `case … then 1 else 0` it guessed tens of thousands of groups and sorted every row,
 * on disk past work_mem (an admin's 90 days of orders: bench/README.md "Order list of every customer"). SQLite sorts the
 * rows either way, and the `case` form was the faster there.
 */
const flag = (engine: Engine, rule: RawBuilder<boolean>) =>
  engine === 'postgres' ? sql<boolean | number>`${rule}` : sql<boolean | number>`case when ${rule} then 1 else 0 end`;

/**
 * Count, sums (docs/metrics.md: placed = not closed before payment; paid = paid, confirmed, settled) and postback
 * states: plain sums per (postback state, placed, paid), added up here by those two flags. The same figures as
 * `orderSums`, each row's rules evaluated once instead of once per sum (an agent's 90 days sum 18 000 rows; the
 * conditional sums took a quarter more time on PostgreSQL, bench/README.md "Order list at 90 days").
 */
export async function totals(db: Executor, scope: OrderScope, f: OrderFilter): Promise<Totals> {
  const groups = await filtered(db, scope, f)
    .select([
      'orders.postback_state as state',
      flag(engineOf(db), PLACED_ORDER).as('placed'),
      flag(engineOf(db), PAID_ORDER).as('paid'),
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(orders.order_fen)`.as('order_fen'),
      sql<number>`sum(orders.paid_fen)`.as('paid_fen'),
      sql<number>`sum(orders.commission_fen)`.as('commission_fen'),
    ])
    // by position: the flags' status lists are bound values, which PostgreSQL would not match to the same text again
    .groupBy([sql.lit(1), sql.lit(2), sql.lit(3)])
    .execute();
  const out: Totals = { total: 0, closed_unpaid: 0, orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0, postback: {} };
  for (const g of groups) {
    const n = Number(g.n);
    out.total += n;
    out.postback[g.state] = (out.postback[g.state] ?? 0) + n;
    if (Number(g.placed) === 1) {
      out.orders += n;
      out.order_fen += Number(g.order_fen);
    } else out.closed_unpaid += n;
    if (Number(g.paid) === 1) {
      out.paid_orders += n;
      out.paid_fen += Number(g.paid_fen);
      out.commission_fen += Number(g.commission_fen);
    }
  }
  return out;
}
