/**
 * One ingest batch as the sync writes it (orders/ingest.ts, batch-store.ts): on PostgreSQL one statement over arrays
 * (`unnestRows`), on SQLite a statement per table (inserts as bound VALUES lists, the changed orders as JSON). Text the unions send comes back exactly as sent (quotes,
 * backslashes, braces, control characters), and a re-pull that changes nothing writes nothing. The sync's pipeline
 * (orders/pipeline.ts: the next batch read while one is written) stores what batch after batch stores, and a failed
 * write stops it with nothing after it written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AffiliateOrder } from '../../src/server/connectors/affiliate.ts';
import { type IngestResult, ingestOrders, type Next, writeOrders } from '../../src/server/orders/ingest.ts';
import { IngestPipeline } from '../../src/server/orders/pipeline.ts';
import { ordersByIds } from '../../src/server/orders/store.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { expectOrderCustomerDaysExact } from '../support/order-customer-days.ts';
import { countWrites, refuseOrder } from '../support/write-triggers.ts';

/** Titles a union may send: each must be stored as it came (U+0000 alone is dropped: orders/model.ts). */
const TITLES = [
  'plain',
  'a "quoted" title',
  'back\\slash \\" and \\\\ two',
  '{braces}, commas, NULL',
  'NULL',
  '',
  'line\nbreak\ttab\r\u0001',
  '表情 🙂 中文',
  ' spaced ',
];

/** Every table an ingest batch writes. */
const WRITTEN = ['orders', 'order_status_log', 'order_facts_hourly', 'order_facts_daily', 'order_customer_days', 'postbacks'];

describe.each(dialects())('an ingest batch on $name', (dialect) => {
  let t: TestApp;
  let tracking: AffiliateOrder['tracking'];
  let now: number;

  beforeEach(async () => {
    t = await makeTestApp(dialect);
    const owner = await makeUser(t.deps, { email: 'batch@x.cn' });
    const link = await makeLink(t.deps, owner, { platform: 2 });
    const reg = await t.deps.db
      .selectFrom('affiliate_links')
      .select('tracking_key')
      .where('pageid', '=', link.pageid)
      .executeTakeFirstOrThrow();
    const [, adzoneId = '', relationId = '', specialId = ''] = reg.tracking_key.split(':');
    tracking = { union: 'taobao', pid: `mm_1_2_${adzoneId}`, siteId: '2', adzoneId, relationId, specialId };
    now = t.deps.clock.now();
  });
  afterEach(() => t.close());

  const order = (i: number, title: string, over: Partial<AffiliateOrder> = {}): AffiliateOrder => ({
    union: 'taobao',
    orderId: `90000000000000${i}`,
    parentOrderId: `80000000000000${i}`,
    itemId: `6123${i}`,
    itemTitle: title,
    itemImage: `https://img.example/${i}.jpg?a="b"&c=\\d`,
    itemNum: 1,
    itemPriceFen: 1000 + i,
    orderFen: 1000 + i,
    payFen: 1000 + i,
    settleFen: 0,
    commissionRateBp: 500,
    commissionFen: 50 + i,
    settledCommissionFen: 0,
    status: 'paid',
    rawStatus: '12',
    createdAt: now - 3600 - i,
    paidAt: now - 3500 - i,
    receivedAt: null,
    settledAt: null,
    clickAt: now - 3700 - i,
    modifiedAt: now - 3500,
    presell: null,
    tracking,
    ud: null,
    raw: { seller_shop_title: `店 "${i}" \\` },
  });

  const ingest = async (orders: AffiliateOrder[], at: number) =>
    t.deps.db.transaction().execute((tx) => ingestOrders(tx, t.deps.engine, orders, at));

  it('stores the union text exactly as sent, with its status log and facts', async () => {
    const page = TITLES.map((title, i) => order(i, title));
    const r = await ingest(page, now);
    expect(r).toMatchObject({ inserted: TITLES.length, updated: 0, unchanged: 0 });
    const rows = await t.deps.db
      .selectFrom('orders')
      .select(['order_id', 'item_title', 'item_image', 'shop_name', 'tracking'])
      .orderBy('id')
      .execute();
    expect(rows.map((x) => x.item_title)).toEqual(TITLES);
    expect(rows.map((x) => x.item_image)).toEqual(page.map((o) => o.itemImage));
    expect(rows.map((x) => x.shop_name)).toEqual(page.map((_o, i) => `店 "${i}" \\`));
    expect(JSON.parse(rows[0]!.tracking)).toEqual(tracking);
    const log = await t.deps.db.selectFrom('order_status_log').select(['order_id', 'status']).orderBy('id').execute();
    expect(log.map((l) => l.order_id)).toEqual(page.map((o) => o.orderId));
    const facts = await t.deps.db
      .selectFrom('order_facts_daily')
      .select((eb) => [eb.fn.sum<number>('orders').as('orders'), eb.fn.sum<number>('paid_fen').as('paid_fen')])
      .executeTakeFirstOrThrow();
    expect(Number(facts.orders)).toBe(TITLES.length);
    expect(Number(facts.paid_fen)).toBe(page.reduce((s, o) => s + o.payFen, 0));
    expect(await expectOrderCustomerDaysExact(t.deps.db)).toBeGreaterThan(0);
  });

  it('a re-pull that changes nothing writes nothing; a late update rewrites only its order', async () => {
    const page = TITLES.map((title, i) => order(i, title));
    await ingest(page, now);
    const before = await t.deps.db.selectFrom('orders').selectAll().orderBy('id').execute();

    const written = await countWrites(t.deps.db, t.deps.engine, WRITTEN);
    const r = await ingest(page, now + 600);
    expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: TITLES.length, postbacks: 0 });
    expect(await written()).toBe(0);
    expect(await t.deps.db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(before);

    const changed = { ...page[1]!, status: 'settled' as const, rawStatus: '3', settledAt: now + 100, modifiedAt: now + 100 };
    const r2 = await ingest([...page.slice(0, 1), changed, ...page.slice(2)], now + 1200);
    expect(r2).toMatchObject({ inserted: 0, updated: 1, unchanged: TITLES.length - 1 });
    // the order and its status log row: settling moves no order fact (model.ts contributions), so no fact row is written
    expect(await written()).toBe(2);
    const after = await t.deps.db.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(after.filter((o, i) => JSON.stringify(o) !== JSON.stringify(before[i])).map((o) => o.order_id)).toEqual([changed.orderId]);
    expect(after[1]).toMatchObject({ status: 'settled', item_title: TITLES[1], updated_at: now + 1200 });
    const log = await t.deps.db
      .selectFrom('order_status_log')
      .select(['from_status', 'status'])
      .where('order_id', '=', changed.orderId)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { from_status: '', status: 'paid' },
      { from_status: 'paid', status: 'settled' },
    ]);
  });

  it("a late update written after the postback worker moved the order's postback state keeps the worker's state", async () => {
    const page = [order(1, 'plain')];
    await ingest(page, now);
    const id = page[0]!.orderId;
    const setState = (state: string) => t.deps.db.updateTable('orders').set({ postback_state: state }).where('order_id', '=', id).execute();
    const readOrder = async () => (await ordersByIds(t.deps.db, t.deps.engine, 'taobao', [id])).get(id)!;
    /** Write the order as the batch would, from the row it read, and what is stored afterwards. */
    const write = async (old: Awaited<ReturnType<typeof readOrder>>, change: Record<string, unknown>, at: number) => {
      const next = { ...old, ...change } as unknown as Next;
      const r = await t.deps.db.transaction().execute((tx) => writeOrders(tx, t.deps.engine, [{ old, next }], at));
      expect(r).toMatchObject({ updated: 1 });
      return t.deps.db.selectFrom('orders').select(['status', 'postback_state']).where('order_id', '=', id).executeTakeFirstOrThrow();
    };
    await setState('pending'); // the conversion was queued
    const old = await readOrder(); // the batch reads the order (pending) …
    await setState('sent'); // … the postback worker sends it meanwhile …
    // … and the batch writes the order's late update with the state it read
    const late = { status: 'settled', raw_status: '3', settled_at: now + 100, modified_at: now + 100 };
    expect(await write(old, late, now + 200)).toEqual({ status: 'settled', postback_state: 'sent' });

    // over a stored 'none' the batch's state is written (the batch queued the conversion)
    await setState('none');
    const queued = { status: 'confirmed', modified_at: now + 300, postback_state: 'pending' };
    expect(await write(await readOrder(), queued, now + 400)).toEqual({ status: 'confirmed', postback_state: 'pending' });
  });

  /** Batches as a sync meets them: new orders, late updates of the batch just before and of an earlier one, a stale version, a re-pull. */
  const pages = (): AffiliateOrder[][] => {
    const a = [0, 1, 2].map((i) => order(i, `甲 ${i}`));
    const b = [3, 4, 5].map((i) => order(i, `乙 ${i}`));
    const settled = (o: AffiliateOrder, at: number): AffiliateOrder => ({
      ...o,
      status: 'settled',
      rawStatus: '3',
      settledAt: at,
      modifiedAt: at,
    });
    const c = [settled(b[0]!, now + 100), settled(a[0]!, now + 110), order(6, '丙 6')];
    const d = [{ ...a[1]!, itemTitle: '旧版本', modifiedAt: now - 4000 }, ...b];
    return [a, b, c, d];
  };
  const ORDER_TABLES = ['orders', 'order_status_log', 'order_facts_hourly', 'order_facts_daily', 'postbacks'] as const;
  /** Every row the ingest wrote, without the generated ids, in a stable order. */
  const stored = async () => {
    const out: Record<string, string[]> = {};
    for (const table of ORDER_TABLES) {
      const rows = await t.deps.db.selectFrom(table).selectAll().execute();
      out[table] = rows.map(({ id: _id, ...rest }: Record<string, unknown>) => JSON.stringify(rest)).sort();
    }
    return out;
  };
  const sum = (rs: IngestResult[]) =>
    rs.reduce((s, r) => ({
      inserted: s.inserted + r.inserted,
      updated: s.updated + r.updated,
      unchanged: s.unchanged + r.unchanged,
      stale: s.stale + r.stale,
      postbacks: s.postbacks + r.postbacks,
    }));

  it("the sync's pipeline stores what batch after batch stores, when a batch updates the one being written", async () => {
    const results: IngestResult[] = [];
    for (const [k, page] of pages().entries()) results.push(await ingest(page, now + 60 * k));
    const expected = await stored();
    expect(sum(results)).toEqual({ inserted: 7, updated: 2, unchanged: 2, stale: 2, postbacks: expect.any(Number) });
    expect(expected.order_status_log).toHaveLength(9);
    for (const table of ORDER_TABLES) await t.deps.db.deleteFrom(table).execute();

    let k = 0;
    const pipeline = new IngestPipeline(t.deps.db, t.deps.engine, () => now + 60 * k++);
    for (const page of pages()) await pipeline.push(page);
    await pipeline.settle();
    expect(pipeline.totals).toEqual(sum(results));
    expect(await stored()).toEqual(expected);
  });

  it('a failed write is thrown and nothing after it is written', async () => {
    const [a, b, c] = pages();
    // the database refuses the failing batch's first order
    await refuseOrder(t.deps.db, t.deps.engine, b![0]!.orderId, '写入被拒绝');
    const pipeline = new IngestPipeline(t.deps.db, t.deps.engine, () => now);
    const run = async () => {
      await pipeline.push(a!);
      await pipeline.push(b!);
      await pipeline.push(c!);
      await pipeline.settle();
    };
    await expect(run()).rejects.toThrow('写入被拒绝');
    await pipeline.settle(); // nothing left running, nothing thrown twice
    expect(pipeline.totals).toMatchObject({ inserted: 3, updated: 0 });
    const ids = await t.deps.db.selectFrom('orders').select('order_id').orderBy('order_id').execute();
    expect(ids.map((r) => r.order_id)).toEqual(a!.map((o) => o.orderId).sort());
    expect(await t.deps.db.selectFrom('order_status_log').select('order_id').execute()).toHaveLength(3);
  });
});
