import type { SWRResponse } from 'swr';
import type { InputOf, OutputOf } from '../../../shared/api/contract.ts';
import * as api from '../../../shared/api/orders.ts';
import { type ApiError, call } from '../../lib/api.ts';
import { invalidate, useQuery } from '../../lib/useApi.ts';

type Read<C extends Parameters<typeof useQuery>[0]> = SWRResponse<OutputOf<C>, ApiError>;

/** One page of a link's orders (`/napi/link/order`). */
export const useOrderPage = (pageid: string, query: InputOf<typeof api.orderIndex>): Read<typeof api.linkOrder> =>
  useQuery(api.linkOrder, { ...query, pageid }, { keepPreviousData: true });

/** One order's explained path (`/api/land/report`), read when the dialog opens. */
export const useOrderPath = (orderid: string | null): Read<typeof api.landReport> =>
  useQuery(api.landReport, orderid ? { orderid } : null, { silent: true });

export const useLinkPostback = (pageid: string): Read<typeof api.linkPostback> => useQuery(api.linkPostback, { pageid });

export async function saveLinkPostback(
  pageid: string,
  postbackOn: NonNullable<InputOf<typeof api.linkPostback>['postback_on']>,
): Promise<void> {
  await call(api.linkPostback, { pageid, postback_on: postbackOn });
  await invalidate(api.linkPostback, (i) => String(i.pageid) === pageid);
}
