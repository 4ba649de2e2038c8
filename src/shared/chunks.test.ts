import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.ts';

describe('chunks', () => {
  it('cuts a list into pieces of at most the size, in order, the last one shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunks(['a'], 100)).toEqual([['a']]);
  });
  it('an empty list has no pieces; a size below 1 is refused', () => {
    expect(chunks([], 3)).toEqual([]);
    expect(() => chunks([1], 0)).toThrow(RangeError);
  });
});
