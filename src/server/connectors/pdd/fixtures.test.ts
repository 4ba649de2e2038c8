import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonParam, loadFixture, requestMismatches, wireText } from '../../../../tests/support/platform-fixtures.ts';
import { ConnectorError } from '../errors.ts';
import { createPddConnector } from './index.ts';

/** The 拼多多 connector against the router answers its sources document (tests/fixtures/platforms/pdd). */
const NOW = Date.parse('2024-03-10T12:00:00+08:00');
const connector = (answers: Array<string | { status: number; body: string }>) => {
  const f = fakeFetch(answers);
  const pdd = createPddConnector(
    { apiBase: 'https://gw-api.pdd.test', appKey: 'client', appSecret: 'secret', pid: '1000001_20000002' },
    { fetchImpl: f.fetch, retries: 0 },
    () => NOW,
  );
  return { ...f, pdd };
};
const fx = (name: string) => loadFixture('pdd', name);

describe('拼多多 备案 on its fixtures', () => {
  const query = fx('member-authority-query');
  const url = fx('rp-prom-url-generate');

  it('pdd.ddk.member.authority.query: the documented request; bind 0 and 1', async () => {
    const { pdd, sent } = connector([wireText(query.answers.ok), wireText(query.answers.variants!.bound)]);
    expect(await pdd.authority('1000001_20000002', 'c42')).toEqual({ bound: false });
    expect(await pdd.authority('1000001_20000002', 'c42')).toEqual({ bound: true });
    expect(requestMismatches(query, sent[0]!)).toEqual([]);
    expect(sent[0]!.params).toMatchObject({ pid: '1000001_20000002', custom_parameters: '{"uid":"c42"}' });
  });

  it('pdd.ddk.rp.prom.url.generate: channel_type 10 for the pid + uid, the short mobile URL', async () => {
    const { pdd, sent } = connector([wireText(url.answers.ok)]);
    expect(await pdd.authorityUrl('1000001_20000002', 'c42')).toBe('https://p.pinduoduo.com/eFgH');
    expect(requestMismatches(url, sent[0]!)).toEqual([]);
    expect(sent[0]!.params.channel_type).toBe('10');
    expect(jsonParam(sent[0]!, 'p_id_list')).toEqual(['1000001_20000002']);
  });

  it.each([
    ['a query answer without bind', '{"authority_query_response":{"request_id":"1"}}', 'authority'],
    ['an empty url_list', '{"rp_promotion_url_generate_response":{"url_list":[]}}', 'authorityUrl'],
    ['an HTML page', '<html>502</html>', 'authority'],
  ] as const)('%s is a protocol error naming 拼多多', async (_l, body, call) => {
    const { pdd } = connector([body]);
    const err = await (call === 'authority' ? pdd.authority('1_2', 'u') : pdd.authorityUrl('1_2', 'u')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err).toMatchObject({ kind: 'protocol', platform: 'pdd' });
  });

  it('the documented error shape is a refusal with PDD’s code', async () => {
    await expect(connector([wireText(query.answers.errors[0]!.answer)]).pdd.authority('x', 'u')).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '10000',
    });
  });
});

describe('拼多多 conversion and orders on their fixtures', () => {
  const search = fx('goods-search');
  const generate = fx('goods-promotion-url-generate');
  const mall = fx('mall-url-gen');
  const orders = fx('order-list-increment-get');

  it('an item: uid is the member the 备案 is for, sid the link', async () => {
    const { pdd, sent } = connector([wireText(search.answers.ok), wireText(generate.answers.ok)]);
    const c = await pdd.convert({ kind: 'item', id: '123456789', subId: '100000001', memberId: 'c42' });
    expect(requestMismatches(search, sent[0]!)).toEqual([]);
    expect(requestMismatches(generate, sent[1]!)).toEqual([]);
    expect(sent[1]!.params.custom_parameters).toBe('{"uid":"c42","sid":"100000001"}');
    expect(c).toMatchObject({
      price: 2990,
      coupon: { amount: 500 },
      commissionRateBp: 1200,
      shopid: '123456',
      promotion_url: 'https://p.pinduoduo.com/Def2',
      tracking: { union: 'pdd', pid: '1000001_20000002', customParameters: '{"uid":"c42","sid":"100000001"}' },
    });
  });

  it('a shop goes through mall.url.gen with pid', async () => {
    const { pdd, sent } = connector([wireText(mall.answers.ok)]);
    const c = await pdd.convert({ kind: 'shop', id: '123456', subId: '100000001', memberId: 'c42' });
    expect(requestMismatches(mall, sent[0]!)).toEqual([]);
    expect(c.promotion_url).toBe('https://p.pinduoduo.com/Mall2');
  });

  it('orders: the documented request and row', async () => {
    const { pdd, sent } = connector([wireText(orders.answers.ok)]);
    const page = await pdd.pullOrders({ from: 1709956800, to: 1710043200 }, null);
    expect(requestMismatches(orders, sent[0]!)).toEqual([]);
    expect(page.cursor).toBeNull();
    expect(page.orders[0]).toMatchObject({
      orderId: '240310-123456789012345',
      status: 'paid',
      payFen: 2490,
      commissionFen: 298,
      commissionRateBp: 1200,
      paidAt: 1710030060,
      tracking: { union: 'pdd', pid: '1000001_20000002', customParameters: '{"uid":"c42","sid":"100000001"}' },
    });
  });
});
