import type { SWRResponse } from 'swr';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import * as links from '../../../shared/api/links.ts';
import * as plans from '../../../shared/api/plans.ts';
import * as api from '../../../shared/api/promote.ts';
import type { TaskResult } from '../../../shared/promote-schemas.ts';
import { type ApiError, callWithMsg } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;
const keep = { keepPreviousData: true } as const;

/** SWR reads of the promotion screens, each keyed by its contract and input. */
export const usePromoteList = (q: InputOf<typeof api.promoteIndex> | null): Read<typeof api.promoteIndex> =>
  useQuery(api.promoteIndex, q, keep);
export const usePromoteSum = (q: InputOf<typeof api.promoteSumdata> | null): Read<typeof api.promoteSumdata> =>
  useQuery(api.promoteSumdata, q, keep);
export const useOldPlans = (q: InputOf<typeof plans.planIndex> | null): Read<typeof plans.planIndex> => useQuery(plans.planIndex, q, keep);
export const useWeiboPlans = (q: InputOf<typeof plans.wbplanIndex> | null): Read<typeof plans.wbplanIndex> =>
  useQuery(plans.wbplanIndex, q, keep);
export const useDetail = (q: InputOf<typeof api.promoteDetail> | null): Read<typeof api.promoteDetail> =>
  useQuery(api.promoteDetail, q, { silent: true });
export const useTrend = (q: InputOf<typeof api.promoteTrend> | null): Read<typeof api.promoteTrend> => useQuery(api.promoteTrend, q, keep);
export const useChangeLog = (q: InputOf<typeof api.promoteLog> | null): Read<typeof api.promoteLog> => useQuery(api.promoteLog, q, keep);
export const usePreview = (q: InputOf<typeof api.promotePreview> | null): Read<typeof api.promotePreview> =>
  useQuery(api.promotePreview, q, { silent: true });
/** Agents get their sub-customers, admins every customer; others need no call. */
export const useCustomers = (enabled: boolean): Read<typeof links.linkCustomers> =>
  useQuery(links.linkCustomers, enabled ? {} : null, { revalidateIfStale: false });

/** After a change: every list, total, detail and log reads again (a refused change shows its old value). */
export async function refreshAfterChange(): Promise<void> {
  await Promise.all([
    invalidate(api.promoteIndex),
    invalidate(api.promoteSumdata),
    invalidate(api.promoteDetail),
    invalidate(api.promoteLog),
    invalidate(plans.planIndex),
    invalidate(plans.wbplanIndex),
    invalidate(plans.miniplanIndex),
    invalidate(plans.miniputIndex),
    invalidate(plans.miniputDetail),
  ]);
}

/**
 * Say how a change ended: the platform's answer (applied, or refused with its message — an error toast, 5 s), then
 * read everything again. Our own refusals (rights, input) are toasted by the api client and rethrown.
 */
export async function submitChange<
  C extends
    | typeof api.promoteEdit
    | typeof api.taskUpdate
    | typeof plans.planUpdate
    | typeof plans.wbplanHupdate
    | typeof plans.miniputStatus,
>(c: C, input: InputOf<C>): Promise<TaskResult> {
  try {
    const { data, msg } = await callWithMsg(c, input);
    if (data.refused === 0) notify.success(msg);
    else notify.error(msg);
    return data;
  } finally {
    await refreshAfterChange();
  }
}
