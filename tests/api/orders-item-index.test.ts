/**
 * Migration 0076 (`orders_item_created`) and an item's order list (`/napi/itemanalyse/order`, dashboard/store.ts
 * `itemOrderPage`): on a database written by the previous version, the upgrade keeps every order, and every page,
 * count and closed-unpaid count of an item's orders — by item, by link, for several customers or all — is the same
 * before and after it and what the orders' own rows say. On SQLite the list now reads the item's index.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { itemOrderPage } from '../../src/server/dashboard/store.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { databaseAt, dialects } from '../support/dialects.ts';
import { acrossUpgrade } from '../support/upgrade.ts';

const T0 = 1_790_000_000;
const STATUSES = ['paid', 'settled', 'closed', 'refunded', 'unpaid'] as const;

/** 240 orders: four customers, three items, two links per item, spread over 40 hours, some placed in the same second. */
async function addOrders(db: Db) {
  const rows = Array.from({ length: 240 }, (_, i) => {
    const item = `item${i % 3}`;
    const customer = 1 + ((i * 7) % 4);
    const created = T0 + ((i * 13) % 40) * 3600 + (i % 5 === 0 ? 0 : i);
    const status = STATUSES[i % STATUSES.length]!;
    const paid = status === 'closed' || status === 'unpaid' ? 0 : created + 60;
    return sql`('taobao', ${`o${i}`}, ${item}, ${`p${i % 6}`}, ${status}, ${customer}, ${created}, ${paid}, ${100 + i}, ${paid ? 90 + i : 0}, 1, 1)`;
  });
  await sql`insert into orders (union_name, order_id, item_id, pageid, status, customerid, created_at, paid_at, order_fen, paid_fen,
      first_seen_at, updated_at) values ${sql.join(rows)}`.execute(db);
}

const CASES = [
  { name: 'an item, two customers', q: { customers: [1, 2], itemId: 'item1' } },
  { name: 'an item, every customer', q: { customers: null, itemId: 'item2' } },
  { name: 'a link', q: { customers: [1, 2, 3], itemId: 'item0', pageid: 'p3' } },
] as const;
const SPAN = { from: T0 + 5 * 3600, to: T0 + 30 * 3600 };

describe.each(dialects())("an item's order list over 0076 on $name", (dialect) => {
  it('an upgrade keeps every order; every page and count is what the rows say, before and after', async () => {
    const h = await databaseAt(dialect.name, '0075_ad_block_lengths');
    try {
      const db = h.db;
      await addOrders(db);
      const all = async () => (await sql<Record<string, unknown>>`select * from orders order by id`.execute(db)).rows;
      const before = await all();
      const read = async () => {
        const out: Record<string, unknown> = {};
        for (const c of CASES) {
          const ids: string[] = [];
          let counts: unknown;
          for (let offset = 0; ; offset += 7) {
            const page = await itemOrderPage(db, { ...c.q, ...SPAN, limit: 7, offset });
            ids.push(...page.rows.map((r) => r.order_id));
            counts = { total: page.total, closedUnpaid: page.closedUnpaid };
            if (page.rows.length < 7) break;
          }
          out[c.name] = { ids, counts };
        }
        return out;
      };
      const atLatest = await acrossUpgrade(h, all, read);

      for (const c of CASES) {
        const q = c.q as { customers: readonly number[] | null; itemId: string; pageid?: string };
        const rows = before
          .filter((r) => (q.pageid ? r.pageid === q.pageid : r.item_id === q.itemId))
          .filter((r) => !q.customers || q.customers.includes(Number(r.customerid)))
          .filter((r) => Number(r.created_at) >= SPAN.from && Number(r.created_at) < SPAN.to);
        expect(rows.length, c.name).toBeGreaterThan(10);
        const order = [...rows]
          .sort((a, b) => Number(b.created_at) - Number(a.created_at) || Number(b.id) - Number(a.id))
          .map((r) => r.order_id);
        const got = atLatest[c.name] as { ids: string[]; counts: { total: number } };
        expect(got.ids, c.name).toEqual(order);
        expect(got.counts.total, c.name).toBe(rows.length);
      }

      if (dialect.name === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan select order_id from orders where item_id = ${'item1'}
            and created_at >= ${SPAN.from} and created_at < ${SPAN.to} and customerid in (1, 2)`.execute(db);
        expect(plan.rows.map((r) => r.detail).join(' ')).toContain('orders_item_created');
      } else {
        const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'orders_item_created'`.execute(db);
        expect(idx.rows[0]?.indexdef).toContain('(item_id, created_at)');
      }
    } finally {
      await h.close();
    }
  });
});
