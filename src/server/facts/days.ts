/**
 * Whole China days of ad facts, read from the fewest rows that answer: per account, customer and day
 * (`ad_customer_days`, ads/customer-days.ts) when the read groups and narrows only by what those rows keep (the
 * boards' day series, totals and lists by channel, customer or account); else, for sums not grouped by day, the span's
 * edge days from `ad_facts_daily` and the aligned blocks of 8 and 64 days inside it from `ad_facts_blocks`
 * (ads/blocks.ts), one `union all` branch per piece so that each branch is an index range and the reader's conditions
 * reach every branch (same columns as the daily facts, `day` being a block's first day); else the daily facts.
 */
import { type RawBuilder, sql } from 'kysely';
import { dayPieces } from '../ads/blocks.ts';
import type { AdFactsBlocksTable } from '../ads/tables.ts';
import type { FactFilter, KeyPart } from './query.ts';

/** A row of the source: a daily row, or a block's sums with its first day as `day`. */
export type AdDayRow = Omit<AdFactsBlocksTable, 'days'>;

const COLUMNS = sql.raw('platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions');

/**
 * Whether whole days are read from the blocks and the per-customer days (always, in the product). Only the boards
 * benchmark turns them off, to time the same database without them in the same run (bench/README.md "Boards").
 */
export const dayBlocks = { on: true };
export const customerDays = { on: true };

/** `(select … union all select …)` over the whole days [from, to); use as `from ${adDays(…)} f`. */
export function adDays(from: number, to: number): RawBuilder<AdDayRow> {
  const pieces = dayBlocks.on ? dayPieces(from, to) : dayPieces(from, to, []);
  if (pieces.length === 0) return sql<AdDayRow>`(select ${COLUMNS} from ad_facts_daily where 1 = 0)`;
  const branches = pieces.map((p) =>
    p.len === 1
      ? sql`select ${COLUMNS} from ad_facts_daily where day >= ${p.from} and day < ${p.to}`
      : sql`select ${COLUMNS} from ad_facts_blocks where days = ${p.len} and day >= ${p.from} and day < ${p.to}`,
  );
  return sql<AdDayRow>`(${sql.join(branches, sql` union all `)})`;
}

/** What `ad_customer_days` keeps besides the day: channel (`platform`), account and customer. */
const CUSTOMER_DAY_PARTS: ReadonlySet<KeyPart> = new Set(['bucket', 'channel', 'customer', 'advertiser']);

/** Whether a read of whole days grouped by `parts` and narrowed by `f` is answered by `ad_customer_days`. */
export function byCustomerDays(parts: readonly KeyPart[], f: FactFilter): boolean {
  if (!customerDays.on || !parts.every((p) => CUSTOMER_DAY_PARTS.has(p))) return false;
  const unkept = [f.shops, f.campaignId, f.planId, f.planIds, f.pageids, f.itemId];
  return unkept.every((v) => v === undefined || v === null);
}

/** The table a read of whole days of ad facts takes its rows from (alias it `f`). */
export function adDayTable(from: number, to: number, parts: readonly KeyPart[], f: FactFilter): RawBuilder<unknown> {
  if (byCustomerDays(parts, f)) return sql.table('ad_customer_days');
  return parts.includes('bucket') ? sql.table('ad_facts_daily') : adDays(from, to);
}
