import type { SWRResponse } from 'swr';
import type { OutputOf } from '../../../shared/api/contract.ts';
import * as api from '../../../shared/api/links.ts';
import type { Granularity } from '../../../shared/stats.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';
import type { LinkPayload } from './link-form.ts';
import type { LinkListQuery } from './list-query.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;

/** SWR reads of the links feature, each keyed by its contract and input (lib/useApi.ts). */
export const useLinkList = (query: LinkListQuery): Read<typeof api.linkIndex> => useQuery(api.linkIndex, query, { keepPreviousData: true });

/** Agents get their sub-customers, admins every customer; others need no call. */
export const useLinkCustomers = (enabled: boolean): Read<typeof api.linkCustomers> =>
  useQuery(api.linkCustomers, enabled ? {} : null, { revalidateIfStale: false });

/** The caller's own authorised advertisers on one channel (customers; agents and admins read them from the customer options). */
export const useOwnAdvertisers = (channel: number, enabled: boolean): Read<typeof api.landAdlist> =>
  useQuery(api.landAdlist, enabled ? { state: channel } : null, { revalidateIfStale: false });

export const useLinkDetail = (pageid: string): Read<typeof api.linkDetail> => useQuery(api.linkDetail, { pageid }, { silent: true });

export const useLinkLog = (pageid: string, page: number, pagesize: number): Read<typeof api.linkLog> =>
  useQuery(api.linkLog, { pageid, page, pagesize }, { keepPreviousData: true });

/** Clicks, orders, cost and ROI of one page of links over China days (the list's data columns). */
export const useLinkMetrics = (pageids: string[], range: readonly [string, string]): Read<typeof api.linkMetrics> =>
  useQuery(api.linkMetrics, pageids.length ? { pageids, start: range[0], end: range[1] } : null, { keepPreviousData: true });

export const useLinkStats = (pageid: string, start: string, end: string, granularity: Granularity): Read<typeof api.linkStats> =>
  useQuery(api.linkStats, { pageid, start, end, granularity }, { keepPreviousData: true });

/** Every cached list, plus the detail and log of `pageid` when given. */
async function refresh(pageid?: string): Promise<void> {
  const same = (input: { pageid: string | number }) => String(input.pageid) === pageid;
  await Promise.all([invalidate(api.linkIndex), ...(pageid ? [invalidate(api.linkDetail, same), invalidate(api.linkLog, same)] : [])]);
}

/** Create or update (body with pageid); failures are left to the dialog, which shows them in the form. */
export async function saveLink({ pageid, ...body }: LinkPayload): Promise<OutputOf<typeof api.linkCreate>> {
  const saved = pageid
    ? await call(api.linkUpdate, { ...body, pageid }, { silent: true })
    : await call(api.linkCreate, body, { silent: true });
  await refresh(saved.pageid);
  return saved;
}

/** A deleted link's detail is not read again (it would only answer 不存在). */
export async function deleteLink(pageid: string): Promise<void> {
  await call(api.linkDelete, { pageid });
  await refresh();
}
