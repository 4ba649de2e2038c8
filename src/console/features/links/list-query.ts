import type { InputOf } from '../../../shared/api/contract.ts';
import type { linkIndex } from '../../../shared/api/links.ts';
import type { VariantInfo } from './variant.ts';

export type LinkListQuery = InputOf<typeof linkIndex>;

/** The list screen's filters as the person sets them (null = 全部). */
export interface LinkFilters {
  exact: string;
  isdirect: 1 | 2 | null;
  platform: number | null;
  state: number | null;
  customerid: number | null;
}

export const emptyFilters: LinkFilters = { exact: '', isdirect: null, platform: null, state: null, customerid: null };

/**
 * The body of napi/link/index: empty filters are left out; a variant without 全部 platforms (old version:
 * taobao / jingdong; new-link page: the mini-app) always asks for one; the customer filter is sent only where the person may pick customers.
 */
export function listQuery(f: LinkFilters, v: VariantInfo, page: number, pagesize: number): LinkListQuery {
  const q: LinkListQuery = { page, pagesize };
  const exact = f.exact.trim();
  if (exact) q.exact = exact;
  if (f.isdirect) q.isdirect = f.isdirect;
  const platform = f.platform !== null && v.platforms.includes(f.platform) ? f.platform : v.anyPlatform ? null : v.platforms[0];
  if (platform) q.platform = platform;
  if (f.state) q.state = f.state;
  if (v.customers && f.customerid) q.customerid = f.customerid;
  return q;
}
