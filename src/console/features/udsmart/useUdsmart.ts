import type { SWRResponse } from 'swr';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import * as api from '../../../shared/api/udsmart.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;
const keep = { keepPreviousData: true } as const;

/** SWR reads of the UDSmart area and its writes (each write refreshes the lists it changes). */
export const useBrands = (input: InputOf<typeof api.brandIndex>): Read<typeof api.brandIndex> => useQuery(api.brandIndex, input, keep);
export const useAllBrands = (): Read<typeof api.brandIndex> => useQuery(api.brandIndex, { pagesize: 100 }, keep);
export const useCandidates = (enabled: boolean): Read<typeof api.brandCandidates> => useQuery(api.brandCandidates, enabled ? {} : null);
export const useSubs = (enabled: boolean): Read<typeof api.subIndex> => useQuery(api.subIndex, enabled ? {} : null);
export const usePreview = (input: InputOf<typeof api.udPreview>): Read<typeof api.udPreview> => useQuery(api.udPreview, input, keep);
export const useUdAccounts = (input: InputOf<typeof api.udAccounts>): Read<typeof api.udAccounts> => useQuery(api.udAccounts, input, keep);
export const useUdPageOrders = (pageid: string, page: number, pagesize: number): Read<typeof api.udPageOrders> =>
  useQuery(api.udPageOrders, { pageid, page, pagesize }, { ...keep, silent: true });

async function refresh(): Promise<void> {
  await Promise.all([
    invalidate(api.brandIndex),
    invalidate(api.brandCandidates),
    invalidate(api.subIndex),
    invalidate(api.udPreview),
    invalidate(api.udAccounts),
  ]);
}

export async function saveBrand(body: InputOf<typeof api.brandCreate> | InputOf<typeof api.brandUpdate>): Promise<void> {
  if ('id' in body) await call(api.brandUpdate, body, { silent: true });
  else await call(api.brandCreate, body, { silent: true });
  await refresh();
}

export async function udAction<C extends typeof api.brandDelete | typeof api.brandBind | typeof api.subAssign>(
  c: C,
  body: InputOf<C>,
): Promise<void> {
  await call(c, body);
  await refresh();
}
