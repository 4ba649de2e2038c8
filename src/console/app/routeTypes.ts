import type { ComponentType } from 'react';
import type { Role, Version } from '../../shared/roles.ts';

/** Route meta (spec §2): router, sidebar, platform menu, breadcrumb and title all read it. */
export interface RouteMeta {
  title: string;
  icon?: string;
  /** false: leave this route out of the breadcrumb */
  breadcrumb?: boolean;
  /** the menu entry to highlight (and breadcrumb parent) for a hidden route */
  activeMenu?: string;
  roles: readonly Role[];
  /** customer version(s) the route belongs to; absent = every version */
  versions?: readonly Version[];
  /** not shown in menus */
  hidden?: boolean;
  /** sidebar group label (and its icon) this entry sits in */
  group?: string;
  groupIcon?: string;
  /** customer ver2: 'overview' and 'bidding' entries expand per ad platform (acpl) */
  platformMenu?: 'overview' | 'bidding';
}

export type ScreenLoader = () => Promise<ComponentType>;

export interface RouteDef {
  path: string;
  screen: ScreenLoader;
  meta: RouteMeta;
}
