import type { PageOrdersView } from '../../shared/admin-reports.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { fenToYuan } from '../../shared/money.ts';
import { chinaDate } from '../../shared/time.ts';
import type { AccountRow, PreviewView } from '../../shared/udsmart.ts';
import { dayStart, daysFrom, sumsOf } from '../admin/days.ts';
import { pageOrders } from '../admin/page-orders.ts';
import { type AccountRef, accountState, accountsWhere, adSums } from '../ads/directory.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import { orderSums } from '../orders/directory.ts';
import { type UdScope, udScopeOf } from './scope.ts';
import { accountViews } from './service.ts';
import { brandsOfOwner } from './store.ts';

/**
 * UDSmart numbers (`/sxA/udAcct/preview`, `/promoteList`, `/page/{pageId}`): the facts tables narrowed to the
 * advertiser accounts the caller sees, per brand, per day, per page and per account.
 */

interface Visible {
  scope: UdScope;
  /** account id → {platform, advertiser_id} */
  refs: Map<number, AccountRef>;
  brandNames: Map<number, string>;
}

async function visible(deps: Deps, actor: Actor, brandId?: number): Promise<Visible> {
  const scope = await udScopeOf(deps.db, actor);
  if (brandId !== undefined && !scope.brandIds.includes(brandId)) throw notFound('品牌不存在');
  const ids = [...scope.accounts].filter(([, b]) => brandId === undefined || b === brandId).map(([a]) => a);
  const rows = await accountsWhere(deps.db, { ids });
  const brands = await brandsOfOwner(deps.db, scope.ownerId, { ids: scope.brandIds }, 10_000, 0);
  return {
    scope: {
      ...scope,
      accounts: new Map(
        ids.flatMap((id) => {
          const b = scope.accounts.get(id);
          return b === undefined ? [] : [[id, b] as const];
        }),
      ),
    },
    refs: new Map(rows.map((r) => [r.id, { platform: r.platform, advertiser_id: r.advertiser_id }])),
    brandNames: new Map(brands.rows.map((b) => [b.id, b.name])),
  };
}

const refKey = (r: AccountRef) => `${r.platform}:${r.advertiser_id}`;

export async function preview(deps: Deps, actor: Actor, input: { start: string; end: string; brand_id?: number }): Promise<PreviewView> {
  const v = await visible(deps, actor, input.brand_id);
  const accounts = [...v.refs.values()];
  const f = { fromDay: dayStart(input.start), toDay: dayStart(input.end), accounts };
  const [adAcc, ordAcc, adDay, ordDay, adPage, ordPage] = await Promise.all([
    adSums(deps.db, f, ['platform', 'advertiser_id']),
    orderSums(deps.db, f, ['channel', 'advertiser_id']),
    adSums(deps.db, f, ['day']),
    orderSums(deps.db, f, ['day']),
    adSums(deps.db, f, ['pageid']),
    orderSums(deps.db, f, ['pageid']),
  ]);
  const brandOfRef = new Map([...v.refs].map(([id, r]) => [refKey(r), v.scope.accounts.get(id)]));
  const perBrand = new Map<number, Sums>();
  const add = (brand: number | undefined, s: Sums) =>
    brand !== undefined && perBrand.set(brand, addSums(perBrand.get(brand) ?? ZERO_SUMS, s));
  for (const r of adAcc) add(brandOfRef.get(refKey(r)), sumsOf(r));
  for (const r of ordAcc) add(brandOfRef.get(refKey({ platform: r.channel, advertiser_id: r.advertiser_id })), sumsOf(undefined, r));
  const brandIds = input.brand_id !== undefined ? [input.brand_id] : [...v.scope.brandIds].sort((a, b) => b - a);
  const total = [...perBrand.values()].reduce(addSums, ZERO_SUMS);
  const ordersByDay = new Map(ordDay.map((o) => [o.day, o]));
  const adByDay = new Map(adDay.map((a) => [a.day, a]));
  const ordersByPage = new Map(ordPage.map((o) => [o.pageid, o]));
  const pages = [...new Set([...adPage.map((a) => a.pageid), ...ordPage.map((o) => o.pageid)])]
    .filter((p) => p !== '')
    .map((p) => ({
      pageid: p,
      sums: sumsOf(
        adPage.find((a) => a.pageid === p),
        ordersByPage.get(p),
      ),
    }))
    .sort((a, b) => b.sums.costFen - a.sums.costFen || b.sums.orderFen - a.sums.orderFen)
    .slice(0, 50);
  return {
    brands: brandIds.map((id) => ({
      brand_id: id,
      brand: v.brandNames.get(id) ?? '',
      accounts: [...v.scope.accounts.values()].filter((b) => b === id).length,
      ...toWire(metricsOf(perBrand.get(id) ?? ZERO_SUMS)),
    })),
    totals: toWire(metricsOf(total)),
    series: daysFrom(f.fromDay, f.toDay).map((d) => {
      const m = metricsOf(sumsOf(adByDay.get(d), ordersByDay.get(d)));
      return { day: chinaDate(d), sum_cost: m.sum_cost, order_price: m.order_price, ordernum: m.ordernum };
    }),
    pages: pages.map((p) => ({ pageid: p.pageid, ...toWire(metricsOf(p.sums)) })),
  };
}

export async function accountList(
  deps: Deps,
  actor: Actor,
  input: { start: string; end: string; brand_id?: number; platform?: number; exact?: string; page: number; pagesize: number },
): Promise<{ list: AccountRow[]; total: number }> {
  const v = await visible(deps, actor, input.brand_id);
  const rows = await accountsWhere(deps.db, {
    ids: [...v.refs.keys()],
    platforms: input.platform !== undefined ? [input.platform] : undefined,
    exact: input.exact || undefined,
  });
  const spend = await adSums(
    deps.db,
    {
      fromDay: dayStart(input.start),
      toDay: dayStart(input.end),
      accounts: rows.map((r) => ({ platform: r.platform, advertiser_id: r.advertiser_id })),
    },
    ['platform', 'advertiser_id'],
  );
  const spendOf = new Map(spend.map((s) => [refKey(s), s]));
  const views = new Map((await accountViews(deps, rows, v.scope.accounts, v.brandNames)).map((a) => [a.id, a]));
  const list = rows
    .flatMap((r) => {
      const s = spendOf.get(refKey(r));
      const view = views.get(r.id);
      if (!view) return [];
      return {
        ...view,
        state: accountState(r),
        sum_cost: fenToYuan(s?.costFen ?? 0),
        sum_show_cnt: s?.shows ?? 0,
        sum_click: s?.clicks ?? 0,
        last_sync_at: Number(r.last_sync_at),
        last_sync_error: r.last_sync_error,
      };
    })
    .sort((a, b) => b.sum_cost - a.sum_cost || a.id - b.id);
  const offset = (input.page - 1) * input.pagesize;
  return { list: list.slice(offset, offset + input.pagesize), total: list.length };
}

/** Orders of a page that came through the caller's visible accounts; a page with none of them is 4004. */
export async function udPageOrders(
  deps: Deps,
  actor: Actor,
  input: { pageid: string; page: number; pagesize: number },
): Promise<PageOrdersView> {
  const v = await visible(deps, actor);
  return pageOrders(deps, input, [...v.refs.values()]);
}
