import { describe, expect, it } from 'vitest';
import { biddingOffers, parseAcpl } from './platforms.ts';

describe('biddingOffers', () => {
  it('juliang offers every channel', () => expect(biddingOffers(2)).toEqual([2, 3, 5, 4, 8, 7]));
  it('tengxun and kuaishou: PRO, jingdong, UDSmart', () => {
    expect(biddingOffers(4)).toEqual([2, 3, 7]);
    expect(biddingOffers(5)).toEqual([2, 3, 7]);
  });
  it('ucid: PRO only', () => expect(biddingOffers(8)).toEqual([2]));
  it('xiaohongshu: PRO and jingdong', () => expect(biddingOffers(10)).toEqual([2, 3]));
  it('parses acpl with default 2', () => {
    expect(parseAcpl('4')).toBe(4);
    expect(parseAcpl(null)).toBe(2);
    expect(parseAcpl('99')).toBe(2);
  });
});
