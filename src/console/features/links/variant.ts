import type { Version } from '../../../shared/roles.ts';

/**
 * The four places the link list lives (spec §2):
 * - ver2  `/landing`                    投放链接 (every platform, direct / indirect tabs)
 * - old   `/landing/page`               推广链接管理 (taobao and jingdong links)
 * - mini  `/minilandurl/page`           新链接链接管理 (platform 4, the taobao new-link mini-app)
 * - admin `/newsxA/client/landingpage`  every customer's links
 */
export type LinkVariant = 'ver2' | 'old' | 'mini' | 'admin';

export interface VariantInfo {
  variant: LinkVariant;
  title: string;
  /** the list route of this variant */
  listPath: string;
  /** shop platforms offered by the filter and the create dialog (first = default) */
  platforms: readonly number[];
  /** the platform filter offers 全部; otherwise one platform is always chosen */
  anyPlatform: boolean;
  /** show the customer column and filter */
  customers: boolean;
}

const INFO: Record<LinkVariant, Omit<VariantInfo, 'variant' | 'customers'>> = {
  ver2: { title: '投放链接', listPath: '/landing', platforms: [2, 3, 4, 5, 6, 7, 8], anyPlatform: true },
  old: { title: '推广链接管理', listPath: '/landing/page', platforms: [2, 3], anyPlatform: false },
  mini: { title: '新链接链接管理', listPath: '/minilandurl/page', platforms: [4], anyPlatform: false },
  admin: { title: '推广链接', listPath: '/newsxA/client/landingpage', platforms: [2, 3, 4, 5, 6, 7, 8], anyPlatform: true },
};

/**
 * Which variant a path (list or detail) belongs to. `/landing/{pageId}` is shared by ver2 and the old
 * version, so the customer's version decides there.
 */
export function variantOf(pathname: string, version: Version = 'ver2'): LinkVariant {
  if (pathname.startsWith('/newsxA/')) return 'admin';
  if (pathname.startsWith('/minilandurl')) return 'mini';
  if (pathname === '/landing/page') return 'old';
  if (pathname === '/landing') return 'ver2';
  return version === 'ver1' ? 'old' : 'ver2';
}

/** Agents (4) and admins (1, 2) see whose link it is and may pick the customer. */
export const picksCustomer = (role: number | null): boolean => role === 1 || role === 2 || role === 4;

export function variantInfo(variant: LinkVariant, role: number | null): VariantInfo {
  return { variant, ...INFO[variant], customers: picksCustomer(role) };
}

/** Detail route of one link from the given variant's list. */
export function detailPath(variant: LinkVariant, pageid: string): string {
  const id = encodeURIComponent(pageid);
  if (variant === 'admin') return `/newsxA/client/landingpage/${id}`;
  if (variant === 'mini') return `/minilandurl/${id}`;
  return `/landing/${id}`;
}
