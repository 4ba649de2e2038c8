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

export const useLinkDetail = (pageid: string): SWRResponse<LinkView, ApiError> => useApi<LinkView>('napi/link/detail', { pageid }, { silent: true });

export const useLinkLog = (pageid: string, page: number, pagesize: number): SWRResponse<LinkLogList, ApiError> =>
  useApi<LinkLogList>('napi/link/log', { pageid, page, pagesize }, { keepPreviousData: true });

export const useLinkStats = (pageid: string, start: string, end: string, granularity: Granularity): SWRResponse<LinkStats, ApiError> =>
  useApi<LinkStats>('napi/link/stats', { pageid, start, end, granularity }, { keepPreviousData: true });

/** useApi keys are `[path, JSON body]`: every cached list, plus the detail and log of `pageid` when given. */
const linkKeys =
  (pageid?: string) =>
  (key: unknown): boolean => {
    if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
    if (key[0] === 'napi/link/index') return true;
    return pageid !== undefined && (key[0] === 'napi/link/detail' || key[0] === 'napi/link/log') && (JSON.parse(String(key[1])) as { pageid?: string }).pageid === pageid;
  };

/** Create or update (body with pageid); failures are left to the dialog, which shows them in the form. */
export async function saveLink(body: Record<string, unknown>): Promise<LinkView> {
  const { data } = await apiPost<LinkView>(body.pageid ? 'napi/link/update' : 'napi/link/create', body, { silent: true });
  await mutate(linkKeys(data.pageid));
  return data;
}

/** A deleted link's detail is not read again (it would only answer 不存在). */
export async function deleteLink(pageid: string): Promise<void> {
  await apiPost('napi/link/delete', { pageid });
  await mutate(linkKeys());
}
