import { describe, expect, it } from 'vitest';
import { customerOptions } from './options.ts';

const c = (customerid: number, company: string, email: string) => ({ customerid, company, email, advertisers: {} });

describe('customer options of the link dialog and filters', () => {
  it('show the company name only, never our internal id', () => {
    expect(customerOptions([c(8, '宁波海味食品有限公司', 'haiwei@demo.local'), c(9, '杭州茶园', 'tea@demo.local')])).toEqual([
      { label: '宁波海味食品有限公司', value: 8 },
      { label: '杭州茶园', value: 9 },
    ]);
  });
  it('tell two customers of one company name apart by their login account', () => {
    expect(customerOptions([c(3, '杭州茶园', 'a@tea.cn'), c(4, '杭州茶园', 'b@tea.cn'), c(5, '', 'x@y.cn')])).toEqual([
      { label: '杭州茶园 · a@tea.cn', value: 3 },
      { label: '杭州茶园 · b@tea.cn', value: 4 },
      { label: 'x@y.cn', value: 5 },
    ]);
  });
});
