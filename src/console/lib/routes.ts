import { type ComponentType, createContext, useContext } from 'react';
import { ROLE, ROLE_GROUP, type Role, type Version } from '../../shared/roles.ts';

/** Route meta (spec §2): router, sidebar, platform menu, breadcrumb and title all read it. */
export interface RouteMeta {
  title: string;
  icon?: string;
  /** false: leave this route out of the breadcrumb */
  breadcrumb?: boolean;
  /** the menu entry to highlight (and breadcrumb parent) for a hidden route */
  activeMenu?: string;
  /** the entry to highlight instead when the address names this account type (`?acpl=4`: a 腾讯 plan → 腾讯) */
  activeMenuByAcpl?: Readonly<Partial<Record<number, string>>>;
  /** who may open it; empty for the public screens */
  roles: readonly Role[];
  /** a public screen (no login) */
  public?: boolean;
  /** customer version(s) the route belongs to; absent = every version */
  versions?: readonly Version[];
  /** not shown in menus */
  hidden?: boolean;
  /** position in the role's menu (ascending); a group sits where its first entry does */
  order?: number;
  /** sidebar group label (and its icon) this entry sits in */
  group?: string;
  groupIcon?: string;
  /** customer ver2: 'overview' and 'bidding' entries expand per ad platform (acpl) */
  platformMenu?: 'overview' | 'bidding';
}

/**
 * A route descriptor, owned by its feature (`features/<f>/routes.ts`). It names its screen by id; the
 * feature's `screens.ts` maps ids to components, so this table stays plain data that the Astro page can
 * read without pulling screens (and their CSS) into the server build.
 */
export type RouteDef<S extends string = string> =
  | { path: string; screen: S; meta: RouteMeta }
  /** an old address that now lives elsewhere (e.g. a ver1 bookmark opened in ver2) */
  | { path: string; redirectTo: string; meta: RouteMeta };

/** How a screen arrives: lazily (its own chunk) or in the first download (the login screens). */
export type Screen = { load: () => Promise<ComponentType> } | { Component: ComponentType };

export const lazyScreen = (load: () => Promise<ComponentType>): Screen => ({ load });
export const eagerScreen = (Component: ComponentType): Screen => ({ Component });

/** The routes a role (and, for customers, version) may open, in menu order. */
export function routesFor<S extends string>(all: readonly RouteDef<S>[], role: Role, version: Version): RouteDef<S>[] {
  const mine = all.filter((d) => d.meta.roles.includes(role) && (!d.meta.versions || d.meta.versions.includes(version)));
  return mine
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.meta.order ?? 1e9) - (b.d.meta.order ?? 1e9) || a.i - b.i)
    .map((x) => x.d);
}

/** Drop a trailing slash (except for the root) so `/dashboard/` and `/dashboard` are one path. */
export function normalizePath(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

function matchSegments(pattern: string, path: string, prefix: boolean): boolean {
  const ps = pattern.split('/').filter(Boolean);
  const xs = path.split('/').filter(Boolean);
  if (prefix ? xs.length < ps.length : xs.length !== ps.length) return false;
  return ps.every((seg, i) => {
    const x = xs[i];
    if (x === undefined || x === '') return false;
    return seg.startsWith(':') || seg === x;
  });
}

/** True when `pathname` matches `pattern` (`:param` = one non-empty segment, trailing `/*` = any rest). */
export function matchPattern(pattern: string, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return matchPattern(base, path) || (path.startsWith(base + '/') && matchSegments(base, path, true));
  }
  return matchSegments(pattern, path, false);
}

const paramCount = (p: string): number => p.split('/').filter((s) => s.startsWith(':')).length;

/** The route matching a concrete path, static segments winning over params. */
export function findRoute<R extends { path: string }>(defs: readonly R[], pathname: string): R | undefined {
  const hits = defs.filter((d) => matchPattern(d.path, pathname));
  return hits.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

export interface Crumb {
  title: string;
  path?: string;
}

/** The menu path to highlight on `def` at `search`: its channel's entry when the address names one, else activeMenu. */
export function activeMenuFor(def: RouteDef, search: URLSearchParams): string | undefined {
  const acpl = search.get('acpl');
  return (acpl === null ? undefined : def.meta.activeMenuByAcpl?.[Number(acpl)]) ?? def.meta.activeMenu;
}

/** Breadcrumb: the parent named by activeMenu (when it has a title), then the route itself. */
export function breadcrumbFor(defs: readonly RouteDef[], def: RouteDef): Crumb[] {
  const crumbs: Crumb[] = [];
  const parent = def.meta.activeMenu ? defs.find((d) => d.path === def.meta.activeMenu) : undefined;
  if (parent && parent.meta.breadcrumb !== false) crumbs.push({ title: parent.meta.group ?? parent.meta.title, path: parent.path });
  else if (def.meta.group) crumbs.push({ title: def.meta.group });
  if (def.meta.breadcrumb !== false) crumbs.push({ title: def.meta.title });
  return crumbs;
}

/** The signed-in role's routes, provided by the app's router for the shell (menus, breadcrumb). */
export const RoleRoutesContext = createContext<readonly RouteDef[]>([]);
export const useRoleRoutes = (): readonly RouteDef[] => useContext(RoleRoutesContext);

/** Who a route is for, as route descriptors spell it (spec §2 route tables). */
export const AUDIENCE = {
  /** customer routes of the new version (default; agents always) */
  customersV2: { roles: ROLE_GROUP.customers, versions: ['ver2'] },
  /** the standard (old) version: advertisers only */
  customersV1: { roles: [ROLE.customer], versions: ['ver1'] },
  platformAdmins: { roles: ROLE_GROUP.platformAdmins },
  udsmart: { roles: ROLE_GROUP.udsmart },
  public: { roles: [], public: true },
} as const satisfies Record<string, Pick<RouteMeta, 'roles' | 'versions' | 'public'>>;
