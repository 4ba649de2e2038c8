import { describe, expect, it } from 'vitest';
import { ROLE, type Role } from '../../shared/roles.ts';
import { afterLogin, areaOfRole, entryPath, expiryLoginArea, homePath, isAdminPath, safeReturnPath } from './access.ts';

const ALL: Role[] = [1, 2, 3, 4, 5, 6];

describe('areas', () => {
  it('recognises admin paths', () => {
    for (const p of ['/sxA', '/sxA/manager', '/newsxA/client/list', '/admin-login', '/redirect/sxA']) expect(isAdminPath(p)).toBe(true);
    for (const p of ['/', '/login', '/dashboard', '/sxAB', '/redirect/dashboard']) expect(isAdminPath(p)).toBe(false);
  });
  it('roles 1, 2, 5, 6 hold the admin token', () => {
    expect(ALL.map(areaOfRole)).toEqual(['admin', 'admin', 'customer', 'customer', 'admin', 'admin']);
  });
});

describe('one rule for a role’s home', () => {
  it('home screens', () => {
    expect(homePath(ROLE.superAdmin, 'ver2')).toBe('/sxA');
    expect(homePath(ROLE.admin, 'ver2')).toBe('/sxA');
    expect(homePath(ROLE.customer, 'ver2')).toBe('/dashboard?acpl=2');
    expect(homePath(ROLE.customer, 'ver1')).toBe('/dashboard');
    expect(homePath(ROLE.agent, 'ver2')).toBe('/dashboard?acpl=2');
    expect(homePath(ROLE.udsmartAdmin, 'ver2')).toBe('/sxA/udAcct/brand');
    expect(homePath(ROLE.udsmartSub, 'ver2')).toBe('/sxA/udAcct/brand');
  });
  it('entry after login (spec §4)', () => {
    expect(ALL.map(entryPath)).toEqual([
      '/redirect/sxA',
      '/redirect/sxA',
      '/redirect/dashboard?acpl=2',
      '/redirect/dashboard?acpl=2',
      '/redirect/sxA',
      '/sxA/udAcct/brand',
    ]);
    expect(entryPath(null)).toBe('/redirect/sxA');
  });
  it('returns to a remembered path only inside the role’s area', () => {
    expect(afterLogin(ROLE.customer, '/collect?x=1')).toBe('/collect?x=1');
    expect(afterLogin(ROLE.customer, '/sxA/manager')).toBe('/redirect/dashboard?acpl=2');
    expect(afterLogin(ROLE.admin, '/sxA/manager')).toBe('/sxA/manager');
    expect(afterLogin(ROLE.admin, '//evil.com')).toBe('/redirect/sxA');
  });
  it('only honours same-site return paths', () => {
    expect(safeReturnPath('/collect?x=1')).toBe('/collect?x=1');
    expect(safeReturnPath('//evil.com')).toBeNull();
    expect(safeReturnPath('https://evil.com')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('expiryLoginArea (the §4 reading we apply)', () => {
  it('roles 1, 2, 5 go to admin login; 3, 4, 6 to user login', () => {
    expect(ALL.map((r) => expiryLoginArea(r, '/'))).toEqual(['admin', 'admin', 'customer', 'customer', 'admin', 'customer']);
  });
  it('falls back to the path when the role is unknown', () => {
    expect(expiryLoginArea(null, '/sxA')).toBe('admin');
    expect(expiryLoginArea(null, '/dashboard')).toBe('customer');
  });
});
