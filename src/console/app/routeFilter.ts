import type { Role, Version } from '../../shared/roles.ts';
import { matchPattern } from '../../shared/console-paths.ts';
import type { RouteDef } from './routeTypes.ts';

/** The routes a role (and, for customers, version) may open — added after the first user-info fetch. */
export function routesFor(all: readonly RouteDef[], role: Role, version: Version): RouteDef[] {
  return all.filter((d) => d.meta.roles.includes(role) && (!d.meta.versions || d.meta.versions.includes(version)));
}

/** Each role's home (spec §4): the hidden entry `/` leads here. */
export function homePath(role: Role, version: Version): string {
  if (role === 1 || role === 2) return '/sxA';
  if (role === 5 || role === 6) return '/sxA/udAcct/brand';
  return version === 'ver1' ? '/dashboard' : '/dashboard?acpl=2';
}

/** The route definition matching a concrete path, static segments winning over params. */
export function findRoute(defs: readonly RouteDef[], pathname: string): RouteDef | undefined {
  const hits = defs.filter((d) => matchPattern(d.path, pathname));
  return hits.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

const paramCount = (p: string): number => p.split('/').filter((s) => s.startsWith(':')).length;

export interface Crumb {
  title: string;
  path?: string;
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
