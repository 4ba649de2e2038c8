import { describe, expect, it } from 'vitest';
import { pddForm, pddSign } from './client.ts';
import { customParameters } from './convert.ts';
import { pddStatus } from './orders.ts';

describe('拼多多 signing', () => {
  // Hand-checked with Python: md5("testsecret" + name+value pairs sorted by name + "testsecret").upper().
  const params = {
    type: 'pdd.ddk.order.list.increment.get',
    client_id: 'testclientid',
    timestamp: '1704135845',
    data_type: 'JSON',
    start_update_time: '1704128400',
    end_update_time: '1704132000',
    page: '1',
    page_size: '50',
    return_count: 'true',
  };

  it('matches the hand-checked value, sorting "page" before "page_size"', () => {
    expect(pddSign(params, 'testsecret')).toBe('583BD8279400FAC2B5AFD2F21A86A030');
    expect(pddSign({ ...params, sign: 'x' }, 'testsecret')).toBe('583BD8279400FAC2B5AFD2F21A86A030');
  });

  it('builds the signed form with unix-second timestamps and JSON lists', () => {
    const form = pddForm(
      { apiBase: 'http://x', clientId: 'testclientid', clientSecret: 'testsecret', now: () => 1_704_135_845_999 },
      params.type,
      {
        start_update_time: 1_704_128_400,
        end_update_time: 1_704_132_000,
        page: 1,
        page_size: 50,
        return_count: true,
      },
    );
    expect(form).toEqual({ ...params, sign: '583BD8279400FAC2B5AFD2F21A86A030' });
    expect(pddForm({ apiBase: '', clientId: 'c', clientSecret: 's' }, 't', { goods_sign_list: ['a'] }).goods_sign_list).toBe('["a"]');
  });
});

describe('拼多多 order_status', () => {
  it.each([
    [-1, 0, 'unpaid'],
    [0, 0, 'paid'],
    [1, 0, 'paid'],
    [2, 0, 'confirmed'],
    [3, 0, 'confirmed'],
    [5, 0, 'settled'],
    [4, 0, 'invalid'],
    [8, 0, 'invalid'],
    [10, 0, 'invalid'],
    [4, 2, 'refunded'],
    [2, 1, 'confirmed'],
    [-1, 2, 'unpaid'],
  ])('order_status %d, return_status %d → %s', (order_status, return_status, status) =>
    expect(pddStatus({ order_status, return_status })).toBe(status),
  );

  it('custom_parameters carries the link id as uid, within 64 bytes', () => {
    expect(customParameters('p100')).toBe('{"uid":"p100"}');
    expect(customParameters(undefined)).toBe('');
    expect(() => customParameters('x'.repeat(60))).toThrow(/64/);
  });
});
