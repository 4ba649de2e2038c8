import type { SWRResponse } from 'swr';
import * as old from '../../../shared/api/accounts.ts';
import * as api from '../../../shared/api/auth.ts';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;

/** Reads and writes of the authorisation screens (contracts in src/shared/api/auth.ts and accounts.ts). */
export const useAuthList = (input: InputOf<typeof api.authIndex>): Read<typeof api.authIndex> =>
  useQuery(api.authIndex, input, { keepPreviousData: true, refreshInterval: 30_000 });

export const useOldAccounts = (input: InputOf<typeof old.accountIndex>): Read<typeof old.accountIndex> =>
  useQuery(old.accountIndex, input, { keepPreviousData: true, refreshInterval: 30_000 });

/** An agent's tree (itself and its sub-customers) with authorisation counts. */
export const useAgentCustomers = (enabled: boolean): Read<typeof api.authAgentAll> => useQuery(api.authAgentAll, enabled ? {} : null);

export const useRuns = (id: number | null, page: number, pagesize: number): Read<typeof api.authRuns> =>
  useQuery(api.authRuns, id === null ? null : { id, page, pagesize }, { keepPreviousData: true });

export async function refreshLists(): Promise<void> {
  await Promise.all([invalidate(api.authIndex), invalidate(api.authAgentAll), invalidate(old.accountIndex), invalidate(old.weiboList)]);
}

export const startAuth = (input: InputOf<typeof api.authCreate>, silent = false) => call(api.authCreate, input, { silent });
export const reauthorise = (input: InputOf<typeof api.authUpdate>, silent = false) => call(api.authUpdate, input, { silent });
/** The old version's 授权: 微博 through /api/weibo/wbauth, the others through /api/account/tbauth (both GET). */
export const oldConsent = (platform: number) => (platform === 3 ? call(old.weiboAuth, {}) : call(old.accountTbauth, { platform }));
export const finishAuth = (input: InputOf<typeof api.authCallback>) => call(api.authCallback, input, { silent: true });

export async function cancelAuth(id: number): Promise<void> {
  await call(api.authDelete, { id });
  await refreshLists();
}
export async function syncNow(id: number): Promise<void> {
  await call(api.authSync, { id });
}
