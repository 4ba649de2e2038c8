import { describe, expect, it } from 'vitest';
import { advertiserOptions, idsOf } from './advertiser-options.ts';
import type { CustomerOption } from './types.ts';

const customers: CustomerOption[] = [
  {
    customerid: 7,
    company: '甲',
    email: 'jia@a.cn',
    advertisers: {
      '2': [{ advertiser_id: '1701', advertiser_name: '巨量甲' }],
      '4': [{ advertiser_id: '2001', advertiser_name: '腾讯甲' }],
    },
  },
  { customerid: 8, company: '乙', email: 'yi@a.cn', advertisers: {} },
];

describe('关联广告主 options', () => {
  it('offers the chosen customer’s advertisers on the chosen channel', () => {
    expect(advertiserOptions(customers, 7, 2, undefined, [])).toEqual([{ label: '巨量甲', value: '1701' }]);
    expect(advertiserOptions(customers, 7, 4, undefined, [])).toEqual([{ label: '腾讯甲', value: '2001' }]);
    expect(advertiserOptions(customers, 8, 2, undefined, [])).toEqual([]);
    expect(advertiserOptions(customers, null, 2, undefined, [])).toEqual([]);
  });

  it('offers a customer its own list, and keeps ids the link already has', () => {
    const mine = [{ advertiser_id: '55', advertiser_name: '' }];
    expect(advertiserOptions(null, null, 2, mine, ['55', '99'])).toEqual([
      { label: '广告主 55', value: '55' },
      { label: '广告主 99', value: '99' },
    ]);
  });

  it('names advertisers only; the id only beside a name two of them share', () => {
    const mine = [
      { advertiser_id: '1701', advertiser_name: '海味旗舰店' },
      { advertiser_id: '1702', advertiser_name: '海味旗舰店' },
      { advertiser_id: '1703', advertiser_name: '宁波海味食品有限公司' },
    ];
    expect(advertiserOptions(null, null, 2, mine, []).map((o) => o.label)).toEqual([
      '海味旗舰店 · 1701',
      '海味旗舰店 · 1702',
      '宁波海味食品有限公司',
    ]);
  });

  it('reads ids separated by either comma or spaces', () => {
    expect(idsOf(' 1， 2,,3 4')).toEqual(['1', '2', '3', '4']);
    expect(idsOf('')).toEqual([]);
  });
});
