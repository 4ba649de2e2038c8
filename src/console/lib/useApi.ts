import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { apiPost, type ApiError } from './api.ts';

type Key = readonly [string, string, boolean];

const fetcher = async ([path, body, silent]: Key): Promise<unknown> =>
  (await apiPost(path, JSON.parse(body) as Record<string, unknown>, { silent })).data;

export interface UseApiOptions<T> extends SWRConfiguration<T, ApiError> {
  /** Do not toast failures: the screen shows the error itself (expiry and ban are still handled). */
  silent?: boolean;
}

/** SWR read of one API call, keyed by path and body; `path = null` skips the request. Resolves to `data`. */
export function useApi<T>(path: string | null, body: Record<string, unknown> = {}, options: UseApiOptions<T> = {}): SWRResponse<T, ApiError> {
  const { silent = false, ...config } = options;
  const key: Key | null = path ? [path, JSON.stringify(body), silent] : null;
  return useSWR<T, ApiError, Key | null>(key, fetcher as (k: Key) => Promise<T>, config);
}
