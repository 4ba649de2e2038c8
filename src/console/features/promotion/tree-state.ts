import { LEVEL_NAMES } from '../../../shared/ad-levels.ts';
import { adPlatformOf, type PromoteChannel, type PromoteType } from '../../../shared/promote.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import type { DateRangeValue } from '../../lib/dates.ts';
import type { SortState } from '../../ui/ResourceTable.tsx';

/** Where in the tree a list is: its level and the parents chosen on the way down. */
export interface TreePlace {
  type: PromoteType;
  advertiser?: { id: string; name: string };
  campaign?: { id: string; name: string };
  plan?: { id: string; name: string };
}

export const ROOT: TreePlace = { type: 'adver' };

const hasCreatives = (channel: PromoteChannel): boolean => LEVEL_NAMES[adPlatformOf(channel)].creative !== '';

/** Opening a row goes one level down under it; a plan without a creative level (腾讯) and a creative have nothing below. */
export function drill(place: TreePlace, row: PromoteRow): TreePlace | null {
  const named = { id: row.id, name: row.name || row.id };
  if (row.type === 'adver') return { type: 'group', advertiser: named };
  if (row.type === 'group')
    return { type: 'plan', advertiser: place.advertiser ?? { id: row.advertiser_id, name: row.advertiser_name }, campaign: named };
  if (row.type === 'plan' && hasCreatives(row.channel as PromoteChannel)) return { ...place, type: 'creative', plan: named };
  return null;
}

/** A level tab: keep the parents that sit above the new level. */
export function atLevel(place: TreePlace, type: PromoteType): TreePlace {
  if (type === 'adver') return ROOT;
  if (type === 'group') return { type, advertiser: place.advertiser };
  if (type === 'plan') return { type, advertiser: place.advertiser, campaign: place.campaign };
  return { ...place, type };
}

/** The breadcrumb of the place: 全部账户 › account › campaign › plan, each going back up to it. */
export function crumbs(place: TreePlace): Array<{ label: string; place: TreePlace }> {
  const out: Array<{ label: string; place: TreePlace }> = [{ label: '全部账户', place: ROOT }];
  if (place.advertiser) out.push({ label: place.advertiser.name, place: { type: 'group', advertiser: place.advertiser } });
  if (place.campaign)
    out.push({ label: place.campaign.name, place: { type: 'plan', advertiser: place.advertiser, campaign: place.campaign } });
  if (place.plan) out.push({ label: place.plan.name, place });
  return out;
}

export interface TreeFilters {
  range: DateRangeValue;
  customerid: number | null;
  status: string | null;
  exact: string;
}

const SORT_DIR = { 1: 'asc', [-1]: 'desc' } as const;

/** The promote/index input of a place, its filters, sort and page. */
export function listInput(
  base: { acpl?: PromoteChannel; pl?: number; pageid?: string },
  place: TreePlace,
  f: TreeFilters,
  sort: SortState | null,
  page: number,
  pagesize: number,
) {
  return {
    ...sumInput(base, place, f),
    ...(sort ? { sort_field: sort.key as 'sum_cost', sort: SORT_DIR[sort.order] } : {}),
    page,
    pagesize,
  };
}

/** The same filters without paging: the totals row's input. */
export function sumInput(base: { acpl?: PromoteChannel; pl?: number; pageid?: string }, place: TreePlace, f: TreeFilters) {
  return {
    ...base,
    type: place.type,
    advertiser_id: place.advertiser?.id,
    campaign_id: place.campaign?.id,
    plan_id: place.plan?.id,
    customerid: f.customerid ?? undefined,
    status: (f.status ?? undefined) as 'delivering' | undefined,
    exact: f.exact.trim() || undefined,
    start: f.range[0],
    end: f.range[1],
  };
}
