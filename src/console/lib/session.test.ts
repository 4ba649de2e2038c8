import { describe, expect, it } from 'vitest';
import type { LoginData } from '../../shared/user.ts';
import { toStoredUser } from './session.ts';

const base: Omit<LoginData, 'jwt'> = {
  username: 'u',
  company: 'c',
  id: 7,
  super: 0,
  udsmart: 0,
  is_sub: 0,
  role: 'common',
  phone: '138****0000',
  email: 'u@x',
  expire_time: '2030-01-01 00:00:00',
  status: 1,
  promote_type: 1,
};
const user = (o: Partial<typeof base> & { version?: 'ver1' | 'ver2' }) => toStoredUser({ ...base, ...o });

describe('toStoredUser (role derivation, spec §4)', () => {
  it('super=1 → role 1', () => expect(user({ super: 1, udsmart: 1, is_sub: 1 }).userrole).toBe(1));
  it('super=2 → role 2', () => expect(user({ super: 2 }).userrole).toBe(2));
  it('super=2, udsmart=1, is_sub=0 → role 5', () => expect(user({ super: 2, udsmart: 1, is_sub: 0 }).userrole).toBe(5));
  it('super=2, udsmart=1, is_sub=1 → role 6', () => expect(user({ super: 2, udsmart: 1, is_sub: 1 }).userrole).toBe(6));
  it('otherwise role 3', () => expect(user({}).userrole).toBe(3));
  it('agent → role 4 with ver2 always', () => {
    const u = user({ role: 'agent', version: 'ver1' });
    expect(u.userrole).toBe(4);
    expect(u.version).toBe('ver2');
  });
  it('customers keep their stored version, default ver2', () => {
    expect(user({ version: 'ver1' }).version).toBe('ver1');
    expect(user({}).version).toBe('ver2');
  });
  it('stores exactly the §3 fields, date part of expire_time only', () => {
    expect(Object.keys(user({})).sort()).toEqual(
      [
        'company',
        'email',
        'expire_time',
        'is_sub',
        'phone',
        'promote_type',
        'status',
        'udsmart',
        'userid',
        'username',
        'userrole',
        'usertype',
        'version',
      ].sort(),
    );
    expect(user({}).expire_time).toBe('2030-01-01');
    expect(user({}).userid).toBe(7);
  });
});
