import { mutate } from 'swr';
import type { SWRResponse } from 'swr';
import type { ApiError } from '../../lib/api.ts';
import { apiPost } from '../../lib/api.ts';
import { useApi } from '../../lib/useApi.ts';
import type { CustomerOption, Granularity, LinkList, LinkLogList, LinkStats, LinkView } from './types.ts';

/** SWR hooks of the links feature, each keyed by its request (lib/useApi.ts). */
export const useLinkList = (query: Record<string, unknown>): SWRResponse<LinkList, ApiError> =>
  useApi<LinkList>('napi/link/index', query, { keepPreviousData: true });

/** Agents get their sub-customers, admins every customer; others need no call. */
export const useLinkCustomers = (enabled: boolean): SWRResponse<CustomerOption[], ApiError> =>
  useApi<CustomerOption[]>(enabled ? 'napi/link/customers' : null, {}, { revalidateIfStale: false });

export const useLinkDetail = (pageid: string): SWRResponse<LinkView, ApiError> => useApi<LinkView>('napi/link/detail', { pageid });

export const useLinkLog = (pageid: string, page: number, pagesize: number): SWRResponse<LinkLogList, ApiError> =>
  useApi<LinkLogList>('napi/link/log', { pageid, page, pagesize }, { keepPreviousData: true });

export const useLinkStats = (pageid: string, start: string, end: string, granularity: Granularity): SWRResponse<LinkStats, ApiError> =>
  useApi<LinkStats>('napi/link/stats', { pageid, start, end, granularity }, { keepPreviousData: true });

const isLinkKey = (key: unknown): boolean => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('napi/link/') && key[0] !== 'napi/link/customers';

/** After a change: every cached list, detail and log of links is read again. */
export const refreshLinks = (): Promise<unknown> => mutate(isLinkKey);

export async function saveLink(body: Record<string, unknown>, silent = true): Promise<LinkView> {
  const { data } = await apiPost<LinkView>(body.pageid ? 'napi/link/update' : 'napi/link/create', body, { silent });
  await refreshLinks();
  return data;
}

export async function deleteLink(pageid: string): Promise<void> {
  await apiPost('napi/link/delete', { pageid });
  await refreshLinks();
}
