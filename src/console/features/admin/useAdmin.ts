import type { SWRResponse } from 'swr';
import * as api from '../../../shared/api/admin.ts';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import { userOpen } from '../../../shared/api/user.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;
const keep = { keepPreviousData: true } as const;

/** SWR reads of the admin area, each keyed by its contract and input (lib/useApi.ts), and its writes. */
export const useHome = (days: number): Read<typeof api.adminHome> => useQuery(api.adminHome, { days }, keep);
export const useHealth = (input: InputOf<typeof api.adminHealth> | null): Read<typeof api.adminHealth> =>
  useQuery(api.adminHealth, input, keep);
export const useClients = (input: InputOf<typeof api.clientIndex>): Read<typeof api.clientIndex> => useQuery(api.clientIndex, input, keep);
export const useAgents = (): Read<typeof api.clientIndex> =>
  useQuery(api.clientIndex, { usertype: 'agent', pagesize: 100 }, { revalidateIfStale: false });
export const useCost = (input: InputOf<typeof api.costIndex>): Read<typeof api.costIndex> => useQuery(api.costIndex, input, keep);
export const useManagers = (input: InputOf<typeof api.managerIndex>): Read<typeof api.managerIndex> =>
  useQuery(api.managerIndex, input, keep);
export const useUdAdmins = (): Read<typeof api.managerIndex> =>
  useQuery(api.managerIndex, { role: 5, pagesize: 100 }, { revalidateIfStale: false });
export const useAudit = (input: InputOf<typeof api.auditIndex>): Read<typeof api.auditIndex> => useQuery(api.auditIndex, input, keep);
export const usePageOrders = (pageid: string, page: number, pagesize: number): Read<typeof api.agentOrders> =>
  useQuery(api.agentOrders, { pageid, page, pagesize }, { ...keep, silent: true });

async function refreshClients(): Promise<void> {
  await Promise.all([invalidate(api.clientIndex), invalidate(api.auditIndex)]);
}

export async function saveClient(
  body: InputOf<typeof api.clientCreate> | InputOf<typeof api.clientUpdate>,
): Promise<OutputOf<typeof api.clientCreate>> {
  const saved = 'id' in body ? await call(api.clientUpdate, body, { silent: true }) : await call(api.clientCreate, body, { silent: true });
  await refreshClients();
  return saved;
}

export async function clientAction<C extends typeof api.clientExtend | typeof api.clientAssign | typeof api.clientReset>(
  c: C,
  body: InputOf<C>,
): Promise<void> {
  await call(c, body);
  await refreshClients();
}

/** Enable or disable through `/api/user/open` (ends the account's sessions when disabling). */
export async function setClientStatus(id: number, status: 0 | 1): Promise<void> {
  await call(userOpen, { id, status });
  await refreshClients();
}

async function refreshManagers(): Promise<void> {
  await Promise.all([invalidate(api.managerIndex), invalidate(api.auditIndex)]);
}

export async function saveManager(
  body: InputOf<typeof api.managerCreate> | InputOf<typeof api.managerUpdate>,
): Promise<OutputOf<typeof api.managerCreate>> {
  const saved =
    'id' in body ? await call(api.managerUpdate, body, { silent: true }) : await call(api.managerCreate, body, { silent: true });
  await refreshManagers();
  return saved;
}

export async function managerAction<C extends typeof api.managerStatus | typeof api.managerPassword>(
  c: C,
  body: InputOf<C>,
): Promise<void> {
  await call(c, body);
  await refreshManagers();
}
