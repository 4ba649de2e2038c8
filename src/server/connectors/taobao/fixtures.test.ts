import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonParam, loadFixture, requestMismatches, wireText } from '../../../../tests/support/platform-fixtures.ts';
import { ConnectorError } from '../errors.ts';
import { createTaobaoConnector } from './index.ts';

/** The 淘宝联盟 connector against the TOP answers its sources document (tests/fixtures/platforms/taobao). */
const NOW = Date.parse('2024-03-10T12:00:00+08:00');
const connector = (answers: Array<string | { status: number; body: string }>, session?: string) => {
  const f = fakeFetch(answers);
  const taobao = createTaobaoConnector(
    {
      apiBase: 'https://eco.taobao.test',
      appKey: '12345678',
      appSecret: 'secret',
      signMethod: 'md5',
      pid: 'mm_1000001_2000002_3000003',
      session,
    },
    { fetchImpl: f.fetch, retries: 0 },
    () => NOW,
  );
  return { ...f, taobao };
};
const at = (s: string) => Date.parse(`${s}+08:00`) / 1000;
const window = { from: at('2024-03-10T09:00:00'), to: at('2024-03-10T12:00:00') };
const details = loadFixture('taobao', 'order-details-get');
/** The fixture's page with has_next and position set. */
const page = (hasNext: boolean, position = 'p1|p2') => {
  const ok = structuredClone(details.answers.ok) as { tbk_order_details_get_response: { data: Record<string, unknown> } };
  Object.assign(ok.tbk_order_details_get_response.data, { has_next: hasNext, position_index: position });
  return wireText(ok);
};
const error = (name: string) => wireText(details.answers.errors.find((e) => e.name === name)!.answer);

describe('taobao.tbk.order.details.get on its fixture', () => {
  it('sends the documented request and reads the documented answer', async () => {
    const { taobao, sent } = connector([page(true, '1555904214_lGltNdNvSX2|1555917305_lJfPMeFmdt2'), page(false)]);
    const first = await taobao.pullOrders(window, null);
    const second = await taobao.pullOrders(window, first.cursor);
    expect(second.cursor).toBeNull();
    for (const req of sent) expect(requestMismatches(details, req)).toEqual([]);
    expect(sent[1]!.params).toMatchObject({
      page_no: '2',
      jump_type: '1',
      position_index: '1555904214_lGltNdNvSX2|1555917305_lJfPMeFmdt2',
      start_time: '2024-03-10 09:00:00',
      end_time: '2024-03-10 12:00:00',
      page_size: '100',
      query_type: '4',
    });
    expect(first.orders[0]).toMatchObject({
      orderId: '294159887445064307',
      itemId: '590141576510',
      itemImage: 'https://img.alicdn.com/bao/uploaded/i1/2200782262419/O1CN01b5qlop1TjwarUo8fo_!!2200782262419.jpg',
      itemNum: 2,
      payFen: 1122,
      status: 'closed',
      commissionRateBp: 999,
      presell: { depositFen: 2232 },
      tracking: {
        union: 'taobao',
        pid: 'mm_98836808_45598009_111112234455',
        adzoneId: '111112234455',
        relationId: '123123',
        specialId: '21321',
      },
    });
  });

  it('never asks for page 101: a window with rows after page 100 is walked again in halves', async () => {
    const answers = [...Array.from({ length: 100 }, () => page(true)), page(false), page(false)];
    const { taobao, sent } = connector(answers);
    let cursor: string | null = null;
    let calls = 0;
    do {
      cursor = (await taobao.pullOrders(window, cursor)).cursor;
      calls += 1;
    } while (cursor && calls < 200);
    expect(cursor).toBeNull();
    expect(Math.max(...sent.map((r) => Number(r.params.page_no)))).toBe(100);
    // after page 100: the first half of the window from page 1, then the second half
    expect(sent[100]!.params).toMatchObject({ page_no: '1', start_time: '2024-03-10 09:00:00', end_time: '2024-03-10 10:30:00' });
    expect(sent[100]!.params.position_index).toBeUndefined();
    expect(sent[101]!.params).toMatchObject({ page_no: '1', start_time: '2024-03-10 10:30:00', end_time: '2024-03-10 12:00:00' });
  });

  it('during 大促 (2007 for a window over 20 minutes) walks the window in 20-minute sub-windows, and starts the next one there', async () => {
    const { taobao, sent } = connector([error('window'), ...Array.from({ length: 9 }, () => page(false))]);
    let cursor: string | null = null;
    const ends: string[] = [];
    do {
      cursor = (await taobao.pullOrders(window, cursor)).cursor;
      ends.push(sent.at(-1)!.params.end_time!);
    } while (cursor);
    expect(sent[0]!.params.end_time).toBe('2024-03-10 12:00:00');
    expect(ends).toEqual([
      '2024-03-10 09:20:00',
      '2024-03-10 09:40:00',
      '2024-03-10 10:00:00',
      '2024-03-10 10:20:00',
      '2024-03-10 10:40:00',
      '2024-03-10 11:00:00',
      '2024-03-10 11:20:00',
      '2024-03-10 11:40:00',
      '2024-03-10 12:00:00',
    ]);
    // the next window starts at 20 minutes without another refusal
    await taobao.pullOrders({ from: window.to, to: window.to + 3 * 3600 }, null);
    expect(sent.at(-1)!.params).toMatchObject({ start_time: '2024-03-10 12:00:00', end_time: '2024-03-10 12:20:00' });
  });

  it('a 2007 for a window of 20 minutes or less, and the other documented errors, are refusals with the sub code', async () => {
    const short = connector([error('window')]);
    await expect(short.taobao.pullOrders({ from: window.from, to: window.from + 1200 }, null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '2007',
    });
    await expect(connector([error('position_index')]).taobao.pullOrders(window, null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '1008',
    });
    await expect(connector([error('rate_limited')]).taobao.pullOrders(window, null)).rejects.toMatchObject({
      kind: 'rate_limited',
      platformCode: '9100',
    });
    await expect(connector([error('invalid_parameter')]).taobao.pullOrders(window, null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: 'isv.invalid-parameter',
    });
  });

  it.each([
    ['an HTML error page', '<html>淘宝开放平台维护中</html>'],
    ['an empty body', ''],
    ['another method’s answer', '{"tbk_item_info_get_response":{}}'],
  ])('refuses %s as a protocol error naming 淘宝', async (_l, body) => {
    const err = await connector([body])
      .taobao.pullOrders(window, null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err).toMatchObject({ kind: 'protocol', platform: 'taobao' });
  });
});

describe('taobao.tbk.sc.order.details.get on its fixture', () => {
  const sc = loadFixture('taobao', 'sc-order-details-get');
  it('is used with a session, and reads its answer', async () => {
    const { taobao, sent } = connector([wireText(sc.answers.ok)], '6100e2b9d6a9b5a0b9b3a0');
    const p = await taobao.pullOrders(window, null);
    expect(requestMismatches(sc, sent[0]!)).toEqual([]);
    expect(p.orders[0]).toMatchObject({ orderId: '294159887445064307', status: 'paid', commissionFen: 112, tracking: { relationId: '' } });
    await expect(connector([wireText(sc.answers.errors[0]!.answer)], 'x').taobao.pullOrders(window, null)).rejects.toMatchObject({
      kind: 'token_expired',
    });
  });
});

describe('淘宝 conversion on its fixtures', () => {
  const info = loadFixture('taobao', 'item-info-get');
  const convert = loadFixture('taobao', 'general-link-convert');

  it.each(['ok', 'simplified'] as const)('item.info.get (%s) + dg.general.link.convert', async (form) => {
    const infoAnswer = form === 'ok' ? info.answers.ok : info.answers.variants!.simplified;
    const { taobao, sent } = connector([wireText(infoAnswer), wireText(convert.answers.ok)]);
    const c = await taobao.convert({ kind: 'item', id: '590141576510', adzoneId: '3000101' });
    expect(requestMismatches(info, sent[0]!)).toEqual([]);
    expect(requestMismatches(convert, sent[1]!)).toEqual([]);
    expect(jsonParam(sent[1]!, 'item_dto')).toEqual([{ item_id: '590141576510' }]);
    expect(c).toMatchObject({
      title: '夏季新款纯棉短袖T恤',
      image: 'https://img.alicdn.com/bao/uploaded/i1/1.jpg',
      price: 8800,
      shopid: '178110204',
      coupon: { amount: 8000, link: 'https://s.click.taobao.com/DvHjOPu' },
      promotion_url: 'https://s.click.taobao.com/DvHjOPu',
      commissionRateBp: 600,
      tracking: { adzoneId: '3000101', pid: 'mm_1000001_2000002_3000101' },
    });
  });

  it('a shop converts through shop_dto; a refused material keeps its own code', async () => {
    const shop = connector([wireText(convert.answers.ok)]);
    const c = await shop.taobao.convert({ kind: 'shop', id: '178110204' });
    expect(requestMismatches(convert, shop.sent[0]!)).toEqual([]);
    expect(c.promotion_url).toBe('https://s.click.taobao.com/ShOpUrl');
    const refused = connector([wireText(info.answers.ok), wireText(convert.answers.errors[0]!.answer)]);
    await expect(refused.taobao.convert({ kind: 'item', id: '688401422805' })).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '1001',
    });
  });
});
