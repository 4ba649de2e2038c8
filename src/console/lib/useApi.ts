import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { apiPost, type ApiError } from './api.ts';

type Key = readonly [string, string];

const fetcher = async ([path, body]: Key): Promise<unknown> => (await apiPost(path, JSON.parse(body) as Record<string, unknown>)).data;

/** SWR read of one API call, keyed by path and body; `path = null` skips the request. Resolves to `data`. */
export function useApi<T>(path: string | null, body: Record<string, unknown> = {}, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  const key: Key | null = path ? [path, JSON.stringify(body)] : null;
  return useSWR<T, ApiError, Key | null>(key, fetcher as (k: Key) => Promise<T>, config);
}
