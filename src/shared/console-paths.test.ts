import { describe, expect, it } from 'vitest';
import { isConsolePath, matchPattern, normalizePath } from './console-paths.ts';

describe('isConsolePath', () => {
  it.each([
    '/', '/login', '/admin-login', '/auloading', '/404', '/401', '/redirect', '/redirect/dashboard',
    '/redirect/sxA', '/dashboard', '/dashboard/', '/accountinfo', '/collect/page/12', '/new/mandate',
    '/promotion', '/promotion/page/7', '/landing', '/landing/55', '/landing/page', '/exportTemplate',
    '/mandate', '/promotion/weibo', '/promotion/tencent', '/promotion/plan/9', '/minipromote',
    '/minipromote/miniweibo', '/minipromote/minitencent', '/minipromote/plan/3', '/minipromote/page/4',
    '/minilandurl/page', '/minilandurl/8', '/sxA', '/sxA/agentorader/1', '/sxA/jumptest', '/sxA/costinfo',
    '/sxA/manager', '/newsxA/client/list', '/newsxA/client/landingpage', '/newsxA/client/landingpage/2',
    '/newsxA/client/promote', '/newsxA/client/promote/2', '/sxA/udAcct/brand', '/sxA/udAcct/account',
    '/sxA/udAcct/preview', '/sxA/udAcct/promoteList', '/sxA/udAcct/page/5',
  ])('accepts %s', (p) => expect(isConsolePath(p)).toBe(true));

  it.each([
    '/nope', '/dashboard/extra', '/collect/page', '/pub/12', '/new/12', '/new/wx/12', '/xtb/1',
    '/sxA/udAcct', '/redirect/nope', '/redirect/pub/1', '//evil.com', '/landing/1/2', '/sxa',
  ])('rejects %s', (p) => expect(isConsolePath(p)).toBe(false));

  it('rejects malformed escapes', () => expect(isConsolePath('/%E0%A4%A')).toBe(false));
});

describe('matchPattern', () => {
  it('matches params and rest', () => {
    expect(matchPattern('/landing/:pageId', '/landing/3')).toBe(true);
    expect(matchPattern('/landing/:pageId', '/landing')).toBe(false);
    expect(matchPattern('/redirect/*', '/redirect')).toBe(true);
    expect(matchPattern('/redirect/*', '/redirect/a/b')).toBe(true);
    expect(matchPattern('/redirect/*', '/redirection')).toBe(false);
  });
  it('normalizes', () => {
    expect(normalizePath('/a/')).toBe('/a');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/a?x=1')).toBe('/a');
  });
});
