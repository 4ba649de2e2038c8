import type { Executor } from '../kernel/executor.ts';

/**
 * The orders feature's read API over its hourly order facts, for summaries outside the feature (the hourly
 * report e-mail). `customers` null = every customer; hours are hour starts (epoch seconds), both ends included.
 */
export type Customers = readonly number[] | null;

const inScope = (customers: Customers) => (customers === null ? null : customers.length ? [...customers] : [-1]);

export interface OrderSums {
  orders: number;
  orderFen: number;
  paidOrders: number;
  paidFen: number;
}

/**
 * Attributed order sums keyed by channel (`'2'`), by plan (`'2:<plan id>'`, channel and plan) or by link
 * (`'<pageid>'`).
 */
export async function orderSums(
  db: Executor,
  customers: Customers,
  fromHour: number,
  toHour: number,
  by: 'channel' | 'plan' | 'link',
): Promise<Map<string, OrderSums>> {
  let q = db
    .selectFrom('order_facts_hourly')
    .select((eb) => [
      'channel',
      eb.fn.max('plan_id').as('plan_id'),
      eb.fn.max('pageid').as('pageid'),
      eb.fn.sum<number>('orders').as('orders'),
      eb.fn.sum<number>('order_fen').as('order_fen'),
      eb.fn.sum<number>('paid_orders').as('paid_orders'),
      eb.fn.sum<number>('paid_fen').as('paid_fen'),
    ])
    .where('hour', '>=', fromHour)
    .where('hour', '<=', toHour);
  const scope = inScope(customers);
  if (scope) q = q.where('customerid', 'in', scope);
  if (by === 'plan') q = q.where('plan_id', '!=', '');
  if (by === 'link') q = q.where('pageid', '!=', '');
  const grouped =
    by === 'channel' ? q.groupBy('channel') : by === 'plan' ? q.groupBy(['channel', 'plan_id']) : q.groupBy(['channel', 'pageid']);
  const out = new Map<string, OrderSums>();
  for (const r of await grouped.execute()) {
    const key = by === 'channel' ? String(r.channel) : by === 'plan' ? `${r.channel}:${r.plan_id}` : String(r.pageid);
    const was = out.get(key) ?? { orders: 0, orderFen: 0, paidOrders: 0, paidFen: 0 };
    out.set(key, {
      orders: was.orders + Number(r.orders ?? 0),
      orderFen: was.orderFen + Number(r.order_fen ?? 0),
      paidOrders: was.paidOrders + Number(r.paid_orders ?? 0),
      paidFen: was.paidFen + Number(r.paid_fen ?? 0),
    });
  }
  return out;
}
