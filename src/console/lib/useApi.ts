import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { Contract, InputOf, OutputOf } from '../../shared/api/contract.ts';
import { type ApiError, apiPost } from './api.ts';

/** SWR keys of contract reads: `[path, input, silent, method]` (SWR hashes the input object stably). */
type Key = readonly [string, object, boolean, Contract['method']];

const fetcher = async ([path, input, silent, method]: Key): Promise<unknown> =>
  (await apiPost(path, input as Record<string, unknown>, { silent, method })).data;

export interface UseQueryOptions<T> extends SWRConfiguration<T, ApiError> {
  /** Do not toast failures: the screen shows the error itself (expiry and ban are still handled). */
  silent?: boolean;
}

/** SWR read of one contract, keyed by its path and input; `input = null` skips the request. Resolves to `data`. */
export function useQuery<C extends Contract>(
  c: C,
  input: InputOf<C> | null,
  options: UseQueryOptions<OutputOf<C>> = {},
): SWRResponse<OutputOf<C>, ApiError> {
  const { silent = false, ...config } = options;
  const key: Key | null = input === null ? null : [c.path, input as object, silent, c.method];
  return useSWR<OutputOf<C>, ApiError, Key | null>(key, fetcher as (k: Key) => Promise<OutputOf<C>>, config);
}

/** Revalidate every cached read of `c` (optionally only those whose input matches). */
export function invalidate<C extends Contract>(c: C, match?: (input: InputOf<C>) => boolean): Promise<unknown> {
  return mutate((key: unknown) => Array.isArray(key) && key[0] === c.path && (!match || match(key[1] as InputOf<C>)));
}
