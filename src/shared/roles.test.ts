import { describe, expect, it } from 'vitest';
import { deriveRole, deriveVersion, isAdminRole, isCustomerRole } from './roles.ts';

describe('deriveRole (spec §4)', () => {
  it.each([
    [{ super: 1 }, 1],
    [{ super: 1, udsmart: 1, is_sub: 1 }, 1],
    [{ super: 2 }, 2],
    [{ super: 2, udsmart: 0, is_sub: 1 }, 2],
    [{ super: 2, udsmart: 1, is_sub: 0 }, 5],
    [{ super: 2, udsmart: 1 }, 5],
    [{ super: 2, udsmart: 1, is_sub: 1 }, 6],
    [{ super: 0, usertype: 'common' }, 3],
    [{ super: 0, usertype: 'agent' }, 4],
    [{ usertype: 'agent' }, 4],
    [{}, 3],
    [{ super: 3, usertype: 'common' }, 3],
    [{ super: '2' as unknown as number, udsmart: '1' as unknown as number, is_sub: '1' as unknown as number }, 6],
  ])('%o → role %i', (input, role) => expect(deriveRole(input)).toBe(role));
});

describe('deriveVersion', () => {
  it('agents always ver2', () => expect(deriveVersion(4, 'ver1')).toBe('ver2'));
  it('customers keep their stored version, default ver2', () => {
    expect(deriveVersion(3, 'ver1')).toBe('ver1');
    expect(deriveVersion(3, null)).toBe('ver2');
    expect(deriveVersion(3, 'nonsense')).toBe('ver2');
  });
});

it('splits admin and customer roles', () => {
  expect([1, 2, 3, 4, 5, 6].map((r) => isAdminRole(r as 1))).toEqual([true, true, false, false, true, true]);
  expect([1, 2, 3, 4, 5, 6].map((r) => isCustomerRole(r as 1))).toEqual([false, false, true, true, false, false]);
});
