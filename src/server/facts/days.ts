/**
 * Whole China days of ad facts, read from the fewest rows that answer: per account, customer and day
 * (`ad_customer_days`, ads/customer-days.ts; of order facts `order_customer_days`, orders/customer-days.ts) when the
 * read groups and narrows only by what those rows keep (the boards' day series, totals and lists by channel, customer
 * or account); else, for sums not grouped by day, the span's
 * edge days from `ad_facts_daily` and the aligned blocks of 2 to 64 days inside it from `ad_facts_blocks`
 * (ads/blocks.ts), one `union all` branch per piece so that each branch is an index range and the reader's conditions
 * reach every branch (same columns as the daily facts, `day` being a block's first day); else the daily facts. Whole
 * days of our monitor's link rollups likewise, from their own blocks (`rollupDayTable`). Hours of ad facts likewise
 * per account, customer and hour (`ad_customer_hours`, ads/customer-hours.ts: `adHourTable`).
 */
import { type RawBuilder, sql } from 'kysely';
import { BLOCK_DAYS, type DayPiece, dayPieces, ROLLUP_BLOCK_DAYS } from '../ads/blocks.ts';
import type { AdFactsBlocksTable } from '../ads/tables.ts';
import type { Executor } from '../kernel/executor.ts';
import type { FactFilter, KeyPart } from './query.ts';

/** A row of the source: a daily row, or a block's sums with its first day as `day`. */
export type AdDayRow = Omit<AdFactsBlocksTable, 'days'>;

const COLUMNS = sql.raw('platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions');
const HOUR_AS_DAY = (day: number) =>
  sql`platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${sql.lit(day)} as day, cost_fen, shows, clicks, conversions`;
const DAY = 86_400;

/**
 * Whether whole days are read from the blocks and the per-customer days (always, in the product). Only the boards
 * benchmark turns them off, to time the same database without them in the same run (bench/README.md "Boards").
 */
export const dayBlocks = { on: true, oneEdgeBranch: true };
/** Whether whole days read the blocks of every length (always, in the product); off: 0060's 8 and 64 days only (benchmarks). */
export const blockLengths = { on: true };
const OLD_LENGTHS = [64, 8] as const;
export const customerDays = { on: true };
/** Whether whole days of order facts read `order_customer_days` where they can (always, in the product; off in benchmarks only). */
export const orderCustomerDays = { on: true };
/** Whether whole days of our monitor's link rollups are read from their blocks (`rollup_blocks`); off in benchmarks only. */
export const rollupBlocks = { on: true };

/**
 * The last day of a read cut inside it (today up to the end of the current hour): its daily rows answer it, but for
 * the plans in `hours`, whose daily row is not known to equal their hours up to `until` (`ad_facts_daily.exact_to`:
 * hours after `until`, hours of two customers, campaigns, links or accounts, or a row written before 0072) — those
 * are read from their hours. ~1 row per plan instead of one per plan and hour (an agent's plan list: 2 000 daily rows
 * instead of 16 000 hourly ones).
 */
export interface CutDay {
  day: number;
  until: number;
  hours: readonly PlanKey[];
}
export interface PlanKey {
  platform: number;
  plan_id: string;
}

/** Beyond this many plans read from their hours, the cut day is read from the hours alone (one index range). */
export const CUT_DAY_MAX_EXCEPTIONS = 100;
/** Whether a day cut inside it is read from its daily rows (always, in the product; off in benchmarks only). */
export const cutDays = { on: true };

/**
 * The day [day, day + 1 day) read up to `until` from its daily rows, when at most CUT_DAY_MAX_EXCEPTIONS plans need
 * their hours; null = read the hours (a past day cut at an hour: every plan's row holds later hours).
 */
export async function cutDay(db: Executor, day: number, until: number): Promise<CutDay | null> {
  if (!cutDays.on) return null;
  const { rows } = await sql<{ platform: number | string; plan_id: string }>`select platform, plan_id from ad_facts_daily
    where day = ${day} and (exact_to = 0 or exact_to > ${until}) limit ${CUT_DAY_MAX_EXCEPTIONS + 1}`.execute(db);
  if (rows.length > CUT_DAY_MAX_EXCEPTIONS) return null;
  return { day, until, hours: rows.map((r) => ({ platform: Number(r.platform), plan_id: r.plan_id })) };
}

/** `(platform, plan_id) in (values …)` of a set of plans (typed for PostgreSQL's row comparison). */
const plansIn = (plans: readonly PlanKey[]): RawBuilder<unknown> =>
  sql`(platform, plan_id) in (values ${sql.join(plans.map((p) => sql`(cast(${p.platform} as integer), cast(${p.plan_id} as text))`))})`;

/** The cut day's branches: its daily rows but the excepted plans', and those plans' hours before `until` (as that day). */
function cutDayBranches(c: CutDay): RawBuilder<unknown>[] {
  const daily = sql`select ${COLUMNS} from ad_facts_daily where day >= ${c.day} and day < ${c.day + DAY}`;
  if (c.hours.length === 0) return [daily];
  return [
    sql`${daily} and not ${plansIn(c.hours)}`,
    sql`select ${HOUR_AS_DAY(c.day)} from ad_facts_hourly where hour >= ${c.day} and hour < ${c.until} and ${plansIn(c.hours)}`,
  ];
}

/**
 * `(select … union all select …)` over the whole days [from, to); use as `from ${adDays(…)} f`. `everyCustomer`: the
 * reader narrows by no customer, so each daily branch is a scan of the whole table (there is no index led by the day):
 * the edge days are then one branch (`day in [a, b) or day in [c, d)`), one scan instead of one per edge. A reader of
 * some customers keeps a branch per edge: each is a range of the (customerid, day) index.
 */
export function adDays(from: number, to: number, everyCustomer = false, cut?: CutDay): RawBuilder<AdDayRow> {
  // a cut day (the last) is its own branches, never inside a block: a block row holds its whole daily rows
  const lens = !dayBlocks.on ? [] : blockLengths.on ? BLOCK_DAYS : OLD_LENGTHS;
  const pieces = dayPieces(from, cut ? cut.day : to, lens);
  const edges = pieces.filter((p) => p.len === 1);
  const daily = (ps: DayPiece[]) =>
    sql`select ${COLUMNS} from ad_facts_daily where ${sql.join(
      ps.map((p) => sql`(day >= ${p.from} and day < ${p.to})`),
      sql` or `,
    )}`;
  const oneEdge = everyCustomer && dayBlocks.oneEdgeBranch && edges.length > 1;
  const branches = [
    ...(oneEdge ? [daily(edges)] : []),
    ...pieces
      .filter((p) => !(oneEdge && p.len === 1))
      .map((p) =>
        p.len === 1 ? daily([p]) : sql`select ${COLUMNS} from ad_facts_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to}`,
      ),
    ...(cut ? cutDayBranches(cut) : []),
  ];
  if (branches.length === 0) return sql<AdDayRow>`(select ${COLUMNS} from ad_facts_daily where 1 = 0)`;
  return sql<AdDayRow>`(${sql.join(branches, sql` union all `)})`;
}

/** What `ad_customer_days` and `ad_customer_hours` keep besides the day or hour: channel (`platform`), account and customer. */
const CUSTOMER_DAY_PARTS: ReadonlySet<KeyPart> = new Set(['bucket', 'channel', 'customer', 'advertiser']);

/** Whether a read grouped by `parts` and narrowed by `f` groups and narrows only by what the per-customer rows keep. */
export function byCustomerRows(parts: readonly KeyPart[], f: FactFilter): boolean {
  if (!parts.every((p) => CUSTOMER_DAY_PARTS.has(p))) return false;
  const unkept = [f.shops, f.campaignId, f.planId, f.planIds, f.pageids, f.itemId];
  return unkept.every((v) => v === undefined || v === null);
}

/** Whether a read of whole days grouped by `parts` and narrowed by `f` is answered by `ad_customer_days`. */
export const byCustomerDays = (parts: readonly KeyPart[], f: FactFilter): boolean => customerDays.on && byCustomerRows(parts, f);

/** Whether hours of ad facts are read from `ad_customer_hours` where they can (always, in the product; off in benchmarks only). */
export const customerHours = { on: true };

/**
 * The table a read of hours of ad facts takes its rows from (alias it `f`): per account, customer and hour
 * (`ad_customer_hours`, ads/customer-hours.ts) when the read groups and narrows only by what those rows keep (a board's
 * hourly series and totals of part of a day), as for whole days; else the hourly facts.
 */
export const adHourTable = (parts: readonly KeyPart[], f: FactFilter): RawBuilder<unknown> =>
  sql.table(customerHours.on && byCustomerRows(parts, f) ? 'ad_customer_hours' : 'ad_facts_hourly');

/** The table a read of whole days of ad facts takes its rows from (alias it `f`). */
export function adDayTable(from: number, to: number, parts: readonly KeyPart[], f: FactFilter, cut?: CutDay): RawBuilder<unknown> {
  if (cut) return adDays(from, to, f.customers === null, cut);
  if (byCustomerDays(parts, f)) return sql.table('ad_customer_days');
  return parts.includes('bucket') ? sql.table('ad_facts_daily') : adDays(from, to, f.customers === null);
}

/**
 * The table a read of whole days of order facts takes its rows from (alias it `f`): per account, customer and day
 * (`order_customer_days`, orders/customer-days.ts) when the read groups and narrows only by what those rows keep, as
 * for the ad facts; else the daily facts.
 */
export const orderDayTable = (parts: readonly KeyPart[], f: FactFilter): RawBuilder<unknown> =>
  sql.table(orderCustomerDays.on && byCustomerDays(parts, f) ? 'order_customer_days' : 'order_facts_daily');

/** A row of the rollups' source: a daily rollup row, or a block's counts with its first day as `day`. */
const ROLLUP_COLUMNS = sql.raw('pageid, adv, aid, customerid, day, shows, clicks, visits, invalid_clicks');

/**
 * The table a read of whole days [from, to) of the link rollups takes its rows from (alias it `f`): for sums not grouped
 * by day, the edge days from `rollup_daily` and the aligned blocks inside from `rollup_blocks` (tracking/rollup-blocks.ts),
 * one `union all` branch per piece, each a range of its (customerid, …) index; else the daily rollups.
 */
export function rollupDayTable(from: number, to: number, parts: readonly KeyPart[]): RawBuilder<unknown> {
  const pieces = dayPieces(from, to, ROLLUP_BLOCK_DAYS);
  if (!rollupBlocks.on || parts.includes('bucket') || !pieces.some((p) => p.len > 1)) return sql.table('rollup_daily');
  const branches = pieces.map((p) =>
    p.len === 1
      ? sql`select ${ROLLUP_COLUMNS} from rollup_daily where day >= ${p.from} and day < ${p.to}`
      : sql`select ${ROLLUP_COLUMNS} from rollup_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to}`,
  );
  return sql`(${sql.join(branches, sql` union all `)})`;
}
