/**
 * The promotion tree service (`/napi/promote/index`, `sumdata`, and the old lists built on them): one level of
 * accounts → campaigns → plans → creatives for a tenant, a channel and a sub-platform, over a range of China days.
 */
import { type AdLevel, LEVEL_NAMES } from '../../shared/ad-levels.ts';
import { channelLabel } from '../../shared/catalog.ts';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { METRIC_KEYS, type MetricKey, type Sums, ZERO_SUMS } from '../../shared/metrics.ts';
import { adPlatformOf, levelOfType, type PromoteChannel } from '../../shared/promote.ts';
import type { PromoteExportInput, PromoteFilter, PromoteIndexInput, PromoteRow } from '../../shared/promote-schemas.ts';
import type { Span } from '../../shared/span.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import type { Executor } from '../kernel/executor.ts';
import { linkSummaries } from '../links/lookup.ts';
import { topPlans } from './plan-top.ts';
import { type ChinaRange, dayRange } from './range.ts';
import { type AccountInfo, accountRow, entityRow, NO_METRICS, type RowContext, sumKey, wireOf } from './rows.ts';
import { promoteScope } from './scope.ts';
import { needsOrders, sortExpression } from './sort.ts';
import { accountsByIds, companies, type EntityRow } from './store.ts';
import { planLinkOf, plansTraffic } from './traffic.ts';
import {
  accountCandidates,
  candidates,
  childCounts,
  countAccounts,
  countCandidates,
  linkedPlanCounts,
  type Scope,
  type SumLevel,
  type TreeFilter,
} from './tree-store.ts';
import { adSumsOf, orderSumsOf, sumsOf } from './tree-sums.ts';

const isMetric = (s: string | undefined): s is MetricKey => s !== undefined && (METRIC_KEYS as readonly string[]).includes(s);
const CHILD: Record<'adver' | AdLevel, AdLevel | null> = { adver: 'campaign', campaign: 'plan', plan: 'creative', creative: null };
const ENTITY_SORT = { name: 'e.name', budget: 'e.budget_fen', bid: 'e.bid_fen', status: 'e.status', created_at: 'e.created_at' } as const;

/** The level a filter lists, refused where the platform has no such level (腾讯 has two). */
function levelOf(f: PromoteFilter): AdLevel | null {
  const level = levelOfType(f.type);
  if (level && f.acpl !== undefined && !LEVEL_NAMES[adPlatformOf(f.acpl as PromoteChannel)][level])
    throw invalid(`${channelLabel(f.acpl)}没有该层级（${f.acpl === 4 ? '创意即计划' : f.type}）`, { field: 'type' });
  return level;
}

const treeFilter = (f: PromoteFilter, scope: Scope, level: AdLevel): TreeFilter => ({
  scope,
  level,
  platform: f.acpl,
  pl: f.pl,
  advertiserId: f.advertiser_id,
  campaignId: f.campaign_id,
  planId: f.plan_id,
  pageid: f.pageid,
  status: f.status,
  exact: f.exact,
});

/** The same filters at the accounts level (`accountCandidates`, `countAccounts`). */
const accountFilter = (f: PromoteFilter, scope: Scope) => ({ scope, platform: f.acpl, advertiserId: f.advertiser_id, exact: f.exact });

async function accountInfos(db: Executor, keys: Array<{ platform: number; advertiserId: string }>): Promise<Map<string, AccountInfo>> {
  const rows = await accountsByIds(db, keys);
  return new Map(
    rows.map((a) => [
      sumKey(Number(a.platform), a.advertiser_id),
      { name: a.name, customerid: Number(a.customerid), usable: Number(a.active) === 1 && a.state === 'active', state: a.state },
    ]),
  );
}

type Page = { list: PromoteRow[]; total: number; start: string; end: string };

export async function listTree(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: PromoteIndexInput): Promise<Page> {
  const { db } = deps;
  const scope = await promoteScope(db, actor, input.customerid);
  const range = dayRange(deps.clock, input.start, input.end);
  const level = levelOf(input);
  const dir = input.sort === 'asc' || input.sort === 'ascending' ? 'asc' : 'desc';
  const offset = (input.page - 1) * input.pagesize;
  const metric = isMetric(input.sort_field) && level !== 'creative' ? input.sort_field : null;
  return level === null
    ? listAccounts(db, input, scope, range, { metric, dir, offset }, chinaDayStart(deps.clock.now()))
    : listEntities(db, input, treeFilter(input, scope, level), range, { metric, dir, offset, today: chinaDayStart(deps.clock.now()) });
}

interface Order {
  metric: MetricKey | null;
  dir: 'asc' | 'desc';
  offset: number;
  /** Today's China-day start (the plans' fast path, plan-top.ts). */
  today?: number;
}

async function listEntities(db: Executor, input: PromoteIndexInput, f: TreeFilter, range: ChinaRange, o: Order): Promise<Page> {
  const base = candidates(db, f);
  const total = await countCandidates(db, f);
  const top = await topPlans(db, { filter: f, ...o, pagesize: input.pagesize, span: range.span });
  if (top) return { list: await entityRows(db, top, f, range.span), total, start: range.start, end: range.end };
  const sumsFilter = {
    scope: f.scope,
    platform: f.platform,
    pl: f.pl,
    advertiserId: f.advertiserId,
    campaignId: f.level === 'campaign' ? undefined : f.campaignId,
  };
  let q = base.selectAll('e').select('b.pageid as bound_pageid');
  if (o.metric) {
    const m = o.metric;
    q = q.leftJoin(adSumsOf(db, f.level as SumLevel, sumsFilter, range.span, 0).as('fa'), (j) =>
      j.onRef('fa.platform', '=', 'e.platform').onRef('fa.k', '=', 'e.entity_id'),
    );
    if (needsOrders(m))
      q = q.leftJoin(orderSumsOf(db, f.level as SumLevel, sumsFilter, range.span).as('oa'), (j) =>
        j.onRef('oa.platform', '=', 'e.platform').onRef('oa.k', '=', 'e.entity_id'),
      );
    q = q.orderBy(sortExpression(m), (ob) => (o.dir === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()));
  } else if (input.sort_field && input.sort_field in ENTITY_SORT) {
    q = q.orderBy(ENTITY_SORT[input.sort_field as keyof typeof ENTITY_SORT], o.dir);
  } else q = q.orderBy('e.created_at', 'desc');
  const rows = (await q.orderBy('e.id', 'desc').limit(input.pagesize).offset(o.offset).execute()) as EntityRow[];
  return { list: await entityRows(db, rows, f, range.span), total, start: range.start, end: range.end };
}

/** Rows with their sums, children, accounts, customers and links. */
export async function entityRows(db: Executor, rows: EntityRow[], f: TreeFilter, span: Span): Promise<PromoteRow[]> {
  if (rows.length === 0) return [];
  const platforms = [...new Set(rows.map((r) => Number(r.platform)))];
  const keys = rows.map((r) => r.entity_id);
  const child = CHILD[f.level];
  const childFilter = child ? { scope: f.scope, platform: f.platform, pl: f.pl, level: child } : null;
  const links = [...new Set(rows.map((r) => r.pageid || r.bound_pageid || '').filter(Boolean))];
  const plans = f.level === 'plan' ? rows.map(planLinkOf) : [];
  const [sums, children, accounts, customers, summaries, traffic] = await Promise.all([
    f.level === 'creative'
      ? new Map<string, Sums>()
      : Promise.all(
          platforms.map((platform) => sumsOf(db, f.level as SumLevel, { scope: f.scope, platform, pl: f.pl, keys }, span, 0)),
        ).then((maps) => new Map(maps.flatMap((m) => [...m]))),
    childFilter ? childCounts(db, childFilter, keys) : new Map<string, number>(),
    accountInfos(
      db,
      rows.map((r) => ({ platform: Number(r.platform), advertiserId: r.advertiser_id })),
    ),
    companies(
      db,
      rows.map((r) => Number(r.customerid)),
    ),
    linkSummaries(db, links),
    // the plans' invalid share: their links' monitored clicks (a plan without a link has none)
    plansTraffic(db, f.scope, plans, span),
  ]);
  const ctx: RowContext = {
    sums,
    children,
    accounts,
    customers,
    linkPlatforms: new Map(summaries.map((l) => [l.pageid, Number(l.platform)])),
    traffic,
  };
  return rows.map((r) => entityRow(r, ctx));
}

async function listAccounts(
  db: Executor,
  input: PromoteIndexInput,
  scope: Scope,
  range: ChinaRange,
  o: Order,
  today: number,
): Promise<Page> {
  const base = accountCandidates(db, accountFilter(input, scope));
  const total = await countAccounts(db, accountFilter(input, scope));
  let q = base.select(['a.platform', 'a.advertiser_id', 'a.name', 'a.customerid', 'a.active', 'au.state', 'a.last_sync_at', 'a.id']);
  const sumsFilter = { scope, platform: input.acpl, pl: input.pl };
  if (o.metric) {
    const m = o.metric;
    q = q.leftJoin(adSumsOf(db, 'advertiser', sumsFilter, range.span, today).as('fa'), (j) =>
      j.onRef('fa.platform', '=', 'a.platform').onRef('fa.k', '=', 'a.advertiser_id'),
    );
    if (needsOrders(m))
      q = q.leftJoin(orderSumsOf(db, 'advertiser', sumsFilter, range.span).as('oa'), (j) =>
        j.onRef('oa.platform', '=', 'a.platform').onRef('oa.k', '=', 'a.advertiser_id'),
      );
    q = q.orderBy(sortExpression(m), (ob) => (o.dir === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()));
  } else if (input.sort_field === 'name') q = q.orderBy('a.name', o.dir);
  const rows = await q.orderBy('a.id', 'desc').limit(input.pagesize).offset(o.offset).execute();
  const keys = rows.map((r) => r.advertiser_id);
  const platforms = [...new Set(rows.map((r) => Number(r.platform)))];
  const [sums, children, customers] = await Promise.all([
    Promise.all(platforms.map((platform) => sumsOf(db, 'advertiser', { scope, platform, pl: input.pl, keys }, range.span, today))).then(
      (maps) => new Map(maps.flatMap((m) => [...m])),
    ),
    childCounts(db, { scope, platform: input.acpl, pl: input.pl, level: 'campaign' }, keys),
    companies(
      db,
      rows.map((r) => Number(r.customerid)),
    ),
  ]);
  const unlinked = await unlinkedAccounts(db, scope, rows, range.span, today);
  const ctx: RowContext = { sums, children, accounts: new Map(), customers, linkPlatforms: new Map(), unlinked };
  return { list: rows.map((a) => accountRow(a, ctx)), total, start: range.start, end: range.end };
}

/**
 * Of these accounts, those with plans of which none drives a link of ours (a newly authorised account, plans made
 * before our links): their plan count and whole report sums over the span, which no sub-platform holds — the row
 * says so and shows the cost rather than a silent ¥0 beside a sync that wrote rows (issue 18).
 */
async function unlinkedAccounts(
  db: Executor,
  scope: Scope,
  rows: ReadonlyArray<{ platform: number; advertiser_id: string }>,
  span: Span,
  today: number,
): Promise<Map<string, { plans: number; sums: Sums }>> {
  const out = new Map<string, { plans: number; sums: Sums }>();
  for (const platform of new Set(rows.map((r) => Number(r.platform)))) {
    const keys = rows.filter((r) => Number(r.platform) === platform).map((r) => r.advertiser_id);
    const counts = await linkedPlanCounts(db, scope, platform, keys);
    const bare = keys.filter((k) => (counts.get(k)?.plans ?? 0) > 0 && counts.get(k)?.linked === 0);
    if (!bare.length) continue;
    const sums = await sumsOf(db, 'advertiser', { scope, platform, keys: bare }, span, today);
    for (const k of bare)
      out.set(sumKey(platform, k), { plans: counts.get(k)?.plans ?? 0, sums: sums.get(sumKey(platform, k)) ?? ZERO_SUMS });
  }
  return out;
}

/** How many rows the list has at this level for these filters. */
const countLevel = (db: Executor, input: PromoteFilter, scope: Scope, level: AdLevel | null): Promise<number> =>
  level === null ? countAccounts(db, accountFilter(input, scope)) : countCandidates(db, treeFilter(input, scope, level));

/** The list's row count for these filters (the caller's scope): the export's progress total. */
export async function countTree(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: PromoteFilter): Promise<number> {
  dayRange(deps.clock, input.start, input.end); // refuses a bad range before anything is written
  return countLevel(deps.db, input, await promoteScope(deps.db, actor, input.customerid), levelOf(input));
}

/**
 * Every row of the list for these filters and sort, `size` at a time, through `listTree` itself (the same rows,
 * order, metrics and date range as the screen); each page carries the China dates its metrics cover. Pages by
 * offset: the list sorts by computed metrics, which have no key to seek on (a tenant's level is thousands of rows).
 */
export async function* treePages(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  input: PromoteExportInput,
  size = 1000,
): AsyncIterable<Array<PromoteRow & { start: string; end: string }>> {
  for (let page = 1; ; page++) {
    const p = await listTree(deps, actor, { ...input, page, pagesize: size });
    if (p.list.length) yield p.list.map((r) => ({ ...r, start: p.start, end: p.end }));
    if (p.list.length < size || page * size >= p.total) return;
  }
}

/** The totals row of a list: sums over every row of it (ratios computed once, from the summed sums). */
export async function sumTree(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: PromoteFilter) {
  const { db } = deps;
  const scope = await promoteScope(db, actor, input.customerid);
  const range = dayRange(deps.clock, input.start, input.end);
  const level = levelOf(input);
  const filter = { scope, platform: input.acpl, pl: input.pl, advertiserId: input.advertiser_id };
  const count = await countLevel(db, input, scope, level);
  if (level === 'creative') return { total: count, start: range.start, end: range.end, metrics: NO_METRICS };
  const sumLevel: SumLevel = level ?? 'advertiser';
  const within =
    level === null
      ? { withinAccounts: accountCandidates(db, accountFilter(input, scope)) }
      : { within: candidates(db, treeFilter(input, scope, level)) };
  const f = { ...filter, ...within };
  const [a, o] = await Promise.all([
    db
      .selectFrom(adSumsOf(db, sumLevel, f, range.span, chinaDayStart(deps.clock.now())).as('t'))
      .select((eb) => [
        eb.fn.sum<number>('t.cost_fen').as('cost_fen'),
        eb.fn.sum<number>('t.shows').as('shows'),
        eb.fn.sum<number>('t.clicks').as('clicks'),
        eb.fn.sum<number>('t.conversions').as('conversions'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(orderSumsOf(db, sumLevel, f, range.span).as('t'))
      .select((eb) => [
        eb.fn.sum<number>('t.orders').as('orders'),
        eb.fn.sum<number>('t.order_fen').as('order_fen'),
        eb.fn.sum<number>('t.paid_orders').as('paid_orders'),
        eb.fn.sum<number>('t.paid_fen').as('paid_fen'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const total: Sums = {
    costFen: Number(a.cost_fen ?? 0),
    shows: Number(a.shows ?? 0),
    clicks: Number(a.clicks ?? 0),
    conversions: Number(a.conversions ?? 0),
    orders: Number(o.orders ?? 0),
    orderFen: Number(o.order_fen ?? 0),
    paidOrders: Number(o.paid_orders ?? 0),
    paidFen: Number(o.paid_fen ?? 0),
  };
  return { total: count, start: range.start, end: range.end, metrics: wireOf(total) };
}
