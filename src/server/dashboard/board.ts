/**
 * `/napi/board/card`, `/napi/board/list` (the ver2 overview) and `/api/index/board` (the old data board): totals
 * with the previous period of the same length, trends, and lists per time bucket, channel, customer or advertiser.
 */
import { channelLabel } from '../../shared/catalog.ts';
import type { BoardCard, BoardCardInput, BoardList, BoardListInput, IndexBoard, IndexBoardInput } from '../../shared/dashboard.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { bucketLabel, bucketsOf, type Granularity, PERIOD_PRESETS, type Period, presetDates } from '../../shared/periods.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { activeAccounts, advertiserNames, customerNames } from './names.ts';
import { compared, pageOf, periodView, rankRows, resolvePeriod, sortOf } from './ranking.ts';
import { customersOf } from './scope.ts';
import type { FactFilter } from './store.ts';
import { type SumRow, sumsBy, totalOf } from './sums.ts';

export type BoardDeps = Pick<Deps, 'db' | 'clock'>;
export const nowOf = (deps: BoardDeps): number => deps.clock.now();
/** Every group of a sum added up: the total of the span. */
export const sumAll = (groups: Map<string, SumRow>): Sums => [...groups.values()].reduce((t, r) => addSums(t, r.sums), ZERO_SUMS);

/** accounttype single → the one account type `state`; multi → every account type. */
function boardChannels(input: { accounttype: 'single' | 'multi'; state?: number }): number[] | null {
  if (input.accounttype === 'multi') {
    if (input.state !== undefined) throw invalid('accounttype 为 multi 时汇总全部账户类型，不能再指定 state', { field: 'state' });
    return null;
  }
  if (input.state === undefined) throw invalid('请选择账户类型（state）', { field: 'state' });
  return [input.state];
}

async function boardFilter(deps: BoardDeps, actor: Actor, input: BoardCardInput | BoardListInput): Promise<FactFilter> {
  return {
    customers: await customersOf(deps.db, actor, input.customerid),
    channels: boardChannels(input),
    shops: input.platform ?? null,
    advertiserId: input.advertiser_id,
  };
}

/** Every bucket of the period with its sums (zero where nothing happened). */
async function seriesOf(
  deps: BoardDeps,
  period: Period,
  filter: FactFilter,
  granularity: Granularity,
): Promise<Array<{ ts: number; sums: Sums }>> {
  const groups = await sumsBy(deps.db, period.current, filter, 'bucket', { granularity });
  const byTs = new Map([...groups.values()].map((r) => [Number(r.k1), r.sums]));
  return bucketsOf(period.current, granularity).map((ts) => ({ ts, sums: byTs.get(ts) ?? ZERO_SUMS }));
}

/** Metrics, the previous period, and the trend in hours (one day) or days (longer), every bucket present. */
export async function cardOf(
  deps: BoardDeps,
  period: Period,
  filter: FactFilter,
  granularity: Granularity = period.granularity,
): Promise<BoardCard> {
  const series = await seriesOf(deps, period, filter, granularity);
  // Totals from the daily facts (plus today's hours): an old day's hours may be gone (docs/data-lifecycle.md).
  const now =
    granularity === 'day' ? series.reduce((t, p) => addSums(t, p.sums), ZERO_SUMS) : await totalOf(deps.db, period.current, filter);
  const before = await totalOf(deps.db, period.previous, filter);
  return {
    period: { ...periodView(period), granularity },
    accounts: await activeAccounts(deps.db, filter.customers, filter.channels),
    ...compared(now, before),
    series: series.map((p) => ({ time: bucketLabel(p.ts, granularity), ts: p.ts, metrics: toWire(metricsOf(p.sums)) })),
  };
}

export async function boardCard(deps: BoardDeps, actor: Actor, input: BoardCardInput): Promise<BoardCard> {
  const filter = await boardFilter(deps, actor, input);
  return cardOf(deps, resolvePeriod(input.start, input.end, nowOf(deps)), filter, input.method);
}

interface ListRow {
  key: string;
  name: string;
  ts?: number;
  sums: Sums;
}

async function listRows(
  deps: BoardDeps,
  period: Period,
  filter: FactFilter,
  method: BoardListInput['method'],
): Promise<{ rows: ListRow[]; total: Sums }> {
  if (method === 'hour' || method === 'day') {
    const series = await seriesOf(deps, period, filter, method);
    const rows = series.map((p) => ({ key: String(p.ts), name: bucketLabel(p.ts, method), ts: p.ts, sums: p.sums }));
    return { rows, total: rows.reduce((t, r) => addSums(t, r.sums), ZERO_SUMS) };
  }
  const groups = await sumsBy(deps.db, period.current, filter, method);
  const list = [...groups.values()];
  const total = sumAll(groups);
  if (method === 'channel')
    return { rows: list.filter((r) => r.k1 !== '0').map((r) => ({ key: r.k1, name: channelLabel(Number(r.k1)), sums: r.sums })), total };
  if (method === 'customer') {
    const names = await customerNames(
      deps.db,
      list.map((r) => Number(r.k1)),
    );
    return { rows: list.map((r) => ({ key: r.k1, name: names.get(Number(r.k1)) ?? `客户 ${r.k1}`, sums: r.sums })), total };
  }
  const advertisers = list.filter((r) => r.k2 !== '');
  const names = await advertiserNames(
    deps.db,
    advertisers.map((r) => ({ channel: Number(r.k1), advertiserId: r.k2 })),
  );
  return { rows: advertisers.map((r) => ({ key: `${r.k1}:${r.k2}`, name: names.get(`${r.k1}:${r.k2}`) || r.k2, sums: r.sums })), total };
}

export async function boardList(deps: BoardDeps, actor: Actor, input: BoardListInput): Promise<BoardList> {
  const filter = await boardFilter(deps, actor, input);
  const period = resolvePeriod(input.start, input.end, nowOf(deps));
  const { rows, total } = await listRows(deps, period, filter, input.method);
  const [field, order] = sortOf(input, input.method === 'hour' || input.method === 'day');
  const ranked = rankRows(
    rows.map((r) => ({ ...r, metrics: metricsOf(r.sums) })),
    field,
    order,
  );
  return {
    period: periodView(period),
    list: pageOf(ranked, input.page, input.pagesize).map((r) => ({ key: r.key, label: r.name, metrics: toWire(r.metrics) })),
    total: ranked.length,
    totals: toWire(metricsOf(total)),
  };
}

/** `type` → the China days it names (0: the start and end given). */
export function datesOfType(type: number, start: string | undefined, end: string | undefined, now: number): [string, string] {
  if (type === 0) {
    if (!start) throw invalid('自定义时段（type 0）请填写开始日期', { field: 'start' });
    if (!end) throw invalid('自定义时段（type 0）请填写结束日期', { field: 'end' });
    return [start, end];
  }
  const preset = PERIOD_PRESETS[type - 1];
  if (!preset) throw invalid('type 只能是 0–8', { field: 'type' });
  return presetDates(preset, now);
}

/** The old data board's cards: totals of the period with its previous period, and the same per channel. */
export async function indexBoard(deps: BoardDeps, actor: Actor, input: IndexBoardInput): Promise<IndexBoard> {
  const now = nowOf(deps);
  const filter: FactFilter = {
    customers: await customersOf(deps.db, actor, input.customerid),
    channels: input.social === undefined ? null : [input.social],
    shops: input.platform ?? null,
    advertiserId: input.advertiser_id,
  };
  const period = resolvePeriod(...datesOfType(input.type, input.start, input.end, now), now);
  const cur = await sumsBy(deps.db, period.current, filter, 'channel');
  const prev = await sumsBy(deps.db, period.previous, filter, 'channel');
  const channels = [...new Set([...cur.values(), ...prev.values()].map((r) => Number(r.k1)))]
    .filter((c) => c > 0)
    .sort((a, b) => a - b)
    .map((channel) => ({
      channel,
      name: channelLabel(channel),
      ...compared(cur.get(`${channel}\u0001`)?.sums ?? ZERO_SUMS, prev.get(`${channel}\u0001`)?.sums ?? ZERO_SUMS),
    }));
  const accounts = await activeAccounts(deps.db, filter.customers, filter.channels);
  return { period: periodView(period), accounts, ...compared(sumAll(cur), sumAll(prev)), channels };
}
