import { describe, expect, it } from 'vitest';
import { buildMenu, isActiveItem } from '../layout/menu.ts';
import { activeMenuFor, breadcrumbFor, findRoute, matchPattern, normalizePath, routesFor } from '../lib/routes.ts';
import { consoleRoutes, isConsolePath, publicRoutes, roleRoutes } from './route-table.ts';
import { screens } from './screens.ts';

const paths = (role: 1 | 2 | 3 | 4 | 5 | 6, v: 'ver1' | 'ver2' = 'ver2') => routesFor(roleRoutes, role, v).map((d) => d.path);
const sorted = (xs: string[]) => [...xs].sort();

describe('routesFor', () => {
  it('customer ver2 gets the ver2 table', () => {
    expect(sorted(paths(3))).toEqual(
      sorted([
        '/dashboard',
        '/promotion',
        '/promotion/page/:pageId',
        '/promotion/plan/:adId',
        '/collect',
        '/collect/page/:pageId',
        '/new/mandate',
        '/landing',
        '/landing/:pageId',
        '/landing/page',
        '/exportTemplate',
        '/rules',
        '/accountinfo',
      ]),
    );
  });
  it('agents get ver2 routes; ver1 is for role 3 only', () => {
    expect(paths(4)).toEqual(paths(3));
    expect(paths(4, 'ver1')).toEqual([]);
  });
  it('customer ver1 gets the standard table', () => {
    expect(paths(3, 'ver1')).toContain('/minipromote/miniweibo');
    expect(paths(3, 'ver1')).toContain('/landing/page');
    expect(paths(3, 'ver1')).not.toContain('/collect');
  });
  it('admins and UDSmart get their own tables', () => {
    expect(paths(1)).toEqual(paths(2));
    expect(paths(1)).toContain('/sxA/manager');
    expect(paths(1)).not.toContain('/sxA/udAcct/brand');
    expect(sorted(paths(5))).toEqual(
      sorted(['/sxA/udAcct/brand', '/sxA/udAcct/account', '/sxA/udAcct/preview', '/sxA/udAcct/promoteList', '/sxA/udAcct/page/:pageId']),
    );
    expect(paths(6)).toEqual(paths(5));
    expect(paths(5)).not.toContain('/dashboard');
  });
  it('no role sees a path twice', () => {
    for (const role of [1, 2, 3, 4, 5, 6] as const)
      for (const v of ['ver1', 'ver2'] as const) {
        const p = paths(role, v);
        expect(new Set(p).size).toBe(p.length);
      }
  });
  it('every route has its screen and every path is a console path', () => {
    for (const d of consoleRoutes) {
      if ('screen' in d) expect(screens[d.screen]).toBeDefined();
      expect(isConsolePath(d.path.replace(/:\w+/g, '12'))).toBe(true);
    }
    expect(publicRoutes.map((d) => d.path)).toEqual(['/login', '/admin-login', '/auloading']);
  });
});

describe('findRoute and breadcrumb', () => {
  const v1 = routesFor(roleRoutes, 3, 'ver1');
  it('prefers static segments', () => {
    expect(findRoute(v1, '/landing/page')?.meta.title).toBe('推广链接管理');
    expect(findRoute(v1, '/landing/12')?.meta.title).toBe('详情');
  });
  it('breadcrumb uses activeMenu as parent', () => {
    const def = findRoute(v1, '/landing/12');
    expect(def && breadcrumbFor(v1, def)).toEqual([{ title: '推广链接管理', path: '/landing/page' }, { title: '详情' }]);
    const v2 = routesFor(roleRoutes, 3, 'ver2');
    const detail = findRoute(v2, '/landing/12');
    expect(detail && breadcrumbFor(v2, detail)).toEqual([{ title: '推广链接', path: '/landing' }, { title: '订单' }]);
    expect(findRoute(v2, '/landing/page')).toMatchObject({ redirectTo: '/landing' });
    const weibo = findRoute(v1, '/promotion/weibo');
    expect(weibo && breadcrumbFor(v1, weibo)).toEqual([{ title: '推广管理' }, { title: '微博' }]);
  });
  it("a plan's page highlights its channel's entry: a 腾讯 plan (创意) 腾讯, not 巨量引擎", () => {
    const plan = findRoute(v1, '/promotion/plan/701')!;
    const at = (q: string) => activeMenuFor(plan, new URLSearchParams(q));
    expect(at('acpl=4')).toBe('/promotion/tencent');
    expect(at('acpl=3')).toBe('/promotion/weibo');
    expect(at('acpl=2')).toBe('/promotion');
    expect(at('')).toBe('/promotion');
    const v2 = findRoute(routesFor(roleRoutes, 3, 'ver2'), '/promotion/plan/701');
    expect(v2 && activeMenuFor(v2, new URLSearchParams('acpl=8'))).toBe('/promotion');
    const admin = findRoute(routesFor(roleRoutes, 1, 'ver2'), '/newsxA/client/plan/701');
    expect(admin && activeMenuFor(admin, new URLSearchParams('acpl=2'))).toBe('/newsxA/client/promote');
    const mini = findRoute(v1, '/minipromote/plan/701')!;
    expect(activeMenuFor(mini, new URLSearchParams('acpl=4'))).toBe('/minipromote/minitencent');
    const menu = buildMenu(v1, 2);
    const group = menu.find((m) => m.label === '推广管理');
    const tencent = group?.children?.find((c) => c.label === '腾讯');
    expect(tencent && isActiveItem(tencent, at('acpl=4') ?? '', new URLSearchParams('acpl=4'))).toBe(true);
  });
});

describe('buildMenu', () => {
  it('customer ver2 menu follows the platform', () => {
    const menu = buildMenu(routesFor(roleRoutes, 3, 'ver2'), 8);
    expect(menu.map((m) => m.label)).toEqual(['概览', '竞价推广', '自动规则', '商品效果分析', '账户授权', '推广链接', '导出模板']);
    expect(menu[0]?.to).toBe('/dashboard?acpl=8');
    expect(menu[1]?.children?.map((c) => c.label)).toEqual(['流量通PRO']);
    expect(buildMenu(routesFor(roleRoutes, 3, 'ver2'), 10)[1]?.children?.map((c) => c.label)).toEqual(['流量通PRO', '京东']);
    expect(buildMenu(routesFor(roleRoutes, 3, 'ver2'), 5)[1]?.children?.map((c) => c.label)).toEqual(['流量通PRO', '京东', 'UDSmart']);
  });
  it('groups ver1 entries', () => {
    const menu = buildMenu(routesFor(roleRoutes, 3, 'ver1'), 2);
    expect(menu.map((m) => m.label)).toEqual(['数据看板', '我的授权', '推广管理', '淘宝新链接推广', '推广链接管理', '新链接链接管理']);
    expect(menu[2]?.children?.map((c) => c.to)).toEqual(['/promotion', '/promotion/weibo', '/promotion/tencent']);
  });
  it('marks the active item', () => {
    const item = { key: 'k', label: 'x', to: '/promotion?acpl=2&pl=3' };
    expect(isActiveItem(item, '/promotion', new URLSearchParams('pl=3'))).toBe(true);
    expect(isActiveItem(item, '/promotion', new URLSearchParams('pl=2'))).toBe(false);
  });
});

describe('one name per thing', () => {
  it('the admin area calls promotion links 推广链接 like the new version', () => {
    expect(buildMenu(routesFor(roleRoutes, 1, 'ver2'), 2).map((m) => m.label)).toEqual([
      '数据概览',
      '客户列表',
      '推广链接',
      '推广管理',
      '自动规则',
      '消耗概览',
      '链接跳转测试',
      '管理员',
    ]);
    expect(buildMenu(routesFor(roleRoutes, 5, 'ver2'), 2).map((m) => m.label)).toEqual([
      '品牌列表',
      '子账号分配',
      '数据查看',
      '广告账户列表',
    ]);
  });
});

describe('isConsolePath', () => {
  it.each([
    '/',
    '/login',
    '/admin-login',
    '/auloading',
    '/404',
    '/401',
    '/redirect',
    '/redirect/dashboard',
    '/redirect/sxA',
    '/dashboard',
    '/dashboard/',
    '/accountinfo',
    '/collect/page/12',
    '/new/mandate',
    '/promotion',
    '/promotion/page/7',
    '/landing',
    '/landing/55',
    '/landing/page',
    '/exportTemplate',
    '/mandate',
    '/promotion/weibo',
    '/promotion/tencent',
    '/promotion/plan/9',
    '/minipromote',
    '/minipromote/miniweibo',
    '/minipromote/minitencent',
    '/minipromote/plan/3',
    '/minipromote/page/4',
    '/minilandurl/page',
    '/minilandurl/8',
    '/sxA',
    '/sxA/agentorader/1',
    '/sxA/jumptest',
    '/sxA/costinfo',
    '/sxA/manager',
    '/newsxA/client/list',
    '/newsxA/client/landingpage',
    '/newsxA/client/landingpage/2',
    '/newsxA/client/promote',
    '/newsxA/client/promote/2',
    '/newsxA/client/plan/2',
    '/sxA/udAcct/brand',
    '/sxA/udAcct/account',
    '/sxA/udAcct/preview',
    '/sxA/udAcct/promoteList',
    '/sxA/udAcct/page/5',
  ])('accepts %s', (p) => expect(isConsolePath(p)).toBe(true));

  it.each([
    '/nope',
    '/dashboard/extra',
    '/collect/page',
    '/pub/12',
    '/new/12',
    '/new/wx/12',
    '/xtb/1',
    '/sxA/udAcct',
    '/redirect/nope',
    '/redirect/pub/1',
    '//evil.com',
    '/landing/1/2',
    '/sxa',
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
