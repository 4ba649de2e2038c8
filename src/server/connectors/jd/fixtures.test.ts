import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonParam, loadFixture, requestMismatches, wireText } from '../../../../tests/support/platform-fixtures.ts';
import { ConnectorError } from '../errors.ts';
import { createJdConnector } from './index.ts';

/** The 京东联盟 connector against the JOS answers its sources document (tests/fixtures/platforms/jd). */
const NOW = Date.parse('2024-03-10T12:00:00+08:00');
const settings = {
  apiBase: 'https://api.jd.test',
  appKey: 'appkey',
  appSecret: 'secret',
  siteId: '4000001',
  positionId: '5000001',
  linkMethod: 'common' as const,
};
const connector = (answers: Array<string | { status: number; body: string }>, linkMethod: 'common' | 'bysubunionid' = 'common') => {
  const f = fakeFetch(answers);
  return { ...f, jd: createJdConnector({ ...settings, linkMethod }, { fetchImpl: f.fetch, retries: 0 }, () => NOW) };
};
const window = { from: Date.parse('2024-03-10T11:00:00+08:00') / 1000, to: Date.parse('2024-03-10T12:00:00+08:00') / 1000 };

describe('jd.union.open.order.row.query on its fixture', () => {
  const f = loadFixture('jd', 'order-row-query');

  it('sends the documented request', async () => {
    const { jd, sent } = connector([wireText(f.answers.ok)]);
    await jd.pullOrders(window, null);
    expect(requestMismatches(f, sent[0]!)).toEqual([]);
    expect(jsonParam(sent[0]!, '360buy_param_json')).toEqual({
      orderReq: {
        pageIndex: 1,
        pageSize: 500,
        type: 3,
        startTime: '2024-03-10 11:00:00',
        endTime: '2024-03-10 12:00:00',
        fields: 'goodsInfo',
      },
    });
  });

  it('reads the router answer (_responce, queryResult as JSON text, rows as an array)', async () => {
    const { jd } = connector([wireText(f.answers.ok)]);
    const page = await jd.pullOrders(window, null);
    expect(page.cursor).toBeNull();
    expect(page.orders).toHaveLength(1);
    const o = page.orders[0]!;
    expect(o).toMatchObject({
      orderId: '415900297816660001',
      parentOrderId: '108618000005',
      itemId: '44303679033',
      status: 'paid',
      payFen: 5400,
      commissionFen: 243,
      commissionRateBp: 500,
      tracking: { union: 'jd', positionId: '5000001', subUnionId: 'p100' },
    });
  });

  it('reads the documented answer (_response, queryResult as an object, rows under orderRowResp, values as strings)', async () => {
    const { jd } = connector([wireText(f.answers.variants!.documented)]);
    const page = await jd.pullOrders(window, null);
    // hasMore "true": the next page is asked for
    expect(page.cursor).toBe('2');
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]).toMatchObject({
      orderId: '415900297816660001',
      parentOrderId: '108618000005',
      itemId: '44303679033',
      itemImage: expect.stringContaining('360buyimg.com'),
      status: 'paid',
      payFen: 5400,
      commissionFen: 243,
      commissionRateBp: 500,
      createdAt: Date.parse('2020-01-02T15:50:16+08:00') / 1000,
      tracking: { union: 'jd', siteId: '61866', positionId: '0', subUnionId: '331967' },
    });
  });

  it('maps the documented errors', async () => {
    const window = connector([wireText(f.answers.errors.find((e) => e.name === 'window')!.answer)]);
    await expect(window.jd.pullOrders({ from: 0, to: 7200 }, null)).rejects.toMatchObject({ kind: 'refused', platformCode: '2002453' });
    const gateway = connector([wireText(f.answers.errors.find((e) => e.name === 'gateway')!.answer)]);
    await expect(gateway.jd.pullOrders({ from: 0, to: 60 }, null)).rejects.toMatchObject({ kind: 'refused', platformCode: '22' });
  });

  it.each([
    ['an HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['an empty body', ''],
    ['another method’s envelope', '{"jd_union_open_goods_query_responce":{"code":"0"}}'],
    ['a result that is not JSON', '{"jd_union_open_order_row_query_responce":{"code":"0","queryResult":"<xml/>"}}'],
    ['a result that is a number', '{"jd_union_open_order_row_query_responce":{"code":"0","queryResult":7}}'],
  ])('refuses %s as a protocol error naming 京东', async (_label, body) => {
    const { jd } = connector([body]);
    const err = await jd.pullOrders(window, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err).toMatchObject({ kind: 'protocol', platform: 'jd' });
  });
});

describe('京东 conversion calls on their fixtures', () => {
  const goods = loadFixture('jd', 'goods-query');
  const common = loadFixture('jd', 'promotion-common-get');
  const bysub = loadFixture('jd', 'promotion-bysubunionid-get');

  it.each(['ok', 'documented'] as const)('goods.query + promotion.common.get (%s answers)', async (form) => {
    const pick = (fx: typeof goods) => (form === 'ok' ? fx.answers.ok : fx.answers.variants!.documented);
    const { jd, sent } = connector([wireText(pick(goods)), wireText(pick(common))]);
    const c = await jd.convert({ kind: 'item', id: '26898778009', subId: 'p100' });
    expect(requestMismatches(goods, sent[0]!)).toEqual([]);
    expect(requestMismatches(common, sent[1]!)).toEqual([]);
    expect(jsonParam(sent[1]!, '360buy_param_json')).toMatchObject({
      promotionCodeReq: { materialId: 'https://item.jd.com/26898778009.html', siteId: '4000001', positionId: 5000001, subUnionId: 'p100' },
    });
    expect(c).toMatchObject({
      title: expect.stringContaining('便携式女士香水'),
      shopid: '45619',
      price: 1490,
      coupon: { amount: 3000 },
      commissionRateBp: 5000,
      image: expect.stringContaining('360buyimg.com'),
      promotion_url: expect.stringContaining('union-click.jd.com'),
    });
  });

  it('promotion.bysubunionid.get prefers the short URL', async () => {
    const { jd, sent } = connector([wireText(goods.answers.ok), wireText(bysub.answers.ok)], 'bysubunionid');
    const c = await jd.convert({ kind: 'item', id: '26898778009', subId: 'p100' });
    expect(requestMismatches(bysub, sent[1]!)).toEqual([]);
    expect(c.promotion_url).toBe('https://u.jd.com/XXXXX');
  });

  it('maps the documented refusals and rate limit', async () => {
    const rate = connector([wireText(goods.answers.errors.find((e) => e.name === 'rate_limited')!.answer)]);
    await expect(rate.jd.convert({ kind: 'item', id: '26898778009' })).rejects.toMatchObject({ kind: 'rate_limited', platformCode: '429' });
    const sub = connector([wireText(goods.answers.ok), wireText(common.answers.errors[0]!.answer)]);
    await expect(sub.jd.convert({ kind: 'item', id: '26898778009', subId: 'p100' })).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '2001208',
    });
  });
});
