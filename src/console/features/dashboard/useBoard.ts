import type { InputOf } from '../../../shared/api/contract.ts';
import { boardCard, boardList, indexBoard, indexDetail } from '../../../shared/api/dashboard.ts';
import { linkCustomers } from '../../../shared/api/links.ts';
import { useQuery } from '../../lib/useApi.ts';

/** Board reads. Failures are shown on the screen itself (silent: no toast on top). */
const quiet = { silent: true, keepPreviousData: true } as const;

export const useBoardCard = (input: InputOf<typeof boardCard>) => useQuery(boardCard, input, quiet);
export const useBoardList = (input: InputOf<typeof boardList> | null) => useQuery(boardList, input, quiet);
export const useIndexBoard = (input: InputOf<typeof indexBoard>) => useQuery(indexBoard, input, quiet);
export const useIndexDetail = (input: InputOf<typeof indexDetail>) => useQuery(indexDetail, input, quiet);

/** An agent's (or an admin's) customers to narrow the board to; nobody else picks customers (spec §6). */
export function useCustomerOptions(enabled: boolean) {
  const r = useQuery(linkCustomers, enabled ? {} : null);
  return (r.data ?? []).map((c) => ({ label: c.company || `客户 ${c.customerid}`, value: c.customerid }));
}
