import { describe, expect, it } from 'vitest';
import { isMoveTooLong } from './partitions.ts';

describe('a move out of DEFAULT that PostgreSQL cancelled', () => {
  it('is a statement timeout (57014) or a lock timeout (55P03); any other error is not', () => {
    expect(isMoveTooLong(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isMoveTooLong(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }))).toBe(true);
    expect(isMoveTooLong(Object.assign(new Error('relation exists'), { code: '42P07' }))).toBe(false);
    expect(isMoveTooLong(new Error('connection lost'))).toBe(false);
    expect(isMoveTooLong(null)).toBe(false);
  });
});
