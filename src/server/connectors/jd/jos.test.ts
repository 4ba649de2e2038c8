import { describe, expect, it } from 'vitest';
import { jdForm, jdResponseKey, jdResultKey, jdSign } from './jos.ts';
import { jdPaidAt, jdStatus, payMonthTime, unionTagBit } from './orders.ts';

describe('JOS signing', () => {
  // Hand-checked with Python: md5("testsecret" + sorted name+value pairs + "testsecret").upper(); "360buy_param_json" sorts first.
  const params = {
    method: 'jd.union.open.order.row.query',
    app_key: 'testappkey',
    timestamp: '2024-01-02 03:04:05',
    format: 'json',
    v: '1.0',
    sign_method: 'md5',
    '360buy_param_json':
      '{"orderReq":{"pageIndex":1,"pageSize":20,"type":3,"startTime":"2024-01-02 02:00:00","endTime":"2024-01-02 03:00:00"}}',
  };

  it('matches the hand-checked value', () => {
    expect(jdSign(params, 'testsecret')).toBe('066EBEADACB4A111BB4D3C6A652D2336');
    expect(jdSign({ ...params, sign: 'whatever' }, 'testsecret')).toBe('066EBEADACB4A111BB4D3C6A652D2336');
    expect(jdSign(params, 'testsecret2')).not.toBe('066EBEADACB4A111BB4D3C6A652D2336');
  });

  it('builds the form the router expects', () => {
    const form = jdForm(
      { apiBase: 'http://x', appKey: 'testappkey', appSecret: 'testsecret', now: () => Date.parse('2024-01-02T03:04:05+08:00') },
      params.method,
      {
        orderReq: { pageIndex: 1, pageSize: 20, type: 3, startTime: '2024-01-02 02:00:00', endTime: '2024-01-02 03:00:00' },
      },
    );
    expect(form).toEqual({ ...params, sign: '066EBEADACB4A111BB4D3C6A652D2336' });
  });

  it('names the answer as JD spells it', () => {
    expect(jdResponseKey('jd.union.open.order.row.query')).toBe('jd_union_open_order_row_query_responce');
    expect(jdResultKey('jd.union.open.order.row.query')).toBe('queryResult');
    expect(jdResultKey('jd.union.open.promotion.common.get')).toBe('getResult');
  });
});

describe('京东 validCode', () => {
  const now = Date.parse('2024-03-10T12:00:00+08:00') / 1000;
  it.each([
    [{ validCode: 15 }, 'unpaid'],
    [{ validCode: 16 }, 'paid'],
    [{ validCode: 24 }, 'deposit_paid'],
    [{ validCode: 3 }, 'closed'],
    [{ validCode: 17, payMonth: 0 }, 'confirmed'],
    [{ validCode: 17, payMonth: 20240320 }, 'confirmed'],
    [{ validCode: 17, payMonth: 20240310 }, 'settled'],
    [{ validCode: 16, skuNum: 2, skuReturnNum: 2 }, 'refunded'],
    [{ validCode: 16, skuNum: 2, skuReturnNum: 1 }, 'paid'],
    [{ validCode: 14 }, 'invalid'],
    [{ validCode: 2 }, 'invalid'],
    [{ validCode: -1 }, 'invalid'],
  ])('%j → %s', (row, status) => expect(jdStatus(row, now)).toBe(status));

  it.each([
    ['paid: the payment was the last change', { validCode: 16 }, 'paid', 'modify', null],
    ['completed: paid at or after the order', { validCode: 17 }, 'confirmed', 'order', 'order'],
    ['returned after payment', { validCode: 16, skuNum: 1, skuReturnNum: 1 }, 'refunded', 'order', 'order'],
    ['deposit only', { validCode: 24 }, 'deposit_paid', null, 'modify'],
    ['unpaid', { validCode: 15 }, 'unpaid', null, null],
    ['cancelled', { validCode: 3 }, 'closed', null, null],
  ] as const)('payment time (the row has none): %s', (_name, code, status, paid, deposit) => {
    const row = { ...code, orderTime: '2024-03-10 09:00:00', modifyTime: '2024-03-10 09:05:00' };
    const at = { order: Date.parse('2024-03-10T09:00:00+08:00') / 1000, modify: Date.parse('2024-03-10T09:05:00+08:00') / 1000 };
    expect(jdStatus(row, now)).toBe(status);
    const got = jdPaidAt(row, status);
    expect(got.paidAt).toBe(paid === null ? null : at[paid]);
    if (deposit !== null) expect(got.depositPaidAt).toBe(at[deposit]);
  });

  it('reads unionTag bits from the right and payMonth as a China date', () => {
    expect(unionTagBit('00000000000010000000000000000000', 20)).toBe(true);
    expect(unionTagBit('00000000000000000000000000000001', 1)).toBe(true);
    expect(unionTagBit('00000000000000000000000000000001', 20)).toBe(false);
    expect(payMonthTime(20240310)).toBe(Date.parse('2024-03-10T00:00:00+08:00') / 1000);
    expect(payMonthTime('0')).toBeNull();
  });
});
