import { describe, expect, it } from 'vitest';
import { sandboxConvert } from './affiliate.ts';

describe('sandbox conversion', () => {
  it('is deterministic per id and differs between ids', () => {
    const a = sandboxConvert({ platform: 2, kind: 'item', id: '612345678901' });
    expect(sandboxConvert({ platform: 2, kind: 'item', id: '612345678901' })).toEqual(a);
    expect(sandboxConvert({ platform: 2, kind: 'item', id: '612345678902' }).promotion_url).not.toBe(a.promotion_url);
    expect(a.price % 10).toBe(0);
    expect(a.image.startsWith('data:image/svg+xml,')).toBe(true);
    if (a.coupon) expect(a.coupon.amount).toBeLessThan(a.price);
  });
});
