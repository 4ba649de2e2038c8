import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonParam, loadFixture, requestMismatches, wireText } from '../../../../tests/support/platform-fixtures.ts';
import { ConnectorError } from '../errors.ts';
import { createUdConnector } from './index.ts';

/** The 阿里妈妈 UD connector against the TOP answers its source documents (tests/fixtures/platforms/ud). */
const NOW = Date.parse('2024-03-10T12:00:00+08:00');
const connector = (answers: Array<string | { status: number; body: string }>) => {
  const f = fakeFetch(answers);
  const ud = createUdConnector(
    { apiBase: 'https://eco.taobao.test', appKey: '12345678', appSecret: 'secret', signMethod: 'md5', prodType: 1 },
    { fetchImpl: f.fetch, retries: 0 },
    () => NOW,
  );
  return { ...f, ud };
};
const monitor = loadFixture('ud', 'monitor-url-create');
const pull = loadFixture('ud', 'order-detail-pull');
const data = loadFixture('ud', 'udsmartdata-get');
const day = { from: Date.parse('2024-03-10T00:00:00+08:00') / 1000, to: NOW / 1000 };

describe('UD on its fixtures', () => {
  it('monitor.url.create: the documented request and answer', async () => {
    const { ud, sent } = connector([wireText(monitor.answers.ok)]);
    const m = await ud.createMonitorUrls({ itemId: '612345678901', channelId: 1, pageType: 1, attributionType: 3 });
    expect(requestMismatches(monitor, sent[0]!)).toEqual([]);
    expect(jsonParam(sent[0]!, 'monitor_url_top_request_dto')).toEqual({
      item_id: 612345678901,
      page_type: 1,
      channel_id: 1,
      prod_type: 1,
      attribution_type: 3,
    });
    expect(m).toMatchObject({ monitorUniqueId: 'xxxx', clickUrl: 'https://ud.example/c', tracking: { union: 'ud', channelId: '1' } });
  });

  it('order.detail.pull: 19-digit ids stay exact, the cursor goes on', async () => {
    const { ud, sent } = connector([wireText(pull.answers.ok)]);
    const page = await ud.pullOrders(day, null);
    expect(requestMismatches(pull, sent[0]!)).toEqual([]);
    expect(jsonParam(sent[0]!, 'order_top_cursor_query_dto')).toEqual({
      start_time: '2024-03-10 00:00:00.000',
      end_time: '2024-03-10 11:59:59.999',
      prod_type: 1,
    });
    expect(page.cursor).toBe('einsqpfgsgx');
    expect(page.orders[0]).toMatchObject({
      orderId: '3812345678901234568',
      parentOrderId: '3812345678901234567',
      status: 'paid',
      payFen: 1000,
      ud: { advertiserId: '1760000000000001', asynClickId: 'xxxx', synClickId: 'xxxx', channelId: '1' },
    });
  });

  it('order.detail.pull: success false and the TOP error are refusals', async () => {
    await expect(connector([wireText(pull.answers.errors[1]!.answer)]).ud.pullOrders(day, null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: 'PARAM_ERROR',
    });
    await expect(connector([wireText(pull.answers.errors[0]!.answer)]).ud.pullOrders(day, null)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: 'isv.invalid-parameter',
    });
  });

  it('udsmartdata.get: the documented request; result 0 accepted, -1 refused', async () => {
    const postback = {
      orderId: '3812345678901234568',
      event: 'pay' as const,
      purchaseFen: 1000,
      itemCount: 1,
      itemId: '612345678901',
      eventTime: 1710036060,
      channelId: '1',
      advertiserId: '1760000000000001',
      cmClickId: 'xxxx',
    };
    const ok = connector([wireText(data.answers.ok)]);
    await ok.ud.postback(postback);
    expect(requestMismatches(data, ok.sent[0]!)).toEqual([]);
    expect(jsonParam(ok.sent[0]!, 'ud_smart_service_request')).toEqual({
      order_id: '3812345678901234568',
      event_type: '12',
      purchase_amount: '1000',
      item_count: '1',
      item_id: '612345678901',
      event_time: '1710036060',
      channel_id: '1',
      callback_type: '1',
      advertiser_id: '1760000000000001',
      cm_click_id: 'xxxx',
    });
    const refused = await connector([wireText(data.answers.errors[1]!.answer)])
      .ud.postback(postback)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused).toMatchObject({ kind: 'refused', platformCode: '-1' });
  });
});
