import { describe, expect, it } from 'vitest';
import { isHidden } from './hide.ts';

describe('isHidden', () => {
  it('no prefix hides for that role only', () => {
    expect(isHidden('no3', 3)).toBe(true);
    expect(isHidden('no3', 4)).toBe(false);
    expect(isHidden('no3', 1)).toBe(false);
  });
  it('comma list hides unless the user holds a listed role', () => {
    expect(isHidden('1,2', 1)).toBe(false);
    expect(isHidden('1,2', 2)).toBe(false);
    expect(isHidden('1,2', 3)).toBe(true);
    expect(isHidden('1, 2', 5)).toBe(true);
  });
  it('plain number shows only to that role', () => {
    expect(isHidden('3', 3)).toBe(false);
    expect(isHidden('3', 4)).toBe(true);
    expect(isHidden(3, 3)).toBe(false);
  });
  it('empty rules hide nothing', () => {
    expect(isHidden(undefined, 3)).toBe(false);
    expect(isHidden('', 3)).toBe(false);
  });
  it('no role hides restricted elements', () => {
    expect(isHidden('3', null)).toBe(true);
    expect(isHidden('no3', null)).toBe(false);
  });
});
