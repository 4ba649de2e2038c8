/**
 * The order lists of spec §7 (docs/api-orders.md): `/api/order/index` and `/api/miniput/order` (deposit decides the
 * date range), the list endpoints of the old promotion screens (sort, back-date and history range), one link's
 * orders, one plan's orders, and a link's postback setting. Tenant scope in every query (scope.ts).
 */
import { parseChinaTime } from '../../shared/china-clock.ts';
import {
  type DateFilter,
  dateFilterOf,
  type LinkOrderInput,
  listWindow,
  MAX_RANGE_DAYS,
  type OrderIndexInput,
  type OrderListInput,
  type OrderView,
  type PlanOrderInput,
  POSTBACK_STATE,
  SOURCE_UNION,
  SYNC_CALL,
} from '../../shared/orders.ts';
import { offsetOf } from '../../shared/paging.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { requireLink, scopeOf } from '../links/scope.ts';
import { visitsByIds } from '../tracking/lookup.ts';
import {
  countOrders,
  type ListedOrder,
  listOrders,
  type OrderCursor,
  type OrderFilter,
  orderKeysetPage,
  postbacksOf,
  type SortColumn,
  seekableScope,
  type TimeColumn,
} from './list-store.ts';
import { totals } from './list-totals.ts';
import { orderScopeOf } from './scope.ts';
import * as store from './store.ts';

/** 'YYYY-MM-DD' → that China day's first (or, as an end, last) second; a date-time is taken as it is. */
function toEpoch(text: string, end: boolean, field: string): number {
  const t = parseChinaTime(text);
  if (Number.isNaN(t)) throw invalid('日期格式应为 YYYY-MM-DD', { field });
  return end && text.trim().length === 10 ? t + 86400 - 1 : t;
}

function range(column: TimeColumn, start: string | undefined, end: string | undefined, label: string) {
  const from = start ? toEpoch(start, false, label) : undefined;
  const to = end ? toEpoch(end, true, label) : undefined;
  if (from !== undefined && to !== undefined) {
    if (to < from) throw invalid('结束日期不能早于开始日期', { field: label });
    if (to - from > MAX_RANGE_DAYS * 86400) throw invalid(`日期范围不能超过 ${MAX_RANGE_DAYS} 天`, { field: label });
  }
  return { column, from, to };
}

const dateRange = (d: DateFilter | null) => (d ? [range(d.column, d.start, d.end, d.column)] : []);

type Filters = Omit<OrderIndexInput, 'pubid' | 'page' | 'pagesize'>;

/** The order/index filters (shared by the link's own list) as the store's filter. */
function indexFilter(input: Filters): OrderFilter {
  return {
    union: input.source !== undefined ? SOURCE_UNION[input.source] : undefined,
    presellOnly: input.deposit === 1,
    isdirect: input.jump_type,
    status: input.tk_status,
    postback: input.sync_call !== undefined ? SYNC_CALL[input.sync_call] : undefined,
    exact: input.exact || undefined,
    ranges: dateRange(dateFilterOf(input)),
  };
}

/** Newest first by the time the list filters on (pay time unless deposit says otherwise). */
const indexSort = (input: Filters): { column: TimeColumn; dir: 'desc' } => ({
  column: dateFilterOf(input)?.column ?? 'created_at',
  dir: 'desc',
});

async function page(
  deps: Deps,
  actor: Actor,
  f: OrderFilter,
  sort: { column: SortColumn; dir: 'asc' | 'desc' },
  p: { page: number; pagesize: number },
) {
  const scope = await seekableScope(deps.db, await orderScopeOf(deps.db, actor));
  const [rows, t] = await Promise.all([listOrders(deps.db, scope, f, sort, p.pagesize, offsetOf(p)), totals(deps.db, scope, f)]);
  return {
    list: await views(deps, rows),
    total: t.total,
    closed_unpaid: t.closed_unpaid,
    sums: { orders: t.orders, paid_orders: t.paid_orders, order_fen: t.order_fen, paid_fen: t.paid_fen, commission_fen: t.commission_fen },
    postback: postbackCounts(t.postback),
  };
}

export const postbackCounts = (c: Record<string, number>) =>
  Object.fromEntries(Object.keys(POSTBACK_STATE).map((k) => [k, c[k] ?? 0])) as Record<keyof typeof POSTBACK_STATE, number>;

/** Rows → the API shape, with the landing visit's time and the postback's attempts and last error. */
export async function views(deps: Pick<Deps, 'db'>, rows: ListedOrder[]): Promise<OrderView[]> {
  const visits = new Map(
    (
      await visitsByIds(
        deps.db,
        rows.map((r) => r.visit_event_id),
      )
    ).map((v) => [v.id, v.received_at]),
  );
  const pbs = await postbacksOf(
    deps.db,
    rows.map((r) => ({ union: r.union_name, orderId: r.order_id })),
  );
  return rows.map((r) => {
    const pb = pbs.get(`${r.union_name}:${r.order_id}`);
    return {
      union: r.union_name,
      order_id: r.order_id,
      parent_order_id: r.parent_order_id,
      item_id: r.item_id,
      item_title: r.item_title,
      item_image: r.item_image,
      item_num: r.item_num,
      shop_name: r.shop_name,
      status: r.status,
      raw_status: r.raw_status,
      presell: r.presell,
      deposit_fen: r.deposit_fen,
      order_fen: r.order_fen,
      paid_fen: r.paid_fen,
      commission_fen: r.commission_fen,
      commission_bp: r.commission_bp,
      created_at: r.created_at,
      paid_at: r.paid_at,
      deposit_paid_at: r.deposit_paid_at,
      received_at: r.received_at,
      settled_at: r.settled_at,
      refunded_at: r.refunded_at,
      click_at: r.click_at,
      pageid: r.pageid,
      link_title: r.link_title ?? '',
      link_platform: r.link_platform,
      customerid: r.customerid,
      attribution_rule: r.attribution_rule,
      channel: r.channel,
      advertiser_id: r.advertiser_id,
      campaign_id: r.campaign_id,
      plan_id: r.plan_id,
      creative_id: r.creative_id,
      click_ref: r.click_ref,
      visit_at: visits.get(r.visit_event_id) ?? 0,
      postback_state: r.postback_state,
      postback_attempts: pb?.attempts ?? 0,
      postback_error: pb?.last_error ?? '',
    };
  });
}

/** The filter of `/api/order/index` (`miniOnly`: `/api/miniput/order`, 淘宝新链接 links). `pubid` is the link. */
const orderIndexFilter = (input: Omit<OrderIndexInput, 'page' | 'pagesize'>, miniOnly = false): OrderFilter => ({
  ...indexFilter(input),
  pageid: input.pubid || undefined,
  linkPlatform: miniOnly ? 4 : undefined,
});

/** `/api/order/index` (`miniOnly`: `/api/miniput/order`, 淘宝新链接 links). `pubid` is the link. */
export function orderIndex(deps: Deps, actor: Actor, input: OrderIndexInput, miniOnly = false) {
  return page(deps, actor, orderIndexFilter(input, miniOnly), indexSort(input), input);
}

export type OrderIndexFilters = Omit<OrderIndexInput, 'page' | 'pagesize'>;

/** How many orders `/api/order/index` lists for these filters (the caller's scope). */
export async function countIndexOrders(deps: Deps, actor: Actor, input: OrderIndexFilters): Promise<number> {
  return countOrders(deps.db, await orderScopeOf(deps.db, actor), orderIndexFilter(input));
}

/**
 * Every order `/api/order/index` lists for these filters, in its order (newest first by the filtered time), a
 * keyset page of `size` at a time: the export's row source (the same scope, filter and views as the list).
 */
export async function* indexOrderPages(deps: Deps, actor: Actor, input: OrderIndexFilters, size = 1000): AsyncIterable<OrderView[]> {
  const scope = await orderScopeOf(deps.db, actor);
  const f = orderIndexFilter(input);
  const { column } = indexSort(input);
  let after: OrderCursor | undefined;
  for (;;) {
    const rows = await orderKeysetPage(deps.db, scope, f, column, size, after);
    if (rows.length) yield await views(deps, rows);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { at: Number(last[column]), id: Number(last.id) };
  }
}

/** `/napi/link/order`: one link the caller may see (another tenant's reads like a missing one). */
export async function linkOrders(deps: Deps, actor: Actor, input: LinkOrderInput) {
  await requireLink(deps.db, await scopeOf(deps.db, actor), input.pageid);
  return page(deps, actor, { ...indexFilter(input), pageid: input.pageid }, indexSort(input), input);
}

const SORT_COLUMN: Record<OrderListInput['sort_field'], SortColumn> = {
  pay_time: 'paid_at',
  create_time: 'created_at',
  click_time: 'click_at',
  order_fen: 'order_fen',
  paid_fen: 'paid_fen',
  commission_fen: 'commission_fen',
};

export type ListKind = 'advertiser' | 'weibo' | 'miniad';

/** The list endpoints: `advertiser` (channel = platform, default 巨量; not 淘宝新链接), `weibo` (微博), `miniad` (淘宝新链接 links). */
export function orderList(deps: Deps, actor: Actor, kind: ListKind, input: OrderListInput) {
  const w = listWindow(input);
  const channel = kind === 'weibo' ? 3 : kind === 'advertiser' ? (input.platform ?? 2) : input.platform;
  const f: OrderFilter = {
    channel,
    linkPlatform: kind === 'miniad' ? 4 : undefined,
    notLinkPlatform: kind === 'miniad' ? undefined : 4,
    exact: input.exact || undefined,
    ranges: [
      ...(w.pay.start || w.pay.end ? [range('paid_at', w.pay.start, w.pay.end, 'start')] : []),
      ...(w.click ? [range('click_at', w.click.start, w.click.end, 'back_date')] : []),
    ],
  };
  return page(deps, actor, f, { column: SORT_COLUMN[input.sort_field], dir: input.sort }, input);
}

/** `/napi/promote/order`: the orders one ad plan brought (paid in [start, end] when given). */
export function planOrders(deps: Deps, actor: Actor, input: PlanOrderInput) {
  const f: OrderFilter = {
    channel: input.platform,
    plan: input.plan_id,
    advertiser: input.advertiser_id || undefined,
    ranges: input.start || input.end ? [range('paid_at', input.start, input.end, 'start')] : [],
  };
  return page(deps, actor, f, { column: 'created_at', dir: 'desc' }, input);
}

/** `/napi/link/postback`: read (and with `postback_on`, change) on which status a link's conversions are posted back. */
export async function linkPostback(deps: Deps, actor: Actor, input: { pageid: string; postback_on?: string }) {
  await requireLink(deps.db, await scopeOf(deps.db, actor), input.pageid);
  if (input.postback_on) await store.setPostbackSetting(deps.db, input.pageid, input.postback_on, actor.userId, deps.clock.now());
  const settings = await store.postbackSettings(deps.db, [input.pageid]);
  const t = await totals(deps.db, { customers: null, accounts: null }, { pageid: input.pageid, ranges: [] });
  return { pageid: input.pageid, postback_on: settings.get(input.pageid) ?? 'paid', counts: postbackCounts(t.postback) };
}
