/**
 * Migration 0073 and the order list's reads at 90 days (bench/README.md "Order list at 90 days"): `orders_customer_paid`
 * also holds what the list's sums read, a page's ids are chosen before its rows are joined to their links, and the
 * sums are read per (postback state, placed, paid). None of it may change a figure: on a database written by the
 * previous version, before and after the upgrade, every page of the list, its keyset pages and its count, sums and
 * postback counts equal what the orders' own rows say (docs/metrics.md) and the previous conditional sums
 * (`orderSums` by postback state), for a pay-time range, a status, a postback state, no range and a sort by amount.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/kernel/executor.ts';
import { filtered, listOrders, type OrderFilter, orderKeysetPage, type SortColumn } from '../../src/server/orders/list-store.ts';
import { orderSums, type Totals, totals } from '../../src/server/orders/list-totals.ts';
import type { OrderScope } from '../../src/server/orders/scope.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { acrossUpgrade } from '../support/upgrade.ts';

const STATUSES = ['unpaid', 'deposit_paid', 'paid', 'confirmed', 'settled', 'refunded', 'closed', 'invalid'] as const;
const POSTBACK = ['none', 'pending', 'sent', 'failed', 'in_doubt'] as const;
const T0 = 1_790_000_000;

interface Row {
  id: number;
  order_id: string;
  customerid: number;
  status: string;
  postback_state: string;
  created_at: number;
  paid_at: number;
  deposit_paid_at: number;
  order_fen: number;
  paid_fen: number;
  commission_fen: number;
}

/** 300 orders of five customers (one outside the scope), many paid in the same second, every status and postback state. */
async function addOrders(db: Db) {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(seed / 65_536) % n;
  };
  const pick = <T>(xs: readonly T[]) => xs[next(xs.length)] as T;
  const rows = Array.from({ length: 300 }, (_, i) => {
    const status = pick(STATUSES);
    const created = T0 + next(40) * 3600;
    const paid = status === 'unpaid' || status === 'deposit_paid' || (status !== 'paid' && next(3) === 0) ? 0 : created + next(4) * 600;
    const deposit = status === 'deposit_paid' || next(5) === 0 ? created + 60 : 0;
    const [customer, orderFen, paidFen, commission, postback] = [
      1 + next(5),
      100 + next(5) * 100,
      paid ? 90 + next(3) : 0,
      next(30),
      pick(POSTBACK),
    ];
    return sql`('taobao', ${`o${i}`}, ${status}, ${customer}, ${created}, ${paid}, ${deposit}, ${orderFen}, ${paidFen}, ${commission}, ${postback}, 1, 1)`;
  });
  for (let i = 0; i < rows.length; i += 50)
    await sql`insert into orders (union_name, order_id, status, customerid, created_at, paid_at, deposit_paid_at, order_fen, paid_fen,
        commission_fen, postback_state, first_seen_at, updated_at) values ${sql.join(rows.slice(i, i + 50))}`.execute(db);
}

const NUMBERS = ['id', 'customerid', 'created_at', 'paid_at', 'deposit_paid_at', 'order_fen', 'paid_fen', 'commission_fen'] as const;
/** A stored row with its numbers as numbers (PostgreSQL's bigint comes back as text). */
const rowOf = (r: Record<string, unknown>): Row =>
  ({ ...r, ...Object.fromEntries(NUMBERS.map((k) => [k, Number(r[k])])) }) as unknown as Row;

/** The list's figures as the orders' rows say them (docs/metrics.md: placed, paid). */
function expected(rows: Row[]): Totals {
  const out: Totals = { total: 0, closed_unpaid: 0, orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0, postback: {} };
  for (const r of rows) {
    out.total++;
    out.postback[r.postback_state] = (out.postback[r.postback_state] ?? 0) + 1;
    const placed = !(['closed', 'invalid'].includes(r.status) && r.paid_at === 0 && r.deposit_paid_at === 0);
    if (placed) {
      out.orders++;
      out.order_fen += r.order_fen;
    } else out.closed_unpaid++;
    if (['paid', 'confirmed', 'settled'].includes(r.status)) {
      out.paid_orders++;
      out.paid_fen += r.paid_fen;
      out.commission_fen += r.commission_fen;
    }
  }
  return out;
}

/** The previous release's sums: `orderSums` per postback state, added up. */
async function previousTotals(db: Db, scope: OrderScope, f: OrderFilter): Promise<Totals> {
  const groups = await filtered(db, scope, f)
    .select('orders.postback_state as state')
    .select(orderSums())
    .groupBy('orders.postback_state')
    .execute();
  const out: Totals = { total: 0, closed_unpaid: 0, orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0, postback: {} };
  for (const g of groups) {
    out.total += Number(g.n);
    out.closed_unpaid += Number(g.closed_unpaid ?? 0);
    out.orders += Number(g.orders ?? 0);
    out.order_fen += Number(g.order_fen ?? 0);
    out.paid_orders += Number(g.paid_orders ?? 0);
    out.paid_fen += Number(g.paid_fen ?? 0);
    out.commission_fen += Number(g.commission_fen ?? 0);
    out.postback[g.state] = Number(g.n);
  }
  return out;
}

const CUSTOMERS = [1, 2, 3, 4];
const scope: OrderScope = { customers: CUSTOMERS, accounts: null };
const RANGE = { column: 'paid_at' as const, from: T0 + 5 * 3600, to: T0 + 30 * 3600 };
const inRange = (r: Row) => r.paid_at > 0 && r.paid_at >= RANGE.from && r.paid_at <= RANGE.to;
const CASES: Array<{ name: string; f: OrderFilter; sort: { column: SortColumn; dir: 'asc' | 'desc' }; keep: (r: Row) => boolean }> = [
  {
    name: 'pay range',
    f: { ranges: [RANGE] },
    sort: { column: 'paid_at', dir: 'desc' },
    keep: inRange,
  },
  {
    name: 'pay range and status',
    f: { status: 'settled', ranges: [RANGE] },
    sort: { column: 'paid_at', dir: 'desc' },
    keep: (r) => r.status === 'settled' && inRange(r),
  },
  {
    name: 'pay range and postback state',
    f: { postback: 'pending', ranges: [RANGE] },
    sort: { column: 'paid_at', dir: 'desc' },
    keep: (r) => r.postback_state === 'pending' && inRange(r),
  },
  { name: 'no range', f: { ranges: [] }, sort: { column: 'created_at', dir: 'desc' }, keep: () => true },
  {
    name: 'by amount',
    f: { ranges: [RANGE] },
    sort: { column: 'order_fen', dir: 'asc' },
    keep: inRange,
  },
];

/** Every page of 16 (offset) and every keyset page of 16 (time sorts), in order. */
async function pages(db: Db, c: (typeof CASES)[number]) {
  const byOffset: string[] = [];
  for (let offset = 0; ; offset += 16) {
    const page = await listOrders(db, scope, c.f, c.sort, 16, offset);
    byOffset.push(...page.map((o) => o.order_id));
    if (page.length < 16) break;
  }
  const byKeyset: string[] = [];
  if (c.sort.column === 'paid_at' || c.sort.column === 'created_at') {
    const column = c.sort.column;
    let after: { at: number; id: number } | undefined;
    for (;;) {
      const page = await orderKeysetPage(db, scope, c.f, column, 16, after);
      byKeyset.push(...page.map((o) => o.order_id));
      const last = page.at(-1);
      if (!last || page.length < 16) break;
      after = { at: Number(last[column]), id: Number(last.id) };
    }
  }
  return { byOffset, byKeyset };
}

describe.each(dialects())('the order list over the covering pay-time index on $name', (dialect) => {
  it('an upgrade keeps every order; every page, count, sum and postback count is what the rows say, before and after', async () => {
    const h = await databaseAt(dialect.name, '0071_rollup_blocks');
    try {
      const db = h.db;
      await addOrders(db);
      const all = async () => (await sql<Record<string, unknown>>`select * from orders order by id`.execute(db)).rows.map(rowOf);
      const before = await all();
      const inScope = before.filter((r) => CUSTOMERS.includes(r.customerid));

      const read = async () => {
        const out: Record<string, unknown> = {};
        for (const c of CASES)
          out[c.name] = { ...(await pages(db, c)), totals: await totals(db, scope, c.f), previous: await previousTotals(db, scope, c.f) };
        return out;
      };
      const atLatest = await acrossUpgrade(h, all, read);

      for (const c of CASES) {
        const rows = inScope.filter(c.keep);
        expect(rows.length, c.name).toBeGreaterThan(c.name.includes(' and ') ? 5 : 50);
        const key = (r: Row) => Number(r[c.sort.column as keyof Row]);
        const sign = c.sort.dir === 'asc' ? 1 : -1;
        const order = [...rows].sort((a, b) => sign * (key(a) - key(b) || a.id - b.id)).map((r) => r.order_id);
        const got = atLatest[c.name] as Awaited<ReturnType<typeof pages>> & { totals: Totals; previous: Totals };
        expect(got.byOffset, c.name).toEqual(order);
        if (c.sort.column !== 'order_fen') expect(got.byKeyset, c.name).toEqual(order);
        expect(got.totals, c.name).toEqual(expected(rows));
        expect(got.previous, c.name).toEqual(expected(rows));
      }
      // ties: several orders of the range share a pay second, so the id decides their order
      const seconds = inScope.filter(inRange).map((r) => r.paid_at);
      expect(new Set(seconds).size).toBeLessThan(seconds.length);
      expect((atLatest['no range'] as { totals: Totals }).totals.closed_unpaid).toBeGreaterThan(0);

      if (h.engine === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan
          select postback_state, count(*), sum(order_fen), sum(paid_fen), sum(commission_fen) from orders
          where customerid in (1, 2) and paid_at > 0 and paid_at >= 1 and paid_at <= 2 and status in ('paid') and deposit_paid_at = 0
          group by 1`.execute(db);
        expect(plan.rows.map((r) => r.detail).join(' ')).toContain('COVERING INDEX orders_customer_paid');
      } else {
        const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'orders_customer_paid'`.execute(db);
        expect(idx.rows[0]?.indexdef).toMatch(
          /\(customerid, paid_at, id\) INCLUDE \(status, postback_state, deposit_paid_at, order_fen, paid_fen, commission_fen\)/,
        );
      }
    } finally {
      await h.close();
    }
  }, 120_000);
});
