import { describe, expect, it } from 'vitest';
import { knownColumns, moveColumn, toggleColumn } from './column-order.ts';

describe('template column order', () => {
  it('moves a column to a new position', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('adds at the end or takes out', () => {
    expect(toggleColumn(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleColumn(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('drops columns a kind no longer offers', () => {
    expect(knownColumns(['x', 'a', 'y'], [{ key: 'a' }, { key: 'y' }])).toEqual(['a', 'y']);
  });
});
