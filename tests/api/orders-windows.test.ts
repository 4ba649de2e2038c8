import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import type { AffiliateConnectors } from '../../src/server/connectors/affiliate.ts';
import { createAffiliateConnectors, loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { createTaobaoConnector } from '../../src/server/connectors/taobao/index.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { BACKFILL_DAYS, LAG_SECONDS, OVERLAP_SECONDS } from '../../src/server/orders/sync.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp, unionEnv } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { makeLink, makeUser } from '../support/factories.ts';
import { followJump, placeOrder, setWatermarks, syncOrders } from '../support/factories-orders.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

/** Windows and pages: 淘宝 pulled 2 orders a page, and a fetch that can fail the N-th order call (HTTP 500). */
describe.each(dialects())('order sync windows and pages on $name', (dialect) => {
  let sb: RunningSandbox;
  let t: TestApp;
  let clock: ManualClock;
  let owner: UserRow;
  let link: LinkView;
  let orderCalls = 0;
  let failCalls = new Set<number>();
  /** When set, the next order call waits here: a sync held in flight while another node tries to run. */
  let hold: { reached: () => void; release: Promise<void> } | null = null;

  const connectors = (): AffiliateConnectors => {
    const cfg = loadAffiliateConfig(unionEnv(sb.url), 'http://127.0.0.1:1');
    const fetchImpl: typeof fetch = async (input, init) => {
      if (String(init?.body ?? '').includes('taobao.tbk.order.details.get')) {
        orderCalls += 1;
        if (failCalls.has(orderCalls)) return new Response('busy', { status: 500 });
        const h = hold;
        hold = null;
        if (h) {
          h.reached();
          await h.release;
        }
      }
      return fetch(input, init);
    };
    const all = createAffiliateConnectors(cfg, fetchImpl, () => clock.nowMs());
    return { ...all, taobao: createTaobaoConnector({ ...cfg.taobao, pageSize: 2 }, { ...cfg.http, fetchImpl }, () => clock.nowMs()) };
  };

  async function orders(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const click = await followJump(t, link);
      ids.push((await placeOrder(t, 'taobao', click, 'settled', { created_at: clock.now() + 5 + i, paid_at: clock.now() + 10 + i })).id);
    }
    clock.advance(5 * 60_000);
    return ids;
  }
  const stored = async () => (await t.deps.db.selectFrom('orders').select('order_id').orderBy('order_id').execute()).map((r) => r.order_id);
  const watermark = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('job_cursors')
          .select('value')
          .where('job', '=', 'order-sync')
          .where('key', '=', 'taobao')
          .executeTakeFirstOrThrow()
      ).value,
    );

  beforeEach(async () => {
    clock = testClock();
    sb = await startSandbox({ now: () => clock.nowMs(), historyDays: 0 });
    orderCalls = 0;
    failCalls = new Set();
    hold = null;
    t = await makeTestApp(dialect, {}, { clock, unionSandbox: sb, affiliates: connectors() });
    owner = await makeUser(t.deps);
    link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' });
    await setWatermarks(t);
  });
  afterEach(async () => {
    await t.close();
    await sb.close();
  });

  it('an empty window reads one page, stores nothing and moves the watermark to its end', async () => {
    expect(await syncOrders(t)).toEqual({ rows: 0, error: '' });
    expect(await stored()).toEqual([]);
    expect(await watermark()).toBe(clock.now() - LAG_SECONDS);
    expect(orderCalls).toBe(1);
  });

  it('exactly one page', async () => {
    const ids = await orders(2);
    expect(await syncOrders(t)).toEqual({ rows: 2, error: '' });
    expect(await stored()).toEqual(ids.sort());
    expect(orderCalls).toBe(1);
  });

  it('more than one page', async () => {
    const ids = await orders(5);
    expect(await syncOrders(t)).toEqual({ rows: 5, error: '' });
    expect(await stored()).toEqual(ids.sort());
    expect(orderCalls).toBe(3);
  });

  it('a union error mid-window keeps what was read and the watermark; the next run resumes from it', async () => {
    const ids = await orders(5);
    const before = await watermark();
    failCalls = new Set([2, 3]); // page 2 fails, and its retry
    const failed = await syncOrders(t);
    expect(failed.error).toMatch(/订单同步失败：taobao: /);
    expect(await stored()).toHaveLength(2);
    expect(await watermark()).toBe(before);
    const runs = await t.deps.db
      .selectFrom('job_runs')
      .select(['key', 'error'])
      .where('job', '=', 'order-sync')
      .where('key', '=', 'taobao')
      .execute();
    expect(runs.at(-1)?.error).not.toBe('');
    expect(await syncOrders(t)).toMatchObject({ error: '' });
    expect(await stored()).toEqual(ids.sort());
    expect(await watermark()).toBe(clock.now() - LAG_SECONDS);
  });

  it('two nodes: one sync at a time, nothing stored twice', async () => {
    const ids = await orders(3);
    const db2 = await (t.handle as TestHandle).second();
    const second = await makeTestApp(dialect, {}, { clock, handle: db2, unionSandbox: sb, affiliates: connectors() });
    try {
      // node 1's sync is held in flight (its lease taken) while node 2 asks to run: node 2 must not
      let reached!: () => void;
      let release!: () => void;
      const inFlight = new Promise<void>((r) => (reached = r));
      hold = { reached, release: new Promise<void>((r) => (release = r)) };
      const first = t.deps.jobs.run('order-sync');
      await inFlight;
      expect(await second.deps.jobs.run('order-sync')).toMatchObject({ ran: false });
      release();
      expect(await first).toMatchObject({ ran: true, error: '' });
      // both at once, again: whichever runs, nothing is stored twice
      await Promise.all([t.deps.jobs.run('order-sync'), second.deps.jobs.run('order-sync')]);
    } finally {
      await second.close();
      await db2.close();
    }
    expect(await stored()).toEqual(ids.sort());
    expect(
      Number(
        (
          await t.deps.db
            .selectFrom('order_status_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
  });
});

type UnionOrder = { id: string; created_at: number; indexed_at: number } & Partial<Record<(typeof UNION_EVENTS)[number], number | null>>;
/** The union sandbox's order events (sandbox/unions/world.ts), each counted once it has happened. */
const UNION_EVENTS = ['created_at', 'deposit_at', 'paid_at', 'received_at', 'settled_at', 'refunded_at', 'closed_at'] as const;
/** An order's last change as the union saw it at `at` (the sandbox's 修改时间 query). */
const modifiedAt = (o: UnionOrder, at: number): number =>
  Math.max(...[...UNION_EVENTS.map((k) => o[k] ?? 0), o.indexed_at].filter((v) => v <= at), 0);
const within = (t: number, from: number, to: number) => t >= from && t < to;

describe.each(dialects().slice(0, 1))('first configuration on $name', (dialect) => {
  it('back-fills the last 30 days of a union’s orders', async () => {
    const clock = testClock();
    const t = await makeTestApp(dialect, {}, { clock, unionHistoryDays: 30 });
    try {
      const owner = await makeUser(t.deps);
      await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' }); // the sandbox back-fills its history
      const now1 = clock.now();
      const cutoff = now1 - LAG_SECONDS;
      await syncOrders(t);
      clock.advance(5 * 60_000);
      const now2 = clock.now();
      await syncOrders(t);
      const union = await t.unions.admin<UnionOrder[]>('taobao', '/orders');
      // The sync reads an order by its last change (the union's 修改时间: its latest event by then, or when a back-filled
      // order was listed) in [from, now − lag); one whose last change fell in the lag of both runs (an event in the
      // last minute before either) waits for the next run. The orders are random per run (the sandbox's click ids).
      const read = (o: UnionOrder) =>
        within(modifiedAt(o, now1), now1 - BACKFILL_DAYS * 86400, now1 - LAG_SECONDS) ||
        within(modifiedAt(o, now2), now1 - LAG_SECONDS - OVERLAP_SECONDS, now2 - LAG_SECONDS);
      const placed = union.filter((o) => o.created_at < cutoff);
      const expected = placed
        .filter(read)
        .map((o) => o.id)
        .sort();
      expect(expected.length).toBeGreaterThan(20);
      expect(placed.length - expected.length).toBeLessThanOrEqual(2);
      expect(Math.min(...union.map((o) => o.created_at))).toBeLessThan(clock.now() - 25 * 86400);
      const got = (await t.deps.db.selectFrom('orders').select(['order_id', 'created_at']).execute()).filter((o) => o.created_at < cutoff);
      expect(got.map((o) => o.order_id).sort()).toEqual(expected);
    } finally {
      await t.close();
    }
  });
});
