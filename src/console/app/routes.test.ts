import { describe, expect, it } from 'vitest';
import { buildMenu, isActiveItem } from './menu.ts';
import { breadcrumbFor, findRoute, homePath, routesFor } from './routeFilter.ts';
import { roleRoutes } from './routes.ts';
import { customerConsolePaths, adminConsolePaths } from '../../shared/console-paths.ts';

const paths = (role: 1 | 2 | 3 | 4 | 5 | 6, v: 'ver1' | 'ver2' = 'ver2') => routesFor(roleRoutes, role, v).map((d) => d.path);

describe('routesFor', () => {
  it('customer ver2 gets the ver2 table', () => {
    expect(paths(3)).toEqual(['/dashboard', '/promotion', '/promotion/page/:pageId', '/collect', '/collect/page/:pageId', '/new/mandate', '/landing', '/landing/:pageId', '/exportTemplate', '/accountinfo']);
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
    expect(paths(5)).toEqual(['/sxA/udAcct/brand', '/sxA/udAcct/account', '/sxA/udAcct/preview', '/sxA/udAcct/promoteList', '/sxA/udAcct/page/:pageId']);
    expect(paths(6)).toEqual(paths(5));
    expect(paths(5)).not.toContain('/dashboard');
  });
  it('no role sees a path twice', () => {
    for (const role of [1, 2, 3, 4, 5, 6] as const) for (const v of ['ver1', 'ver2'] as const) {
      const p = paths(role, v);
      expect(new Set(p).size).toBe(p.length);
    }
  });
  it('every role path is a known console path', () => {
    const known = new Set([...customerConsolePaths, ...adminConsolePaths]);
    for (const d of roleRoutes) expect(known.has(d.path)).toBe(true);
    for (const p of [...customerConsolePaths, ...adminConsolePaths]) expect(roleRoutes.some((d) => d.path === p)).toBe(true);
  });
});

describe('homePath', () => {
  it('per role', () => {
    expect(homePath(1, 'ver2')).toBe('/sxA');
    expect(homePath(2, 'ver2')).toBe('/sxA');
    expect(homePath(3, 'ver2')).toBe('/dashboard?acpl=2');
    expect(homePath(3, 'ver1')).toBe('/dashboard');
    expect(homePath(5, 'ver2')).toBe('/sxA/udAcct/brand');
    expect(homePath(6, 'ver2')).toBe('/sxA/udAcct/brand');
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
    const weibo = findRoute(v1, '/promotion/weibo');
    expect(weibo && breadcrumbFor(v1, weibo)).toEqual([{ title: '推广管理' }, { title: '微博' }]);
  });
});

describe('buildMenu', () => {
  it('customer ver2 menu follows the platform', () => {
    const menu = buildMenu(routesFor(roleRoutes, 3, 'ver2'), 8);
    expect(menu.map((m) => m.label)).toEqual(['概览', '竞价推广', '商品效果分析', '账户授权', '投放链接', '导出模板']);
    expect(menu[0].to).toBe('/dashboard?acpl=8');
    expect(menu[1].children?.map((c) => c.label)).toEqual(['流量通PRO']);
    expect(buildMenu(routesFor(roleRoutes, 3, 'ver2'), 10)[1].children?.map((c) => c.label)).toEqual(['流量通PRO', '京东']);
    expect(buildMenu(routesFor(roleRoutes, 3, 'ver2'), 5)[1].children?.map((c) => c.label)).toEqual(['流量通PRO', '京东', 'UDSmart']);
  });
  it('groups ver1 entries', () => {
    const menu = buildMenu(routesFor(roleRoutes, 3, 'ver1'), 2);
    expect(menu.map((m) => m.label)).toEqual(['数据看板', '我的授权', '推广管理', '淘宝新链接推广', '推广链接管理', '新链接链接管理']);
    expect(menu[2].children?.map((c) => c.to)).toEqual(['/promotion', '/promotion/weibo', '/promotion/tencent']);
  });
  it('marks the active item', () => {
    const item = { key: 'k', label: 'x', to: '/promotion?acpl=2&pl=3' };
    expect(isActiveItem(item, '/promotion', new URLSearchParams('pl=3'))).toBe(true);
    expect(isActiveItem(item, '/promotion', new URLSearchParams('pl=2'))).toBe(false);
  });
});
