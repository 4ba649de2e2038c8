import type { InputOf } from '../../../shared/api/contract.ts';
import type { boardCard, indexDetail } from '../../../shared/api/dashboard.ts';
import { chinaDateTime } from '../../../shared/china-clock.ts';
import type { PeriodView, RankLevel, SortField } from '../../../shared/dashboard.ts';
import { SORT_FIELDS } from '../../../shared/dashboard.ts';
import type { DateRangeValue } from '../../lib/dates.ts';
import { PICKER_SHOP_CODES } from '../../lib/platform-picker.ts';
import type { SortState } from '../../ui/ResourceTable.tsx';

/** What the board screens filter by; every request is built from this (pure, unit-tested). */
export interface BoardFilters {
  range: DateRangeValue;
  /** picker shop value ('all', 'taobao', …) */
  shop: string;
  /** agents and admins: one customer, or null for all of theirs */
  customerid: number | null;
}

/** Shop platform codes of a picker shop, as the board API takes them (omitted for 全部). */
export function shopParam(shop: string): { platform?: number[] } {
  const codes = PICKER_SHOP_CODES[shop];
  return codes ? { platform: codes } : {};
}

const customerParam = (id: number | null): { customerid?: number } => (id === null ? {} : { customerid: id });

/** `/napi/board/card` of one account type (acpl), or of all of them (null). */
export function cardInput(f: BoardFilters, acpl: number | null): InputOf<typeof boardCard> {
  const kind = acpl === null ? { accounttype: 'multi' as const } : { accounttype: 'single' as const, state: acpl };
  return { ...kind, start: f.range[0], end: f.range[1], ...shopParam(f.shop), ...customerParam(f.customerid) };
}

/** The table's sort as the API's sort_field / sort (none: the server's default, cost descending). */
export function sortParams(sort: SortState | null): { sort_field?: SortField; sort?: 'asc' | 'desc' } {
  const field = SORT_FIELDS.find((f) => f === sort?.key);
  return sort && field ? { sort_field: field, sort: sort.order === 1 ? 'asc' : 'desc' } : {};
}

/** `/api/index/detail` for a custom range (type 0) of one channel (social) at one level. */
export function detailInput(
  f: BoardFilters,
  social: number | null,
  level: RankLevel,
  paging: { page: number; pagesize: number },
  sort: SortState | null,
): InputOf<typeof indexDetail> {
  const q: InputOf<typeof indexDetail> = {
    type: 0,
    start: f.range[0],
    end: f.range[1],
    ad: level,
    page: paging.page,
    pagesize: paging.pagesize,
    ...shopParam(f.shop),
    ...customerParam(f.customerid),
    ...sortParams(sort),
  };
  return social === null ? q : { ...q, social };
}

/** '对比 2026-03-17（截至 14:25）' or '对比 2026-03-05～2026-03-11': what the change on the cards is against. */
export function comparedCaption(p: PeriodView): string {
  if (!p.comparable) return '本时段刚开始，暂不与上一同长时段对比';
  const days = p.previous_start === p.previous_end ? p.previous_start : `${p.previous_start}～${p.previous_end}`;
  const time = chinaDateTime(p.previous_until).slice(11, 16);
  return `对比上一同长时段 ${days}${time === '00:00' ? '' : `（截至 ${time}）`}`;
}
