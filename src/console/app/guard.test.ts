import { describe, expect, it } from 'vitest';
import { loginWithReturn } from '../lib/access.ts';
import { decideGuard, type GuardInput, navigationGuard } from './guard.ts';

const base: GuardInput = { pathname: '/', search: '', customerToken: '', adminToken: '', adminRole: null };
const g = (o: Partial<GuardInput>) => decideGuard({ ...base, ...o });

describe('decideGuard', () => {
  it('shows login pages to anonymous users', () => {
    expect(g({ pathname: '/login' })).toEqual({ kind: 'public' });
    expect(g({ pathname: '/admin-login' })).toEqual({ kind: 'public' });
    expect(g({ pathname: '/auloading' })).toEqual({ kind: 'public' });
    expect(g({ pathname: '/404' })).toEqual({ kind: 'public' });
  });
  it('sends a logged-in customer on /login to /', () => {
    expect(g({ pathname: '/login', customerToken: 't' })).toEqual({ kind: 'redirect', to: '/' });
  });
  it('an admin token does not count on /login', () => {
    expect(g({ pathname: '/login', adminToken: 't' })).toEqual({ kind: 'public' });
  });
  it('sends a logged-in admin on /admin-login to their home', () => {
    expect(g({ pathname: '/admin-login', adminToken: 't', adminRole: 6 })).toEqual({ kind: 'redirect', to: '/sxA/udAcct/brand' });
    expect(g({ pathname: '/admin-login', adminToken: 't', adminRole: 1 })).toEqual({ kind: 'redirect', to: '/redirect/sxA' });
    expect(g({ pathname: '/admin-login', adminToken: 't', adminRole: 5 })).toEqual({ kind: 'redirect', to: '/redirect/sxA' });
  });
  it('redirects anonymous customer paths to /login remembering the path', () => {
    expect(g({ pathname: '/collect/page/3', search: '?a=1' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fcollect%2Fpage%2F3%3Fa%3D1',
    });
  });
  it('redirects anonymous admin paths to /admin-login', () => {
    expect(g({ pathname: '/sxA/manager' })).toEqual({ kind: 'redirect', to: loginWithReturn('admin', '/sxA/manager') });
    expect(g({ pathname: '/newsxA/client/list' })).toEqual({ kind: 'redirect', to: '/admin-login?redirect=%2FnewsxA%2Fclient%2Flist' });
    expect(g({ pathname: '/redirect/sxA', customerToken: 'c' })).toEqual({
      kind: 'redirect',
      to: '/admin-login?redirect=%2Fredirect%2FsxA',
    });
  });
  it('a customer token does not open admin paths and vice versa', () => {
    expect(g({ pathname: '/sxA', customerToken: 'c' }).kind).toBe('redirect');
    expect(g({ pathname: '/dashboard', adminToken: 'a' }).kind).toBe('redirect');
  });
  it('opens a session with the token of the area', () => {
    expect(g({ pathname: '/dashboard', customerToken: 'c' })).toEqual({ kind: 'session', area: 'customer' });
    expect(g({ pathname: '/sxA/udAcct/brand', adminToken: 'a' })).toEqual({ kind: 'session', area: 'admin' });
    expect(g({ pathname: '/redirect/dashboard', customerToken: 'c' })).toEqual({ kind: 'session', area: 'customer' });
  });
  it('the hidden entry / picks whichever session exists', () => {
    expect(g({ pathname: '/' })).toEqual({ kind: 'redirect', to: '/login' });
    expect(g({ pathname: '/', customerToken: 'c', adminToken: 'a' })).toEqual({ kind: 'session', area: 'customer' });
    expect(g({ pathname: '/', adminToken: 'a' })).toEqual({ kind: 'session', area: 'admin' });
  });
});

describe('navigationGuard', () => {
  it('lets a navigation through while the token is there', () => {
    expect(navigationGuard('customer', 't', '/landing', '')).toBeNull();
  });
  it('sends a navigation without the token to the area’s login, remembering the target', () => {
    expect(navigationGuard('customer', '', '/exportTemplate', '')).toBe('/login?redirect=%2FexportTemplate');
    expect(navigationGuard('admin', '', '/sxA/manager', '?a=1')).toBe('/admin-login?redirect=%2FsxA%2Fmanager%3Fa%3D1');
  });
});
