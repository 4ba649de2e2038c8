import type { SWRResponse } from 'swr';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import * as plans from '../../../shared/api/plans.ts';
import { type ApiError, callWithMsg } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useQuery } from '../../lib/useApi.ts';
import { refreshAfterChange } from '../promotion/usePromote.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;

export const useMiniList = (q: InputOf<typeof plans.miniputIndex>): Read<typeof plans.miniputIndex> =>
  useQuery(plans.miniputIndex, q, { keepPreviousData: true });
export const useMiniDetail = (q: InputOf<typeof plans.miniputDetail> | null): Read<typeof plans.miniputDetail> =>
  useQuery(plans.miniputDetail, q, { keepPreviousData: true });

/** Register plans with a mini-app link, or remove registrations; the lists read again. */
export async function bindPlans(
  action: 'add' | 'delete',
  input: { pageid: string; social: number; advertiser_id?: string; plan_ids: string[] },
): Promise<void> {
  const { msg } =
    action === 'add'
      ? await callWithMsg(plans.miniappAdd, { ...input, advertiser_id: input.advertiser_id ?? '' })
      : await callWithMsg(plans.miniappDelete, input);
  notify.success(msg);
  await refreshAfterChange();
}
