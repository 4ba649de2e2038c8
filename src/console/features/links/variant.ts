import { ROLE, type Role, type Version } from '../../../shared/roles.ts';
import { LINK_TERMS, type LinkVariant } from './terms.ts';

export type { LinkVariant } from './terms.ts';

/**
 * The four places the link list lives (spec §2):
 * - ver2  `/landing`                    推广链接 (every platform, direct / indirect tabs)
 * - old   `/landing/page`               推广链接管理 (taobao and jingdong links)
 * - mini  `/minilandurl/page`           新链接链接管理 (platform 4, the taobao new-link mini-app)
 * - admin `/newsxA/client/landingpage`  every customer's links
 */

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

const INFO: Record<LinkVariant, Omit<VariantInfo, 'variant' | 'customers' | 'title'>> = {
  ver2: { listPath: '/landing', platforms: [2, 3, 4, 5, 6, 7, 8], anyPlatform: true },
  old: { listPath: '/landing/page', platforms: [2, 3], anyPlatform: false },
  mini: { listPath: '/minilandurl/page', platforms: [4], anyPlatform: false },
  admin: { listPath: '/newsxA/client/landingpage', platforms: [2, 3, 4, 5, 6, 7, 8], anyPlatform: true },
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

/** Agents and platform admins see whose link it is and may pick the customer. */
const CUSTOMER_PICKERS: readonly Role[] = [ROLE.superAdmin, ROLE.admin, ROLE.agent];
export const picksCustomer = (role: Role | null): boolean => role !== null && CUSTOMER_PICKERS.includes(role);

export function variantInfo(variant: LinkVariant, role: Role | null): VariantInfo {
  return { variant, title: LINK_TERMS[variant].listTitle, ...INFO[variant], customers: picksCustomer(role) };
}

/** The variant whose list offers `platform` (old version: taobao / jingdong at /landing, the mini-app at /minilandurl). */
export function ownsPlatform(variant: LinkVariant, platform: number): boolean {
  return INFO[variant].platforms.includes(platform);
}

/** Detail route of one link from the given variant's list. */
export function detailPath(variant: LinkVariant, pageid: string): string {
  const id = encodeURIComponent(pageid);
  if (variant === 'admin') return `/newsxA/client/landingpage/${id}`;
  if (variant === 'mini') return `/minilandurl/${id}`;
  return `/landing/${id}`;
}

/**
 * The old version keeps taobao / jingdong links at `/landing/{id}` and mini-app links at `/minilandurl/{id}`:
 * the detail address of the other list when that list owns the platform, else null (show it here).
 */
export function ownerElsewhere(variant: LinkVariant, platform: number, pageid: string): string | null {
  if (variant !== 'old' && variant !== 'mini') return null;
  if (ownsPlatform(variant, platform)) return null;
  const other: LinkVariant = variant === 'old' ? 'mini' : 'old';
  return ownsPlatform(other, platform) ? detailPath(other, pageid) : null;
}
