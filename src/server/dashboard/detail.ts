/**
 * `/api/index/detail`: the ranked table of advertisers, campaigns, plans, promotion links, items or customers,
 * sortable by any metric, 50 rows a page. Every group of the read model is a row — the facts with no id at the level
 * too, as one named row (未归因到计划, 未关联推广链接) — so the rows add up to `totals`. Names are looked up for the rows
 * shown (for all rows when sorting by name); no row is named by a bare id.
 */
import type { IndexDetailInput, RankLevel, RankList, RankRow, SortField } from '../../shared/dashboard.ts';
import { type Metrics, metricOf, metricsOf, toWire } from '../../shared/metrics.ts';
import type { Period } from '../../shared/periods.ts';
import {
  advertiserLabel,
  advertiserNames,
  customerNames,
  entityLabel,
  entityNames,
  itemFacts,
  linkFacts,
  linkLabel,
  NO_ITEM,
} from '../facts/names.ts';
import type { FactFilter, KeyPart } from '../facts/query.ts';
import { customersOf } from '../facts/scope.ts';
import { type FactRow, sumsBy } from '../facts/sums.ts';
import type { Actor } from '../kernel/actor.ts';
import type { Executor } from '../kernel/executor.ts';
import { type BoardDeps, datesOfType, nowOf, sumAll } from './board.ts';
import { pageOf, periodView, rankRows, resolvePeriod, sortOf } from './ranking.ts';

interface Ranked {
  group: FactRow;
  /** The row but its wire metrics: made for the rows of the page only, unless sorted by name (an admin ranks 10 000 plans). */
  row: Omit<RankRow, 'metrics'> | null;
  name: string;
  visits: number | null;
  /** The metric sorted by only. */
  metrics: Partial<Metrics>;
}
type Named = Ranked & { row: Omit<RankRow, 'metrics'> };

const WITH_VISITS: readonly RankLevel[] = ['link', 'item'];

/** The key parts of each level: a campaign or plan within its advertiser and channel (one 未归因 row per account). */
const PARTS: Record<RankLevel, readonly KeyPart[]> = {
  advertiser: ['channel', 'advertiser'],
  campaign: ['channel', 'advertiser', 'campaign'],
  plan: ['channel', 'advertiser', 'plan'],
  link: ['link'],
  item: ['item'],
  customer: ['customer'],
};

const byAccount = (level: RankLevel) => level === 'advertiser' || level === 'campaign' || level === 'plan';
/** The id of a group's row at `level`, from the group's key. */
function idOf(level: RankLevel, g: FactRow): string {
  const [k0 = '', k1 = '', k2 = ''] = g.key;
  return level === 'advertiser' ? k1 : byAccount(level) ? k2 : k0;
}

/** The row of a group before names: ids from the group's key. */
function bare(level: RankLevel, g: FactRow): Omit<RankRow, 'metrics'> {
  const [k0 = '', k1 = ''] = g.key;
  const account = byAccount(level);
  return {
    id: idOf(level, g),
    name: '',
    channel: account ? Number(k0) : 0,
    advertiser_id: account ? k1 : '',
    advertiser_name: '',
    customerid: level === 'customer' ? Number(k0) : g.customerid,
    customer: '',
    pageid: level === 'link' ? k0 : '',
    item_id: level === 'item' ? k0 : '',
    visits: WITH_VISITS.includes(level) ? g.monitor.visits : null,
  };
}

/** These rows with their rows made. */
const withRows = (level: RankLevel, rows: Ranked[]): Named[] =>
  rows.map((x) => {
    x.row ??= bare(level, x.group);
    return x as Named;
  });

/** Fill in names (and, for links, their channel and item) of these rows. */
async function named(db: Executor, level: RankLevel, customers: readonly number[] | null, rows: Named[]): Promise<void> {
  const links =
    level === 'link'
      ? await linkFacts(
          db,
          rows.map((x) => x.row.pageid),
        )
      : null;
  for (const { row } of rows) {
    const link = links?.get(row.pageid);
    if (link) Object.assign(row, { channel: link.state, item_id: link.itemid });
  }
  const r = rows.map((x) => x.row);
  // the four lookups at once (each a pooled connection on PostgreSQL; one after another on SQLite)
  const [advertisers, companies, entities, items] = await Promise.all([
    advertiserNames(
      db,
      r.map((x) => ({ channel: x.channel, advertiserId: x.advertiser_id })),
    ),
    customerNames(
      db,
      r.map((x) => x.customerid),
    ),
    level === 'campaign' || level === 'plan'
      ? entityNames(
          db,
          level,
          r.map((x) => ({ channel: x.channel, id: x.id })),
        )
      : null,
    level === 'item'
      ? itemFacts(
          db,
          customers,
          r.map((x) => x.item_id),
        )
      : null,
  ]);
  for (const x of rows) {
    const row = x.row;
    row.advertiser_name = row.advertiser_id
      ? advertiserLabel(row.advertiser_id, advertisers.get(`${row.channel}:${row.advertiser_id}`))
      : '';
    row.customer = companies.get(row.customerid) ?? '';
    row.name =
      level === 'advertiser'
        ? advertiserLabel(row.id, advertisers.get(`${row.channel}:${row.id}`))
        : level === 'customer'
          ? row.customer || `客户 ${row.id}`
          : level === 'link'
            ? linkLabel(row.pageid, links?.get(row.pageid))
            : level === 'item'
              ? row.item_id === ''
                ? NO_ITEM
                : items?.get(row.item_id)?.title || `商品 ${row.id}`
              : entityLabel(level, row.id, entities?.get(`${row.channel}:${row.id}`));
    x.name = row.name;
  }
}

export interface RankQuery {
  level: RankLevel;
  sort: [SortField, 'asc' | 'desc'];
  page: number;
  pagesize: number;
}

/** Rank the groups of `level` over the period; a group without an id at the level is one named row among them. */
export async function rankedList(db: Executor, period: Period, filter: FactFilter, q: RankQuery): Promise<RankList> {
  const groups = await sumsBy(db, period.current, filter, PARTS[q.level], { monitor: WITH_VISITS.includes(q.level) });
  const totals = sumAll(groups);
  const [field] = q.sort;
  const metric = field === 'name' || field === 'time' || field === 'visits' ? null : field;
  const visits = WITH_VISITS.includes(q.level);
  const rows: Ranked[] = [...groups.values()].map((group) => ({
    group,
    row: null,
    name: idOf(q.level, group),
    visits: visits ? group.monitor.visits : null,
    metrics: metric ? { [metric]: metricOf(group.sums, metric) } : {},
  }));
  if (field === 'name') await named(db, q.level, filter.customers, withRows(q.level, rows));
  const page = withRows(q.level, pageOf(rankRows(rows, ...q.sort), q.page, q.pagesize));
  if (field !== 'name') await named(db, q.level, filter.customers, page);
  const list = page.map((x) => ({ ...x.row, metrics: toWire(metricsOf(x.group.sums)) }));
  return { period: periodView(period), list, total: rows.length, totals: toWire(metricsOf(totals)) };
}

export async function indexDetail(deps: BoardDeps, actor: Actor, input: IndexDetailInput): Promise<RankList> {
  const now = nowOf(deps);
  const filter: FactFilter = {
    customers: await customersOf(deps.db, actor, input.customerid),
    channels: input.social === undefined ? null : [input.social],
    shops: input.platform ?? null,
    advertiserId: input.id ?? input.advertiser_id,
  };
  const period = resolvePeriod(...datesOfType(input.type, input.start, input.end, now), now);
  return rankedList(deps.db, period, filter, { level: input.ad, sort: sortOf(input, false), page: input.page, pagesize: input.pagesize });
}

/** Every ranked row of `/api/index/detail` for these filters, in the table's order (the board's export). */
export async function indexDetailRows(
  deps: BoardDeps,
  actor: Actor,
  input: Omit<IndexDetailInput, 'page' | 'pagesize'>,
): Promise<RankRow[]> {
  return (await indexDetail(deps, actor, { ...input, page: 1, pagesize: Number.MAX_SAFE_INTEGER })).list;
}
