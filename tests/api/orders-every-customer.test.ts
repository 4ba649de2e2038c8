/**
 * An order list of every customer (admins, UDSmart) read by each customer's range of the orders' customer-led indexes
 * (src/server/orders/list-store.ts `seekableScope`, db/loose-scan.ts), and the time filters' lower bound: the same rows,
 * pages and sums as the scan of every attributed order, orders of no customer (未归因 to a link) left out as before;
 * and a range with its own start carries no second lower bound (`> 0`) for SQLite to bound the index by instead.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import { filtered, listOrders, type OrderFilter, orderCustomerSeek, seekableScope } from '../../src/server/orders/list-store.ts';
import { totals } from '../../src/server/orders/list-totals.ts';
import type { OrderScope } from '../../src/server/orders/scope.ts';
import { dialects } from '../support/dialects.ts';

const T0 = 1_790_000_000;
const EVERYONE: OrderScope = { customers: null, accounts: null };

/** 240 orders: customers 3, 7, 8, 12 and 40, and 0 (no link: nobody's); pay, deposit and create times spread over 40 hours. */
async function addOrders(db: DatabaseHandle['db']) {
  const customers = [0, 3, 7, 8, 12, 40];
  const rows = Array.from({ length: 240 }, (_, i) => {
    const created = T0 + ((i * 7) % 40) * 3600;
    const paid = i % 4 === 0 ? 0 : created + (i % 5) * 600;
    const deposit = i % 5 === 0 ? created + 60 : 0;
    const status = paid ? (['paid', 'confirmed', 'settled'] as const)[i % 3] : i % 8 === 0 ? 'closed' : 'unpaid';
    return sql`('taobao', ${`o${i}`}, ${status}, ${customers[i % 6]}, ${created}, ${paid}, ${deposit}, ${100 + i}, ${paid ? 90 + i : 0},
      ${i % 13}, ${i % 9 === 0 ? 'pending' : 'none'}, 1, 1)`;
  });
  for (let i = 0; i < rows.length; i += 60)
    await sql`insert into orders (union_name, order_id, status, customerid, created_at, paid_at, deposit_paid_at, order_fen, paid_fen,
        commission_fen, postback_state, first_seen_at, updated_at) values ${sql.join(rows.slice(i, i + 60))}`.execute(db);
}

const PAY: OrderFilter = { ranges: [{ column: 'paid_at', from: T0 + 5 * 3600, to: T0 + 30 * 3600 }] };
const DEPOSIT: OrderFilter = { ranges: [{ column: 'deposit_paid_at', from: T0 + 2 * 3600, to: T0 + 38 * 3600 }] };
const CREATED_BEFORE: OrderFilter = { ranges: [{ column: 'created_at', to: T0 + 20 * 3600 }] };
const FILTERS: Record<string, OrderFilter> = {
  'pay range': PAY,
  'deposit range': DEPOSIT,
  'created before': CREATED_BEFORE,
  'no range, pending': { postback: 'pending', ranges: [] },
};

describe.each(dialects())('an order list of every customer on $name', (dialect) => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await dialect.open();
    await addOrders(h.db);
  });
  afterAll(async () => {
    orderCustomerSeek.on = true;
    await h.close();
  });

  it('is read per customer that has orders, with the same pages and sums as the scan of every attributed order', async () => {
    const seek = await seekableScope(h.db, EVERYONE);
    expect(seek).toEqual({ customers: [3, 7, 8, 12, 40], accounts: null });
    // some customers' scope is theirs already
    const agent: OrderScope = { customers: [7, 8], accounts: null };
    expect(await seekableScope(h.db, agent)).toBe(agent);
    orderCustomerSeek.on = false;
    expect(await seekableScope(h.db, EVERYONE)).toBe(EVERYONE);
    orderCustomerSeek.on = true;

    for (const [name, f] of Object.entries(FILTERS)) {
      const read = async (scope: OrderScope) => {
        const ids: string[] = [];
        for (let offset = 0; ; offset += 25) {
          const page = await listOrders(h.db, scope, f, { column: 'created_at', dir: 'desc' }, 25, offset);
          ids.push(...page.map((o) => o.order_id));
          if (page.length < 25) break;
        }
        return { ids, totals: await totals(h.db, scope, f) };
      };
      const scanned = await read(EVERYONE);
      expect(scanned.ids.length, name).toBeGreaterThan(10);
      expect(await read(seek), name).toEqual(scanned);
    }
  });

  it('a range with its own start has one lower bound; the deposit time and a range without start keep `> 0`', () => {
    const where = (f: OrderFilter) => ({ text: filtered(h.db, EVERYONE, f).select('orders.id').compile().sql });
    const lower = (column: string, f: OrderFilter) => where(f).text.split(`"orders"."${column}" > `).length - 1;
    expect(lower('paid_at', PAY)).toBe(0);
    expect(where(PAY).text).toContain('"orders"."paid_at" >= ');
    expect(lower('deposit_paid_at', DEPOSIT)).toBe(1);
    expect(lower('created_at', CREATED_BEFORE)).toBe(1);
    expect(lower('paid_at', { ranges: [{ column: 'paid_at', from: 0, to: T0 }] })).toBe(1);
  });
});
