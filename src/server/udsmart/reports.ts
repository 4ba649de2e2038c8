import type { PageOrdersView } from '../../shared/admin-reports.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { fenToYuan } from '../../shared/money.ts';
import { bucketStarts, daysSpan } from '../../shared/span.ts';
import { chinaDate } from '../../shared/time.ts';
import type { AccountRow, PreviewView } from '../../shared/udsmart.ts';
import { pageOrders } from '../admin/page-orders.ts';
import { type AccountRef, accountState, accountsWhere } from '../ads/directory.ts';
import { accountsDroveLink } from '../ads/lookup.ts';
import type { Deps } from '../deps.ts';
import type { AccountRef as FactAccount, FactFilter } from '../facts/query.ts';
import { sumOfRows, sumsBy } from '../facts/sums.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
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
/** An ads account reference as the read model names it (its channel). */
const factRef = (r: AccountRef): FactAccount => ({ channel: r.platform, advertiser_id: r.advertiser_id });

export async function preview(deps: Deps, actor: Actor, input: { start: string; end: string; brand_id?: number }): Promise<PreviewView> {
  const v = await visible(deps, actor, input.brand_id);
  const span = daysSpan(input.start, input.end);
  const filter: FactFilter = { customers: null, accounts: [...v.refs.values()].map(factRef) };
  const [perAccount, perDay, perPage] = await Promise.all([
    sumsBy(deps.db, span, filter, ['channel', 'advertiser']),
    sumsBy(deps.db, span, filter, ['bucket']),
    sumsBy(deps.db, span, filter, ['link']),
  ]);
  const brandOfRef = new Map([...v.refs].map(([id, r]) => [refKey(r), v.scope.accounts.get(id)]));
  const perBrand = new Map<number, Sums>();
  for (const r of perAccount.values()) {
    const brand = brandOfRef.get(`${r.key[0]}:${r.key[1]}`);
    if (brand !== undefined) perBrand.set(brand, addSums(perBrand.get(brand) ?? ZERO_SUMS, r.sums));
  }
  const brandIds = input.brand_id !== undefined ? [input.brand_id] : [...v.scope.brandIds].sort((a, b) => b - a);
  const byDay = new Map([...perDay.values()].map((r) => [Number(r.key[0]), r.sums]));
  const pages = [...perPage.values()]
    .filter((p) => p.key[0] !== '')
    .sort((a, b) => b.sums.costFen - a.sums.costFen || b.sums.orderFen - a.sums.orderFen)
    .slice(0, 50);
  return {
    brands: brandIds.map((id) => ({
      brand_id: id,
      brand: v.brandNames.get(id) ?? '',
      accounts: [...v.scope.accounts.values()].filter((b) => b === id).length,
      ...toWire(metricsOf(perBrand.get(id) ?? ZERO_SUMS)),
    })),
    totals: toWire(metricsOf(sumOfRows(perAccount.values()))),
    series: bucketStarts(span, 'day').map((d) => {
      const m = toWire(metricsOf(byDay.get(d) ?? ZERO_SUMS));
      return { day: chinaDate(d), sum_cost: m.sum_cost ?? 0, order_price: m.order_price ?? 0, ordernum: m.ordernum ?? 0 };
    }),
    pages: pages.map((p) => ({ pageid: p.key[0]!, ...toWire(metricsOf(p.sums)) })),
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
  const spend = await sumsBy(
    deps.db,
    daysSpan(input.start, input.end),
    { customers: null, accounts: rows.map((r) => factRef({ platform: r.platform, advertiser_id: r.advertiser_id })) },
    ['channel', 'advertiser'],
    { sources: ['ad'] },
  );
  const spendOf = new Map([...spend.values()].map((s) => [`${s.key[0]}:${s.key[1]}`, s.sums]));
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

/**
 * Orders of a page that came through the caller's visible accounts. A page those accounts drove (the data view lists
 * it by its cost and clicks) opens even before its first order; a page with neither is 4004.
 */
export async function udPageOrders(
  deps: Deps,
  actor: Actor,
  input: { pageid: string; page: number; pagesize: number },
): Promise<PageOrdersView> {
  const refs = [...(await visible(deps, actor)).refs.values()];
  return pageOrders(deps, input, refs, await accountsDroveLink(deps.db, input.pageid, refs));
}
