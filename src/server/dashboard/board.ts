/**
 * `/napi/board/card`, `/napi/board/list` (the ver2 overview) and `/api/index/board` (the old data board): totals
 * with the previous period of the same length, trends, and lists per time bucket, channel, customer or advertiser.
 */
import { channelLabel } from '../../shared/catalog.ts';
import type { BoardCard, BoardCardInput, BoardList, BoardListInput, IndexBoard, IndexBoardInput } from '../../shared/dashboard.ts';
import { addSums, metricsOf, type Sums, toWire, ZERO_SUMS } from '../../shared/metrics.ts';
import { bucketLabel, bucketsOf, type Granularity, PERIOD_PRESETS, type Period, presetDates } from '../../shared/periods.ts';
import type { Deps } from '../deps.ts';
import { activeAccounts, advertiserLabel, advertiserNames, customerNames } from '../facts/names.ts';
import type { FactFilter } from '../facts/query.ts';
import { customersOf } from '../facts/scope.ts';
import { type FactRow, sumOfRows, sumsBy, totalOf } from '../facts/sums.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { previousSumsBy, previousTotal } from './previous.ts';
import { compared, pageOf, periodView, rankRows, resolvePeriod, sortOf } from './ranking.ts';

export type BoardDeps = Pick<Deps, 'db' | 'clock'>;
export const nowOf = (deps: BoardDeps): number => deps.clock.now();
/** Every group of a sum added up: the total of the span. */
export const sumAll = (groups: Map<string, FactRow>): Sums => sumOfRows(groups.values());

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
  const groups = await sumsBy(deps.db, period.current, filter, ['bucket'], { granularity });
  const byTs = new Map([...groups.values()].map((r) => [Number(r.key[0]), r.sums]));
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
    granularity === 'day' ? series.reduce((t, p) => addSums(t, p.sums), ZERO_SUMS) : (await totalOf(deps.db, period.current, filter)).sums;
  const before = await previousTotal(deps.db, period, filter);
  return {
    period: { ...periodView(period), granularity },
    accounts: await activeAccounts(deps.db, filter.customers, filter.channels ?? null),
    ...compared(now, before, period.comparable),
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
  const parts =
    method === 'channel' ? (['channel'] as const) : method === 'customer' ? (['customer'] as const) : (['channel', 'advertiser'] as const);
  const groups = await sumsBy(deps.db, period.current, filter, parts);
  const list = [...groups.values()];
  const total = sumAll(groups);
  if (method === 'channel')
    return { rows: list.map((r) => ({ key: r.key[0]!, name: channelLabel(Number(r.key[0]), '未知渠道'), sums: r.sums })), total };
  if (method === 'customer') {
    const names = await customerNames(
      deps.db,
      list.map((r) => Number(r.key[0])),
    );
    return { rows: list.map((r) => ({ key: r.key[0]!, name: names.get(Number(r.key[0])) ?? `客户 ${r.key[0]}`, sums: r.sums })), total };
  }
  const names = await advertiserNames(
    deps.db,
    list.map((r) => ({ channel: Number(r.key[0]), advertiserId: r.key[1]! })),
  );
  const rows = list.map((r) => {
    const [channel, id] = r.key as [string, string];
    return { key: `${channel}:${id}`, name: advertiserLabel(id, names.get(`${channel}:${id}`)), sums: r.sums };
  });
  return { rows, total };
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
  const cur = await sumsBy(deps.db, period.current, filter, ['channel']);
  const prev = await previousSumsBy(deps.db, period, filter, ['channel']);
  // every channel with facts, 0 (orders of a link without an ad channel) too: the rows add up to the cards
  const channels = [...new Set([...cur.values(), ...prev.values()].map((r) => Number(r.key[0])))]
    .sort((a, b) => (a || 99) - (b || 99))
    .map((channel) => ({
      channel,
      name: channelLabel(channel, '未知渠道'),
      ...compared(cur.get(String(channel))?.sums ?? ZERO_SUMS, prev.get(String(channel))?.sums ?? ZERO_SUMS, period.comparable),
    }));
  const accounts = await activeAccounts(deps.db, filter.customers, filter.channels ?? null);
  // the previous total weighted as one (as the card weighs it), not as the sum of the channels' rounded weights
  const before = await previousTotal(deps.db, period, filter);
  return { period: periodView(period), accounts, ...compared(sumAll(cur), before, period.comparable), channels };
}
