import type { InputOf } from '../../../shared/api/contract.ts';
import { itemAnalyseDetail, itemAnalyseIndex, itemAnalyseOrder } from '../../../shared/api/dashboard.ts';
import { useQuery } from '../../lib/useApi.ts';

const quiet = { silent: true, keepPreviousData: true } as const;

export const useItemIndex = (input: InputOf<typeof itemAnalyseIndex>) => useQuery(itemAnalyseIndex, input, quiet);
export const useItemDetail = (input: InputOf<typeof itemAnalyseDetail> | null) => useQuery(itemAnalyseDetail, input, quiet);
export const useItemOrders = (input: InputOf<typeof itemAnalyseOrder>) => useQuery(itemAnalyseOrder, input, quiet);
