/**
 * The union sandbox checked against the same protocol fixtures the connectors are tested on
 * (tests/fixtures/platforms/{taobao,jd,pdd,ud}): the real connectors drive the sandbox over HTTP, every answer the
 * sandbox sends is recorded and must have the shape of the fixture's answer (its error answers the shape of the
 * fixture's errors). So the sandbox and the connectors cannot share a private assumption. Time is pinned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAffiliateConfig } from '../../src/server/connectors/affiliate-config.ts';
import { createJdConnector } from '../../src/server/connectors/jd/index.ts';
import { jdForm } from '../../src/server/connectors/jd/jos.ts';
import { pddForm } from '../../src/server/connectors/pdd/client.ts';
import { createPddConnector } from '../../src/server/connectors/pdd/index.ts';
import { createTaobaoConnector } from '../../src/server/connectors/taobao/index.ts';
import { topForm } from '../../src/server/connectors/taobao/top.ts';
import { createUdConnector } from '../../src/server/connectors/ud/index.ts';
import { loadFixture, type PlatformFixture, recordingFetch, shapeMismatches } from '../support/platform-fixtures.ts';
import { type RunningSandbox, startSandbox } from '../support/unions.ts';

const NOW_MS = Date.parse('2024-03-10T12:00:00+08:00');
const T = NOW_MS / 1000;
let sb: RunningSandbox;
let cfg: ReturnType<typeof loadAffiliateConfig>;

beforeAll(async () => {
  sb = await startSandbox({ now: () => NOW_MS });
  cfg = loadAffiliateConfig({}, sb.url);
});
afterAll(() => sb.close());

const parsed = (text: string): unknown => JSON.parse(text);
const errorOf = (f: PlatformFixture, name: string) => f.answers.errors.find((e) => e.name === name)!.answer;
const http = (rec: ReturnType<typeof recordingFetch>) => ({ fetchImpl: rec.fetch, retries: 0, timeoutMs: 5000 });

async function post(url: string, form: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
  return res.json();
}

/** A shopper follows the link; the sandbox places an order at the given times. */
async function orderVia(union: 'taobao' | 'jd' | 'pdd', url: string, timeline: Record<string, number | null>) {
  const { clickId } = await sb.click(url);
  return sb.admin<{ id: string }>(union, '/orders', { clickId, fate: 'settled', timeline });
}

describe('淘宝联盟 sandbox against the TOP fixtures', () => {
  const info = loadFixture('taobao', 'item-info-get');
  const convert = loadFixture('taobao', 'general-link-convert');
  const details = loadFixture('taobao', 'order-details-get');
  const sc = loadFixture('taobao', 'sc-order-details-get');

  it('item.info.get, dg.general.link.convert and order.details.get answer in the documented shapes', async () => {
    const rec = recordingFetch();
    const taobao = createTaobaoConnector(cfg.taobao, http(rec), () => NOW_MS);
    const conv = await taobao.convert({ kind: 'item', id: '612345678901', adzoneId: '3000101' });
    await taobao.convert({ kind: 'shop', id: '178110204' });
    await orderVia('taobao', conv.promotion_url, { created_at: T - 3000, paid_at: T - 2900 });
    const page = await taobao.pullOrders({ from: T - 3 * 3600, to: T }, null);
    expect(page.orders).toHaveLength(1);
    expect(shapeMismatches(info.answers.ok, parsed(rec.of('taobao.tbk.item.info.get')[0]!.text))).toEqual([]);
    for (const e of rec.of('taobao.tbk.dg.general.link.convert')) {
      const body = parsed(e.text) as { tbk_dg_general_link_convert_response: { data: Record<string, unknown> } };
      const kind = 'item_dto' in e.params ? 'item_url_list' : 'shop_url_list';
      const expected = (convert.answers.ok as typeof body).tbk_dg_general_link_convert_response.data[kind];
      expect(shapeMismatches(expected, body.tbk_dg_general_link_convert_response.data[kind])).toEqual([]);
    }
    expect(shapeMismatches(details.answers.ok, parsed(rec.of('taobao.tbk.order.details.get')[0]!.text))).toEqual([]);
  });

  it('sc.order.details.get answers in its shape; a wrong session in the documented error shape', async () => {
    const rec = recordingFetch();
    await createTaobaoConnector({ ...cfg.taobao, session: 'sandbox-taobao-session' }, http(rec), () => NOW_MS).pullOrders(
      { from: T - 3600, to: T },
      null,
    );
    expect(shapeMismatches(sc.answers.ok, parsed(rec.exchanges[0]!.text))).toEqual([]);
    const bad = recordingFetch();
    await expect(
      createTaobaoConnector({ ...cfg.taobao, session: 'wrong' }, http(bad), () => NOW_MS).pullOrders({ from: T - 3600, to: T }, null),
    ).rejects.toMatchObject({ kind: 'token_expired' });
    expect(shapeMismatches(sc.answers.errors[0]!.answer, parsed(bad.exchanges[0]!.text))).toEqual([]);
  });

  it('during a 大促 the sandbox refuses a 3-hour window with 2007 in the documented shape, and the connector walks 20 minutes', async () => {
    await sb.admin('taobao', '/promo', { from: T - 86400, to: T + 86400 });
    try {
      const rec = recordingFetch();
      const taobao = createTaobaoConnector(cfg.taobao, http(rec), () => NOW_MS);
      let cursor: string | null = null;
      do cursor = (await taobao.pullOrders({ from: T - 3 * 3600, to: T }, cursor)).cursor;
      while (cursor);
      const first = parsed(rec.exchanges[0]!.text);
      expect(shapeMismatches(errorOf(details, 'window'), first)).toEqual([]);
      expect(first).toMatchObject({ error_response: { sub_code: '2007' } });
      expect(rec.exchanges.slice(1).map((e) => e.params.end_time)).toHaveLength(9);
      expect(rec.exchanges.slice(1).every((e) => e.text.includes('tbk_order_details_get_response'))).toBe(true);
    } finally {
      await sb.admin('taobao', '/promo', { from: null });
    }
  });

  it('page_no over 100 and a bad position_index are refused in the documented error shape', async () => {
    const form = (params: Record<string, string | number>) =>
      topForm({ ...cfg.taobao, platform: 'taobao', label: '淘宝联盟', now: () => NOW_MS }, 'taobao.tbk.order.details.get', {
        start_time: '2024-03-10 11:00:00',
        end_time: '2024-03-10 12:00:00',
        ...params,
      });
    const url = `${sb.url}/sandbox/taobao/router/rest`;
    const page101 = await post(url, form({ page_no: 101, jump_type: 1, position_index: 'x|1_a' }));
    expect(shapeMismatches(errorOf(details, 'invalid_parameter'), page101)).toEqual([]);
    const position = await post(url, form({ page_no: 2, jump_type: 1, position_index: 'nonsense' }));
    expect(shapeMismatches(errorOf(details, 'position_index'), position)).toEqual([]);
    expect(position).toMatchObject({ error_response: { sub_code: '1008' } });
  });
});

describe('京东联盟 sandbox against the JOS fixtures', () => {
  const goods = loadFixture('jd', 'goods-query');
  const common = loadFixture('jd', 'promotion-common-get');
  const bysub = loadFixture('jd', 'promotion-bysubunionid-get');
  const rows = loadFixture('jd', 'order-row-query');

  it('goods.query, promotion.common.get / bysubunionid.get and order.row.query answer in the router shape', async () => {
    const rec = recordingFetch();
    const jd = createJdConnector(cfg.jd, http(rec), () => NOW_MS);
    const conv = await jd.convert({ kind: 'item', id: '100012345678', subId: 'p100' });
    await createJdConnector({ ...cfg.jd, linkMethod: 'bysubunionid' }, http(rec), () => NOW_MS).convert({
      kind: 'item',
      id: '100012345679',
      subId: 'p101',
    });
    await orderVia('jd', conv.promotion_url, { created_at: T - 1200, paid_at: T - 1100 });
    const page = await jd.pullOrders({ from: T - 3600, to: T }, null);
    expect(page.orders).toHaveLength(1);
    expect(shapeMismatches(goods.answers.ok, parsed(rec.of('jd.union.open.goods.query')[0]!.text))).toEqual([]);
    expect(shapeMismatches(common.answers.ok, parsed(rec.of('jd.union.open.promotion.common.get')[0]!.text))).toEqual([]);
    expect(shapeMismatches(bysub.answers.ok, parsed(rec.of('jd.union.open.promotion.bysubunionid.get')[0]!.text))).toEqual([]);
    expect(shapeMismatches(rows.answers.ok, parsed(rec.of('jd.union.open.order.row.query')[0]!.text))).toEqual([]);
  });

  it('a window over an hour (2002453) and a wrong signature answer in the fixture’s error shapes', async () => {
    const url = `${sb.url}/sandbox/jd/routerjson`;
    const jos = { apiBase: sb.url, appKey: cfg.jd.appKey, appSecret: cfg.jd.appSecret, now: () => NOW_MS };
    const long = await post(
      url,
      jdForm(jos, 'jd.union.open.order.row.query', {
        orderReq: { pageIndex: 1, pageSize: 20, type: 3, startTime: '2024-03-10 09:00:00', endTime: '2024-03-10 12:00:00' },
      }),
    );
    expect(shapeMismatches(errorOf(rows, 'window'), long)).toEqual([]);
    expect(
      JSON.parse(
        (long as { jd_union_open_order_row_query_responce: { queryResult: string } }).jd_union_open_order_row_query_responce.queryResult,
      ),
    ).toMatchObject({
      code: 2002453,
    });
    const badSign = await post(url, {
      ...jdForm(jos, 'jd.union.open.goods.query', { goodsReqDTO: { skuIds: [1] } }),
      sign: 'X'.repeat(32),
    });
    expect(shapeMismatches(errorOf(rows, 'gateway'), badSign)).toEqual([]);
  });
});

describe('拼多多 sandbox against the router fixtures', () => {
  const fx = (n: string) => loadFixture('pdd', n);

  it('search, promotion URL, shop URL and the increment order list answer in the documented shapes', async () => {
    const rec = recordingFetch();
    const pdd = createPddConnector(cfg.pdd, http(rec), () => NOW_MS);
    const conv = await pdd.convert({ kind: 'item', id: '123456789', subId: '100000001', memberId: 'c42' });
    await pdd.convert({ kind: 'shop', id: '123456', subId: '100000001', memberId: 'c42' });
    await orderVia('pdd', conv.promotion_url, { created_at: T - 3000, paid_at: T - 2900 });
    const page = await pdd.pullOrders({ from: T - 86400, to: T }, null);
    expect(page.orders[0]?.tracking).toEqual({ union: 'pdd', pid: cfg.pdd.pid, customParameters: '{"uid":"c42","sid":"100000001"}' });
    for (const [name, method] of [
      ['goods-search', 'pdd.ddk.goods.search'],
      ['goods-promotion-url-generate', 'pdd.ddk.goods.promotion.url.generate'],
      ['mall-url-gen', 'pdd.ddk.mall.url.gen'],
      ['order-list-increment-get', 'pdd.ddk.order.list.increment.get'],
    ] as const)
      expect([name, shapeMismatches(fx(name).answers.ok, parsed(rec.of(method)[0]!.text))]).toEqual([name, []]);
  });

  it('备案: unbound, the binding link, the page that binds, then bound — in the documented shapes', async () => {
    const rec = recordingFetch();
    const pdd = createPddConnector(cfg.pdd, http(rec), () => NOW_MS);
    expect(await pdd.authority(cfg.pdd.pid, 'c77')).toEqual({ bound: false });
    const url = await pdd.authorityUrl(cfg.pdd.pid, 'c77');
    expect(shapeMismatches(fx('member-authority-query').answers.ok, parsed(rec.of('pdd.ddk.member.authority.query')[0]!.text))).toEqual([]);
    expect(shapeMismatches(fx('rp-prom-url-generate').answers.ok, parsed(rec.of('pdd.ddk.rp.prom.url.generate')[0]!.text))).toEqual([]);
    const page = await (await fetch(url)).text();
    expect(page).toContain('同意授权并备案');
    const u = new URL(url);
    await fetch(`${u.origin}${u.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ pid: u.searchParams.get('pid')!, uid: u.searchParams.get('uid')! }),
    });
    expect(await pdd.authority(cfg.pdd.pid, 'c77')).toEqual({ bound: true });
    expect(shapeMismatches(fx('member-authority-query').answers.errors[0]!.answer, await refusedAuthority())).toEqual([]);
  });

  /** A signed authority query with a malformed pid: the router's parameter error. */
  async function refusedAuthority(): Promise<unknown> {
    const form = pddForm(
      { apiBase: sb.url, clientId: cfg.pdd.appKey, clientSecret: cfg.pdd.appSecret, now: () => NOW_MS },
      'pdd.ddk.member.authority.query',
      {
        pid: 'nope',
        custom_parameters: '{"uid":"c1"}',
      },
    );
    return post(`${sb.url}/sandbox/pdd/api/router`, form);
  }
});

describe('阿里妈妈 UD sandbox against the TOP fixtures', () => {
  const fx = (n: string) => loadFixture('ud', n);

  it('monitor.url.create, order.detail.pull and udsmartdata.get answer in the documented shapes', async () => {
    const rec = recordingFetch();
    const ud = createUdConnector(cfg.ud, http(rec), () => NOW_MS);
    const m = await ud.createMonitorUrls({ itemId: '612345678901', channelId: 1, pageType: 1, attributionType: 3 });
    const { clickId } = await sb.click(`${m.clickUrl}${m.clickUrl.includes('?') ? '&' : '?'}clickid=c1`);
    await sb.admin('ud', '/orders', { clickId, fate: 'settled', timeline: { created_at: T - 3000, paid_at: T - 2900 } });
    const page = await ud.pullOrders({ from: T - 43200, to: T }, null);
    expect(page.orders).toHaveLength(1);
    const o = page.orders[0]!;
    await ud.postback({
      orderId: o.orderId,
      event: 'pay',
      purchaseFen: o.payFen,
      itemCount: o.itemNum,
      itemId: o.itemId,
      eventTime: T,
      channelId: o.ud!.channelId,
      advertiserId: o.ud!.advertiserId || '1',
      ckClickId: o.ud!.synClickId,
    });
    expect(
      shapeMismatches(fx('monitor-url-create').answers.ok, parsed(rec.of('alibaba.taobao.ud.smart.monitor.url.create')[0]!.text)),
    ).toEqual([]);
    const pulled = parsed(rec.of('alibaba.taobao.ud.smart.order.detail.pull')[0]!.text);
    expect(shapeMismatches(fx('order-detail-pull').answers.ok, pulled)).toEqual([]);
    expect(shapeMismatches(fx('udsmartdata-get').answers.ok, parsed(rec.of('alibaba.ud.udsmartdata.get')[0]!.text))).toEqual([]);
  });
});
