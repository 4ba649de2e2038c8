import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weighted } from '../../src/server/dashboard/previous.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import type { BoardCard, BoardList, IndexBoard, RankList } from '../../src/shared/dashboard.ts';
import { addSums, metricsOf, toWire, type WireMetrics } from '../../src/shared/metrics.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects, withSqliteFile } from '../support/dialects.ts';
import { download, readXlsx } from '../support/factories-exports.ts';
import { addAdFact } from '../support/factories-facts.ts';
import { buildWorld, expected, expectedSums, type Narrow, NOW, type World } from './dashboard-fixture.ts';

const at = parseChinaTime;
const day = (d: string) => at(d);
const TODAY = { from: day('2026-03-18'), to: at('2026-03-18 15:00') };
const YESTERDAY_CUT = { from: day('2026-03-17'), to: at('2026-03-17 15:00') };
/** NOW is 14:25:10: that much of the running hour has passed, and the previous period's last hour weighs as much. */
const ELAPSED = (NOW - at('2026-03-18 14:00')) / 3600;

/** Every metric equal to the last digit: answers are rounded by toWire exactly as `expected` rounds. */
const same = (got: WireMetrics, want: WireMetrics) => expect(got).toEqual(want);

/** The previous period's sums like with like: its whole hours, and its last hour weighted by `elapsed`. */
function beforeSums(w: World, n: Narrow, elapsed = ELAPSED) {
  return addSums(expectedSums(w, { ...n, to: n.to - 3600 }), weighted(expectedSums(w, { ...n, from: n.to - 3600 }), elapsed));
}
const earlier = (w: World, n: Narrow, elapsed = ELAPSED): WireMetrics => toWire(metricsOf(beforeSums(w, n, elapsed)));

// on a SQLite file as well, with the boards on the reader thread (db/sqlite-reader.ts)
describe.each(withSqliteFile(dialects()))('boards read the facts ($name)', (dialect) => {
  let t: TestApp;
  let w: World;
  const clock = new ManualClock(NOW * 1000);
  const post = async <T>(who: string, path: string, body: unknown) => {
    const r = await t.post<T>(path, body, { token: w.tokens[who] });
    if (r.body.code !== 1) throw new Error(`${path} as ${who}: ${r.body.code} ${r.body.msg}`);
    return r.body.data;
  };
  const subs = () => [w.ids.sub1!, w.ids.sub2!];

  beforeAll(async () => {
    // SQLITE_READER=on: on a SQLite file every board call reads on the reader thread, pinged or not
    t = await makeTestApp(dialect, { SQLITE_READER: 'on' }, { clock });
    w = await buildWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  it('card: today until the current hour against yesterday until the same hour, with an hourly trend', async () => {
    const card = await post<BoardCard>('sub1', '/capi/napi/board/card', { state: 2, start: '2026-03-18', end: '2026-03-18' });
    const me = [w.ids.sub1!];
    same(card.metrics, expected(w, { customers: me, channels: [2], ...TODAY }));
    same(card.previous, earlier(w, { customers: me, channels: [2], ...YESTERDAY_CUT }));
    expect(card.period).toEqual({
      start: '2026-03-18',
      end: '2026-03-18',
      previous_start: '2026-03-17',
      previous_end: '2026-03-17',
      until: TODAY.to,
      previous_until: NOW - 86400,
      comparable: true,
      granularity: 'hour',
    });
    expect(card.series.map((p) => p.time)).toEqual(Array.from({ length: 15 }, (_, h) => `2026-03-18 ${String(h).padStart(2, '0')}:00`));
    const h14 = card.series[14]!;
    same(h14.metrics, expected(w, { customers: me, channels: [2], from: at('2026-03-18 14:00'), to: at('2026-03-18 15:00') }));
    expect(card.series[2]!.metrics.sum_cost).toBe(0);
    expect(card.series[2]!.metrics.roi).toBeNull();
    const cost = expectedSums(w, { customers: me, channels: [2], ...TODAY }).costFen;
    const then = beforeSums(w, { customers: me, channels: [2], ...YESTERDAY_CUT }).costFen;
    expect(then).not.toBe(expectedSums(w, { customers: me, channels: [2], ...YESTERDAY_CUT }).costFen);
    expect(card.change.sum_cost).toBeCloseTo((cost - then) / then, 6);
  });

  it('at 00:20 today is compared with yesterday up to 00:20 (its 00:00 hour weighted 20/60), not with the whole hour: no -100%', async () => {
    clock.set(at('2026-03-18 00:20') * 1000);
    try {
      const me = [w.ids.sub1!];
      const lastNight = { customers: me, channels: [2], from: day('2026-03-17'), to: at('2026-03-17 01:00') };
      // yesterday's 00:00 hour spent ¥42, today's first 20 minutes ¥14: the same pace, so no change (naively -67% or -100%)
      const f = { platform: 2, advertiser_id: 'A1', customerid: w.ids.sub1!, campaign_id: 'C1', plan_id: 'P1', pageid: '9001' };
      const facts = [
        { ...f, at: at('2026-03-17 00:30'), cost_fen: 4200, shows: 900, clicks: 30, conversions: 1 },
        { ...f, at: at('2026-03-18 00:10'), cost_fen: 1400, shows: 300, clicks: 10, conversions: 0 },
      ];
      for (const fact of facts) {
        await addAdFact(t.deps.db, fact);
        w.ads.push(fact);
      }
      expect(expectedSums(w, lastNight).costFen).toBe(4200);
      const card = await post<BoardCard>('sub1', '/capi/napi/board/card', { state: 2, start: '2026-03-18', end: '2026-03-18' });
      expect(card.period.comparable).toBe(true);
      expect(card.period.previous_until).toBe(at('2026-03-17 00:20'));
      same(card.previous, earlier(w, lastNight, 1 / 3));
      expect(card.previous.sum_cost).toBe(14);
      expect(card.change.sum_cost).toBe(0);
      expect(card.change.sum_show_cnt).toBe(0);
      expect(card.change.sum_click).toBe(0);
      const board = await post<IndexBoard>('sub1', '/capi/api/index/board', { type: 1 });
      same(board.previous, card.previous);
      expect(board.change.sum_cost).toBe(0);
      expect(board.channels.find((c) => c.channel === 2)?.change.sum_cost).toBe(0);
      // at the very first second nothing has passed: no change at all ('--')
      clock.set(at('2026-03-18 00:00') * 1000);
      const first = await post<BoardCard>('sub1', '/capi/napi/board/card', { state: 2, start: '2026-03-18', end: '2026-03-18' });
      expect(first.period.comparable).toBe(false);
      expect(Object.values(first.change).every((v) => v === null)).toBe(true);
    } finally {
      clock.set(NOW * 1000);
    }
  });

  it('card: 30 days in China days, all account types together, every day present', async () => {
    const card = await post<BoardCard>('sub1', '/capi/napi/board/card', { accounttype: 'multi', start: '2026-02-17', end: '2026-03-18' });
    const me = [w.ids.sub1!];
    same(card.metrics, expected(w, { customers: me, from: day('2026-02-17'), to: TODAY.to }));
    same(card.previous, earlier(w, { customers: me, from: day('2026-01-18'), to: at('2026-02-16 15:00') }));
    expect(card.series).toHaveLength(30);
    expect(card.period.granularity).toBe('day');
    same(card.series[29]!.metrics, expected(w, { customers: me, ...TODAY }));
    same(card.series[0]!.metrics, expected(w, { customers: me, from: day('2026-02-17'), to: day('2026-02-18') }));
  });

  it("an agent's totals are the sum of its sub-customers', and it can narrow to one", async () => {
    const range = { accounttype: 'multi', start: '2026-03-01', end: '2026-03-18' };
    const agent = await post<BoardCard>('agent', '/capi/napi/board/card', range);
    const one = await post<BoardCard>('sub1', '/capi/napi/board/card', range);
    const two = await post<BoardCard>('sub2', '/capi/napi/board/card', range);
    const span = { from: day('2026-03-01'), to: TODAY.to };
    const both = addSums(expectedSums(w, { customers: [w.ids.sub1!], ...span }), expectedSums(w, { customers: [w.ids.sub2!], ...span }));
    same(agent.metrics, toWire(metricsOf(both)));
    expect(agent.metrics.sum_cost).toBeCloseTo(one.metrics.sum_cost! + two.metrics.sum_cost!, 6);
    expect(agent.metrics.order_price).toBeCloseTo(one.metrics.order_price! + two.metrics.order_price!, 6);
    const narrowed = await post<BoardCard>('agent', '/capi/napi/board/card', { ...range, customerid: w.ids.sub2 });
    expect(narrowed.metrics).toEqual(two.metrics);
    const perCustomer = await post<BoardList>('agent', '/capi/napi/board/list', { ...range, method: 'customer' });
    expect(perCustomer.list.map((r) => r.label).sort()).toEqual(['sub1公司', 'sub2公司']);
    same(perCustomer.totals, agent.metrics);
  });

  it("shop platform narrows through the promotion link; orders that reached no plan count in their link's channel", async () => {
    const range = { accounttype: 'multi', start: '2026-03-12', end: '2026-03-18' };
    const span = { from: day('2026-03-12'), to: TODAY.to };
    const jd = await post<BoardCard>('agent', '/capi/napi/board/card', { ...range, platform: 3 });
    same(jd.metrics, expected(w, { customers: subs(), shops: [3], ...span }));
    const both = await post<BoardCard>('agent', '/capi/napi/board/card', { ...range, platform: '2,3' });
    same(both.metrics, expected(w, { customers: subs(), shops: [2, 3], ...span }));
    const juliang = await post<BoardCard>('agent', '/capi/napi/board/card', { ...range, accounttype: 'single', state: 2 });
    same(juliang.metrics, expected(w, { customers: subs(), channels: [2], ...span }));
  });

  it('board list: per day in time order, per channel and per advertiser ranked by cost', async () => {
    const range = { accounttype: 'multi', start: '2026-03-12', end: '2026-03-18' };
    const days = await post<BoardList>('sub1', '/capi/napi/board/list', { ...range, method: 'day' });
    expect(days.list.map((r) => r.label)).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
    same(days.list[1]!.metrics, expected(w, { customers: [w.ids.sub1!], from: day('2026-03-13'), to: day('2026-03-14') }));
    const channels = await post<BoardList>('sub1', '/capi/napi/board/list', { ...range, method: 'channel' });
    expect(channels.list.map((r) => r.label)).toEqual(
      expectedSums(w, { customers: [w.ids.sub1!], channels: [2], from: day('2026-03-12'), to: TODAY.to }).costFen >
        expectedSums(w, { customers: [w.ids.sub1!], channels: [4], from: day('2026-03-12'), to: TODAY.to }).costFen
        ? ['巨量引擎', '腾讯']
        : ['腾讯', '巨量引擎'],
    );
    const advertisers = await post<BoardList>('sub1', '/capi/napi/board/list', {
      ...range,
      method: 'advertiser',
      sort_field: 'name',
      sort: 'asc',
    });
    // the orders that reached no plan are one named row of their channel: the rows add up to the totals
    expect(advertisers.list.map((r) => [r.key, r.label])).toEqual([
      ['2:', '未归因到计划'],
      ['2:A1', '账户A1'],
      ['4:T1', '账户T1'],
    ]);
    same(
      advertisers.list[0]!.metrics,
      expected(w, { customers: [w.ids.sub1!], channels: [2], advertiser: '', from: day('2026-03-12'), to: TODAY.to }),
    );
    same(advertisers.totals, expected(w, { customers: [w.ids.sub1!], from: day('2026-03-12'), to: TODAY.to }));
    same(
      advertisers.list[1]!.metrics,
      expected(w, { customers: [w.ids.sub1!], channels: [2], advertiser: 'A1', from: day('2026-03-12'), to: TODAY.to }),
    );
  });

  it('index/board: the preset period, its previous period and one row per channel', async () => {
    const board = await post<IndexBoard>('sub1', '/capi/api/index/board', { type: 3 });
    const span = { from: day('2026-03-12'), to: TODAY.to };
    const prev = { from: day('2026-03-05'), to: at('2026-03-11 15:00') };
    same(board.metrics, expected(w, { customers: [w.ids.sub1!], ...span }));
    same(board.previous, earlier(w, { customers: [w.ids.sub1!], ...prev }));
    expect(board.channels.map((c) => [c.channel, c.name])).toEqual([
      [2, '巨量引擎'],
      [4, '腾讯'],
    ]);
    same(board.channels[1]!.metrics, expected(w, { customers: [w.ids.sub1!], channels: [4], ...span }));
    const weibo = await post<IndexBoard>('sub1', '/capi/api/index/board', { type: 2, social: 3 });
    expect(weibo.metrics.sum_cost).toBe(0);
    expect(weibo.channels).toEqual([]);
    const custom = await post<IndexBoard>('sub1', '/capi/api/index/board', {
      type: 0,
      start: '2026-03-01',
      end: '2026-03-07',
      social: 2,
      platform: 2,
    });
    same(
      custom.metrics,
      expected(w, { customers: [w.ids.sub1!], channels: [2], shops: [2], from: day('2026-03-01'), to: day('2026-03-08') }),
    );
  });

  it('index/detail: plans ranked by any metric, 50 a page, with names; orders that reached no plan are one named row', async () => {
    const q = { type: 0, start: '2026-03-01', end: '2026-03-18', ad: 'plan' };
    const span = { from: day('2026-03-01'), to: TODAY.to };
    const byCost = await post<RankList>('agent', '/capi/api/index/detail', q);
    expect(byCost.total).toBe(5);
    const costs = byCost.list.map((r) => r.metrics.sum_cost!);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    for (const r of byCost.list) {
      same(r.metrics, expected(w, { customers: subs(), channels: [r.channel], plan: r.id, advertiser: r.advertiser_id, ...span }));
      expect(r.name).toBe(r.id ? `计划${r.id}` : '未归因到计划');
    }
    const none = byCost.list.find((r) => r.id === '')!;
    expect(none).toMatchObject({ channel: 2, advertiser_id: '', name: '未归因到计划' });
    expect(none.metrics.sum_cost).toBe(0);
    expect(none.metrics.ordernum).toBeGreaterThan(0);
    // the rows add up to the totals
    const sum = (k: 'sum_cost' | 'ordernum' | 'order_price') => byCost.list.reduce((n, r) => n + r.metrics[k]!, 0);
    expect(sum('sum_cost')).toBeCloseTo(byCost.totals.sum_cost!, 6);
    expect(sum('ordernum')).toBe(byCost.totals.ordernum);
    expect(sum('order_price')).toBeCloseTo(byCost.totals.order_price!, 6);
    expect(byCost.list.find((r) => r.id === 'P4')).toMatchObject({ customer: 'sub2公司', advertiser_id: 'A2', advertiser_name: '账户A2' });
    same(byCost.totals, expected(w, { customers: subs(), ...span }));
    const byRoi = await post<RankList>('agent', '/capi/api/index/detail', { ...q, sort_field: 'roi', sort: 'ascending' });
    const rois = byRoi.list.map((r) => r.metrics.roi);
    // a row without cost has no ROI ('--'): last in both directions
    expect(rois.at(-1)).toBeNull();
    const defined = rois.slice(0, -1) as number[];
    expect(defined).toEqual([...defined].sort((a, b) => a - b));
    const page2 = await post<RankList>('agent', '/capi/api/index/detail', { ...q, pagesize: 3, page: 2 });
    expect(page2.list.map((r) => r.id)).toEqual([byCost.list[3]!.id, byCost.list[4]!.id]);
    const drill = await post<RankList>('agent', '/capi/api/index/detail', { ...q, id: 'A1' });
    expect(drill.list.map((r) => r.id).sort()).toEqual(['P1', 'P2']);
    const links = await post<RankList>('sub1', '/capi/api/index/detail', { ...q, ad: 'link' });
    expect(links.list.map((r) => r.pageid).sort()).toEqual(['9001', '9002']);
    const l1 = links.list.find((r) => r.pageid === '9001')!;
    expect(l1).toMatchObject({ name: '链接9001', channel: 2, item_id: 'ITEM-A', visits: 7 });
    same(l1.metrics, expected(w, { customers: [w.ids.sub1!], pageid: '9001', ...span }));
  });

  it('item analysis: cost of the links that promote an item, orders of the item bought, its links, plans and orders', async () => {
    const span = { from: day('2026-03-01'), to: TODAY.to };
    const items = await post<{ list: Array<{ item_id: string; item_title: string; links: number; metrics: WireMetrics }>; total: number }>(
      'agent',
      '/capi/napi/itemanalyse/index',
      { start: '2026-03-01', end: '2026-03-18', sort_field: 'name', sort: 'asc' },
    );
    expect(items.list.map((i) => i.item_id).sort()).toEqual(['ITEM-A', 'ITEM-B', 'ITEM-C']);
    const names = items.list.map((i) => i.item_title || i.item_id);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'zh-CN')));
    const a = items.list.find((i) => i.item_id === 'ITEM-A')!;
    expect(a).toMatchObject({ item_title: '标题ITEM-A', links: 2 });
    same(a.metrics, expected(w, { customers: subs(), item: 'ITEM-A', ...span }));
    const searched = await post<{ list: Array<{ item_id: string }> }>('agent', '/capi/napi/itemanalyse/index', {
      start: '2026-03-01',
      end: '2026-03-18',
      exact: '标题item-b',
    });
    expect(searched.list.map((i) => i.item_id)).toEqual(['ITEM-B']);

    const detail = await post<{ metrics: WireMetrics; links: Array<{ pageid: string }>; plans: Array<{ id: string }>; series: unknown[] }>(
      'agent',
      '/capi/napi/itemanalyse/detail',
      { item_id: 'ITEM-A', start: '2026-03-01', end: '2026-03-18' },
    );
    same(detail.metrics, a.metrics);
    expect(detail.links.map((l) => l.pageid).sort()).toEqual(['9001', '9003']);
    expect(detail.plans.map((p) => p.id).sort()).toEqual(['P1', 'P2', 'P4']);
    expect(detail.series).toHaveLength(18);

    const orders = await post<{ list: Array<{ order_price: number; paid_price: number; status: string }>; total: number }>(
      'sub1',
      '/capi/napi/itemanalyse/order',
      { item_id: 'ITEM-B', start: '2026-03-18', end: '2026-03-18' },
    );
    expect(orders.total).toBe(2);
    expect(orders.list.map((o) => [o.order_price, o.paid_price, o.status])).toEqual([
      [5, 0, 'unpaid'],
      [123.45, 123.45, 'paid'],
    ]);
  });

  it("/collect/page/{pageId} (spec §2): a promotion link's pageid opens its item narrowed to that link — its numbers and orders", async () => {
    const range = { start: '2026-03-01', end: '2026-03-18' };
    const span = { from: day('2026-03-01'), to: TODAY.to };
    const page = await post<{ pageid: string; item: { item_id: string }; metrics: WireMetrics; links: Array<{ pageid: string }> }>(
      'sub1',
      '/capi/napi/itemanalyse/detail',
      { item_id: '9001', ...range },
    );
    expect(page.pageid).toBe('9001');
    expect(page.item.item_id).toBe('ITEM-A');
    same(page.metrics, expected(w, { customers: [w.ids.sub1!], pageid: '9001', ...span }));
    expect(page.links.map((l) => l.pageid)).toEqual(['9001']);
    // an item id still opens the whole item (the item list links by item id)
    const item = await post<{ pageid: string }>('sub1', '/capi/napi/itemanalyse/detail', { item_id: 'ITEM-A', ...range });
    expect(item.pageid).toBe('');
    const orders = await post<{ list: Array<{ pageid: string; order_price: number }>; total: number }>(
      'sub1',
      '/capi/napi/itemanalyse/order',
      { item_id: '9002', start: '2026-03-18', end: '2026-03-18' },
    );
    expect(orders.total).toBe(2);
    expect(orders.list.every((o) => o.pageid === '9002')).toBe(true);
    const none = await t.post('/capi/napi/itemanalyse/order', { item_id: '9004', ...range }, { token: w.tokens.sub1 });
    expect(none.body).toEqual({ code: 4004, msg: '商品或推广链接不存在，或不属于当前账号', data: null });
  });

  it('admins see every customer; naming one narrows to it', async () => {
    const range = { accounttype: 'multi', start: '2026-03-10', end: '2026-03-18' };
    const span = { from: day('2026-03-10'), to: TODAY.to };
    for (const who of ['super', 'admin']) {
      const all = await post<BoardCard>(who, '/capi/napi/board/card', range);
      same(all.metrics, expected(w, { customers: [w.ids.sub1!, w.ids.sub2!, w.ids.other!], ...span }));
      const other = await post<BoardCard>(who, '/capi/napi/board/card', { ...range, customerid: w.ids.other });
      same(other.metrics, expected(w, { customers: [w.ids.other!], ...span }));
    }
  });

  it('on a SQLite file the boards read on the reader thread, which sees what was just written; elsewhere on the one connection', async () => {
    const range = { state: 2, start: '2026-03-18', end: '2026-03-18' };
    const reads = () => t.handle.reads?.reads ?? 0;
    const before = reads();
    const card = await post<BoardCard>('sub1', '/capi/napi/board/card', range);
    const f = { platform: 2, advertiser_id: 'A1', customerid: w.ids.sub1!, campaign_id: 'C1', plan_id: 'P1', pageid: '9001' };
    await addAdFact(t.deps.db, { ...f, at: at('2026-03-18 09:10'), cost_fen: 1234, shows: 10, clicks: 1 });
    const after = await post<BoardCard>('sub1', '/capi/napi/board/card', range);
    expect(after.metrics.sum_cost).toBeCloseTo((card.metrics.sum_cost ?? 0) + 12.34, 2);
    await addAdFact(t.deps.db, { ...f, at: at('2026-03-18 09:10'), cost_fen: -1234, shows: -10, clicks: -1 });
    if (dialect.name === 'sqlite file') expect(reads() - before).toBeGreaterThan(4);
    else expect(t.handle.reads).toBeNull();
  });

  it('exports: the ranked table and the item analysis as XLSX equal the lists, for this caller only', async () => {
    const detail = { type: 0, start: '2026-03-01', end: '2026-03-18', ad: 'plan' };
    const exported = async (who: string, kind: string, filters: Record<string, unknown>) => {
      const r = await t.post<{ id: number; state: string; rows_total: number }>(
        '/capi/napi/export/create',
        { kind, format: 'xlsx', filters },
        { token: w.tokens[who] },
      );
      if (r.body.code !== 1) throw new Error(`${kind}: ${r.body.msg}`);
      const link = await t.post<{ url: string }>('/capi/napi/export/link', { id: r.body.data.id }, { token: w.tokens[who] });
      const [sheet] = await readXlsx((await download(t, link.body.data.url, { token: w.tokens[who] })).body);
      if (!sheet) throw new Error('no sheet');
      return sheet;
    };
    const plans = await post<RankList>('agent', '/capi/api/index/detail', detail);
    const sheet = await exported('agent', 'dashboardDetail', detail);
    expect(sheet.name).toBe('排行明细');
    const at = (h: string) => sheet.header.indexOf(h);
    expect(sheet.rows.map((r) => r[at('编号')])).toEqual(plans.list.map((p) => p.id || undefined));
    expect(sheet.rows.map((r) => r[at('名称')])).toEqual(plans.list.map((p) => p.name));
    expect(sheet.rows.map((r) => r[at('消耗（元）')])).toEqual(plans.list.map((p) => p.metrics.sum_cost));
    expect(sheet.rows.map((r) => r[at('展示数')])).toEqual(plans.list.map((p) => p.metrics.sum_show_cnt));
    const mine = await exported('sub2', 'dashboardDetail', detail);
    expect(mine.rows.map((r) => r[at('编号')])).toEqual(['P4']);
    const items = await post<{ list: Array<{ item_id: string; metrics: WireMetrics }> }>('sub1', '/capi/napi/itemanalyse/index', {
      start: '2026-03-01',
      end: '2026-03-18',
    });
    const itemSheet = await exported('sub1', 'itemAnalysis', { start: '2026-03-01', end: '2026-03-18' });
    const ai = (h: string) => itemSheet.header.indexOf(h);
    expect(itemSheet.rows.map((r) => r[ai('商品 ID')])).toEqual(items.list.map((i) => i.item_id));
    expect(itemSheet.rows.map((r) => r[ai('订单金额（元）')])).toEqual(items.list.map((i) => i.metrics.order_price));
  });
});
