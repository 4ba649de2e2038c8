/**
 * Item-effect analysis (`/napi/itemanalyse/*`). An item's cost, shows and clicks are those of the ad plans whose
 * promotion link promotes it (the link's item); its orders are the attributed orders of that item, whichever link
 * sold them; visits come from our monitor's rollups of its links. ROI and conversion follow from those sums
 * (docs/metrics.md, "Items").
 */
import type { ItemDetail, ItemDetailInput, ItemIndex, ItemIndexInput, ItemOrderInput, ItemRow } from '../../shared/dashboard.ts';
import { metricsOf, toWire } from '../../shared/metrics.ts';
import { fenToYuan } from '../../shared/money.ts';
import { itemFacts, linkFacts, NO_ITEM } from '../facts/names.ts';
import type { FactFilter } from '../facts/query.ts';
import { customersOf } from '../facts/scope.ts';
import { sumsBy } from '../facts/sums.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { type BoardDeps, cardOf, nowOf, sumAll } from './board.ts';
import { rankedList } from './detail.ts';
import { pageOf, periodView, rankRows, resolvePeriod, sortOf } from './ranking.ts';
import { itemInOrderFacts, itemOrderPage } from './store.ts';

type Customers = readonly number[] | null;

/** Rows of the item table are limited to what one screen can rank; the links and plans of one item likewise. */
const DETAIL_ROWS = 50;

export async function itemIndex(deps: BoardDeps, actor: Actor, input: ItemIndexInput): Promise<ItemIndex> {
  const customers = await customersOf(deps.db, actor, input.customerid);
  const filter: FactFilter = { customers, channels: input.state === undefined ? null : [input.state], shops: input.platform ?? null };
  const period = resolvePeriod(input.start, input.end, nowOf(deps));
  // every item, and the cost of plans whose link promotes none we know as one 未关联商品 row: rows add up to totals
  const groups = await sumsBy(deps.db, period.current, filter, ['item'], { monitor: true });
  const list = [...groups.values()].map((g) => ({ ...g, id: g.key[0] ?? '' }));
  const facts = await itemFacts(
    deps.db,
    customers,
    list.map((g) => g.id),
  );
  const needle = input.exact?.toLowerCase();
  const rows = list
    .map((g) => {
      const f = facts.get(g.id);
      const metrics = metricsOf(g.sums);
      const row: ItemRow = {
        item_id: g.id,
        item_title: g.id === '' ? NO_ITEM : (f?.title ?? ''),
        item_image: f?.image ?? '',
        platform: f?.platform ?? 0,
        links: f?.links ?? 0,
        visits: g.monitor.visits,
        metrics: toWire(metrics),
      };
      return { row, name: row.item_title || row.item_id, visits: g.monitor.visits, metrics };
    })
    .filter((r) => !needle || r.row.item_id.toLowerCase().includes(needle) || r.row.item_title.toLowerCase().includes(needle));
  const ranked = rankRows(rows, ...sortOf(input, false));
  return {
    period: periodView(period),
    list: pageOf(ranked, input.page, input.pagesize).map((r) => r.row),
    total: ranked.length,
    totals: toWire(metricsOf(sumAll(groups))),
  };
}

/** The item as the caller knows it (its links in scope, or its orders), or undefined. */
async function knownItem(db: Executor, customers: Customers, itemId: string): Promise<Omit<ItemRow, 'metrics'> | undefined> {
  const f = (await itemFacts(db, customers, [itemId])).get(itemId);
  if (!f && !(await itemInOrderFacts(db, customers, itemId))) return undefined;
  return {
    item_id: itemId,
    item_title: f?.title ?? '',
    item_image: f?.image ?? '',
    platform: f?.platform ?? 0,
    links: f?.links ?? 0,
    visits: 0,
  };
}

/**
 * What `/collect/page/{id}` names: a promotion link's pageid (spec §2: its item, narrowed to that link's numbers and
 * orders) or, as the item list links to it, an item id (tried first). Another tenant's id is 4004 like an unknown one.
 */
async function requireTarget(db: Executor, customers: Customers, id: string): Promise<{ item: Omit<ItemRow, 'metrics'>; pageid: string }> {
  const item = await knownItem(db, customers, id);
  if (item) return { item, pageid: '' };
  const link = (await linkFacts(db, [id])).get(id);
  if (link && (!customers || customers.includes(link.customerid))) {
    const known = link.itemid ? await knownItem(db, customers, link.itemid) : undefined;
    const own = {
      item_id: link.itemid,
      item_title: link.item_title,
      item_image: link.item_image,
      platform: link.platform,
      links: 1,
      visits: 0,
    };
    return { item: known ?? own, pageid: id };
  }
  throw notFound('商品或推广链接不存在，或不属于当前账号');
}

/** The facts a target reads: one link's, or every link's of the item. */
const targetFilter = (customers: Customers, t: { item: { item_id: string }; pageid: string }): FactFilter =>
  t.pageid
    ? { customers, channels: null, shops: null, pageids: [t.pageid] }
    : { customers, channels: null, shops: null, itemId: t.item.item_id };

export async function itemDetail(deps: BoardDeps, actor: Actor, input: ItemDetailInput): Promise<ItemDetail> {
  const customers = await customersOf(deps.db, actor, input.customerid);
  const target = await requireTarget(deps.db, customers, input.item_id);
  const item = target.item;
  const period = resolvePeriod(input.start, input.end, nowOf(deps));
  const filter = targetFilter(customers, target);
  const card = await cardOf(deps, period, filter);
  const top = { sort: ['sum_cost', 'desc'] as ['sum_cost', 'desc'], page: 1, pagesize: DETAIL_ROWS };
  const links = await rankedList(deps.db, period, filter, { ...top, level: 'link' });
  const plans = await rankedList(deps.db, period, filter, { ...top, level: 'plan' });
  const visits = links.list.reduce((n, l) => n + (l.visits ?? 0), 0);
  return {
    period: card.period,
    accounts: card.accounts,
    item: { ...item, visits },
    pageid: target.pageid,
    metrics: card.metrics,
    previous: card.previous,
    change: card.change,
    series: card.series,
    links: links.list,
    plans: plans.list,
  };
}

export async function itemOrders(deps: BoardDeps, actor: Actor, input: ItemOrderInput) {
  const customers = await customersOf(deps.db, actor, input.customerid);
  const target = await requireTarget(deps.db, customers, input.item_id);
  const period = resolvePeriod(input.start, input.end, nowOf(deps));
  const { rows, total, closedUnpaid } = await itemOrderPage(deps.db, {
    customers,
    itemId: target.item.item_id,
    ...(target.pageid ? { pageid: target.pageid } : {}),
    from: period.current.from,
    to: period.current.to,
    limit: input.pagesize,
    offset: (input.page - 1) * input.pagesize,
  });
  return {
    list: rows.map(({ order_fen, paid_fen, commission_fen, ...r }) => ({
      ...r,
      item_num: Number(r.item_num),
      created_at: Number(r.created_at),
      paid_at: Number(r.paid_at),
      channel: Number(r.channel),
      order_price: fenToYuan(Number(order_fen)),
      paid_price: fenToYuan(Number(paid_fen)),
      commission: fenToYuan(Number(commission_fen)),
    })),
    total,
    closed_unpaid: closedUnpaid,
  };
}

/** Every row of `/napi/itemanalyse/index` for these filters, in the list's order (the item analysis export). */
export async function itemRows(deps: BoardDeps, actor: Actor, input: Omit<ItemIndexInput, 'page' | 'pagesize'>): Promise<ItemRow[]> {
  return (await itemIndex(deps, actor, { ...input, page: 1, pagesize: Number.MAX_SAFE_INTEGER })).list;
}
