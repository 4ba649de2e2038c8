/**
 * The read model's SQL: sums of the hourly or daily facts of one source — ad report facts (`ad_facts_*`, written by
 * ads), attributed order facts (`order_facts_*`, written by orders) or our monitor's link rollups (`rollup_*`,
 * written by tracking) — over one part of a span, narrowed by a filter and grouped by any key parts. Nothing here
 * reads raw events or raw orders. Built from `sql` fragments because the table (hour or day), the filter and the
 * grouping vary; every value is a bound parameter.
 */
import { type RawBuilder, sql } from 'kysely';
import { engineOf } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { adDayTable, adHourTable, type CutDay, orderDayTable, rollupDayTable } from './days.ts';
import { rollupCustomers } from './every-customer.ts';

export type Source = 'ad' | 'order' | 'rollup';

/** One part of a span read from one table: whole China days from the daily facts, the rest from the hourly facts. */
export interface FactPart {
  grain: 'hour' | 'day';
  /** [from, to), epoch seconds at bucket starts. */
  from: number;
  to: number;
  /** Ad facts of whole days whose last day is cut inside it: read from its daily rows (facts/days.ts `cutDay`). */
  cut?: CutDay;
}

/** An advertiser account: its channel (account type) and id. */
export interface AccountRef {
  channel: number;
  advertiser_id: string;
}

/** What the sums are narrowed to; absent or null = no narrowing. The tenant scope is `customers` and `accounts`. */
export interface FactFilter {
  /** Customers whose facts count; null = every customer (admins). */
  customers: readonly number[] | null;
  /** Only facts of these advertiser accounts (UDSmart); [] matches nothing. */
  accounts?: readonly AccountRef[] | null;
  /** Ad channel codes (`ad_facts.platform`, `order_facts.channel`, the link's `state` for rollups). */
  channels?: readonly number[] | null;
  /** Shop platforms of the promotion link (`links.platform`, by pageid). */
  shops?: readonly number[] | null;
  advertiserId?: string;
  campaignId?: string;
  planId?: string;
  /** Only facts of these plans (ids within the channels asked: group by channel or narrow to one); [] matches nothing. */
  planIds?: readonly string[];
  /** Only facts of these promotion links; [] matches nothing. */
  pageids?: readonly string[];
  /** The item: a link's item for ad facts and rollups, the item bought for orders. */
  itemId?: string;
}

/**
 * What rows are grouped by. `advertiser`, `campaign` and `plan` are ids within a channel: group by `channel` too.
 * `bucket` is the part's hour or day start.
 */
export type KeyPart = 'bucket' | 'channel' | 'customer' | 'advertiser' | 'campaign' | 'plan' | 'link' | 'item';

const TABLES: Record<Source, Record<FactPart['grain'], string>> = {
  ad: { hour: 'ad_facts_hourly', day: 'ad_facts_daily' },
  order: { hour: 'order_facts_hourly', day: 'order_facts_daily' },
  rollup: { hour: 'rollup_hourly', day: 'rollup_daily' },
};

/** Each key part's column in each source; null = the source has no such column (the caller folds it from the link). */
const COLUMNS: Record<Source, Record<Exclude<KeyPart, 'bucket'>, string | null>> = {
  ad: {
    channel: 'f.platform',
    customer: 'f.customerid',
    advertiser: 'f.advertiser_id',
    campaign: 'f.campaign_id',
    plan: 'f.plan_id',
    link: 'f.pageid',
    item: null,
  },
  order: {
    channel: 'f.channel',
    customer: 'f.customerid',
    advertiser: 'f.advertiser_id',
    campaign: 'f.campaign_id',
    plan: 'f.plan_id',
    link: 'f.pageid',
    item: 'f.item_id',
  },
  rollup: { channel: null, customer: 'f.customerid', advertiser: 'f.adv', campaign: null, plan: 'f.aid', link: 'f.pageid', item: null },
};

/** Key parts a source answers itself; the others of `item` and `channel` come from the fact's link. */
export const nativeParts = (source: Source, parts: readonly KeyPart[]): boolean =>
  parts.every((p) => p === 'bucket' || COLUMNS[source][p] !== null);

/** Whether PostgreSQL groups a time series by the bucket alone (always, in the product; off in benchmarks only). */
export const bucketGroups = { on: true };

const ref = (column: string): RawBuilder<unknown> => sql.ref(column);
const text = (column: string): RawBuilder<unknown> => sql`cast(${ref(column)} as text)`;
const inList = (column: string, values: readonly (number | string)[]): RawBuilder<unknown> =>
  values.length === 0 ? sql`1 = 0` : sql`${ref(column)} in (${sql.join(values.map((v) => sql`${v}`))})`;

/** `f.pageid in (the links that …)`: a subquery evaluated once as a set, no per-row join. */
const linksWhere = (column: 'platform' | 'itemid' | 'state', values: readonly (number | string)[]): RawBuilder<unknown> =>
  values.length === 0 ? sql`1 = 0` : sql`f.pageid in (select l.pageid from links l where ${inList(`l.${column}`, values)})`;

/** `(channel = c and advertiser_id in (…)) or …` for a set of accounts; false for none. */
function accountsWhere(source: Source, accounts: readonly AccountRef[]): RawBuilder<unknown> {
  const byChannel = new Map<number, string[]>();
  for (const a of accounts) byChannel.set(a.channel, [...(byChannel.get(a.channel) ?? []), a.advertiser_id]);
  if (byChannel.size === 0) return sql`1 = 0`;
  const c = COLUMNS[source];
  const one = ([channel, ids]: [number, string[]]) =>
    c.channel
      ? sql`(${ref(c.channel)} = ${channel} and ${inList(c.advertiser as string, ids)})`
      : sql`(${linksWhere('state', [channel])} and ${inList(c.advertiser as string, ids)})`;
  return sql`(${sql.join([...byChannel].map(one), sql` or `)})`;
}

function conditions(source: Source, part: FactPart, f: FactFilter): RawBuilder<unknown>[] {
  const c = COLUMNS[source];
  const bucket = ref(`f.${part.grain}`);
  const out: RawBuilder<unknown>[] = [sql`${bucket} >= ${part.from}`, sql`${bucket} < ${part.to}`];
  if (f.customers) out.push(inList('f.customerid', f.customers));
  if (f.accounts) out.push(accountsWhere(source, f.accounts));
  if (f.channels) out.push(c.channel ? inList(c.channel, f.channels) : linksWhere('state', f.channels));
  if (f.shops) out.push(linksWhere('platform', f.shops));
  const eq = (column: string | null, value: string) => (column ? sql`${ref(column)} = ${value}` : sql`1 = 0`);
  if (f.advertiserId !== undefined) out.push(eq(c.advertiser, f.advertiserId));
  if (f.campaignId !== undefined) out.push(eq(c.campaign, f.campaignId));
  if (f.planId !== undefined) out.push(eq(c.plan, f.planId));
  if (f.planIds) out.push(c.plan ? inList(c.plan, f.planIds) : sql`1 = 0`);
  if (f.pageids) out.push(inList('f.pageid', f.pageids));
  if (f.itemId !== undefined) out.push(c.item ? sql`${ref(c.item)} = ${f.itemId}` : linksWhere('itemid', [f.itemId]));
  return out;
}

const SUMS: Record<Source, RawBuilder<unknown>> = {
  ad: sql`coalesce(sum(f.cost_fen), 0) as a, coalesce(sum(f.shows), 0) as b, coalesce(sum(f.clicks), 0) as c, coalesce(sum(f.conversions), 0) as d, 0 as e`,
  order: sql`coalesce(sum(f.orders), 0) as a, coalesce(sum(f.order_fen), 0) as b, coalesce(sum(f.paid_orders), 0) as c, coalesce(sum(f.paid_fen), 0) as d, coalesce(sum(f.commission_fen), 0) as e`,
  rollup: sql`coalesce(sum(f.visits), 0) as a, coalesce(sum(f.shows), 0) as b, coalesce(sum(f.clicks), 0) as c, coalesce(sum(f.invalid_clicks), 0) as d, 0 as e`,
};

/** The result columns of a row's key parts, `k0` … (named once, not per row and part: an admin's read is 10 000 rows). */
const KEY_NAMES = Array.from({ length: 8 }, (_, i) => `k${i}`);
export const keyNames = (n: number): string[] => KEY_NAMES.slice(0, n);

/** A grouped row: the key parts' values as text (in the order asked), the group's customer (max), five sums. */
export interface PartRow {
  key: string[];
  customerid: number;
  sums: [number, number, number, number, number];
}

/**
 * Sums of one source over one part, grouped by `parts` (each a column the source has: check `nativeParts`).
 * ad: cost fen, shows, clicks, conversions; order: orders, order fen, paid orders, paid fen, commission fen;
 * rollup: visits, shows, clicks (our monitor's, valid), invalid clicks (tracking/verdict/).
 */
export async function partSums(
  db: Executor,
  source: Source,
  part: FactPart,
  asked: FactFilter,
  parts: readonly KeyPart[],
): Promise<PartRow[]> {
  if (part.to <= part.from || asked.customers?.length === 0 || asked.channels?.length === 0 || asked.accounts?.length === 0) return [];
  if (asked.pageids?.length === 0 || asked.shops?.length === 0 || asked.planIds?.length === 0) return [];
  // every customer's rollups: the customers that have rollups, each a range of the covering index (every-customer.ts)
  const every = source === 'rollup' && asked.customers === null ? await rollupCustomers(db, part.grain) : null;
  if (every?.length === 0) return [];
  const f: FactFilter = every ? { ...asked, customers: every } : asked;
  const columns = parts.map((p) => (p === 'bucket' ? `f.${part.grain}` : (COLUMNS[source][p] as string)));
  const keys = columns.map(text);
  const select = keys.length ? sql.join(keys.map((k, i) => sql`${k} as ${sql.ref(`k${i}`)}`)) : sql`'' as k0`;
  // Time buckets per customer on SQLite: the covering index (customerid, day, …) hands rows over in group order, so
  // SQLite aggregates as it reads instead of sorting (an agent's 90 days: 51 → 26 ms); the caller adds the customers
  // up. PostgreSQL hashes the groups whatever their order: by the bucket alone it makes and sends one row per bucket
  // instead of one per customer and bucket (an admin's 90 days of per-customer days: 8 900 rows → 89).
  // Other groups are by the columns themselves, not their text: the sort compares stored values instead of casting
  // each row (an agent's plan list: 10–20 % of each read); rows of one text key are added up by the caller anyway.
  const bucket = ref(`f.${part.grain}`);
  const group =
    parts.length === 0
      ? sql``
      : parts.length === 1 && parts[0] === 'bucket'
        ? bucketGroups.on && engineOf(db) === 'postgres'
          ? sql`group by ${bucket}`
          : sql`group by f.customerid, ${bucket}`
        : sql`group by ${sql.join(columns.map(ref))}`;
  // Whole days of ad facts: per account, customer and day, or blocks of days plus edge days; of order facts: per
  // account, customer and day; of rollups: blocks plus edge days; hours of ad facts: per account, customer and hour
  // (facts/days.ts).
  const table =
    part.grain === 'day' && source === 'ad'
      ? adDayTable(part.from, part.to, parts, f, part.cut)
      : part.grain === 'day' && source === 'rollup'
        ? rollupDayTable(part.from, part.to, parts)
        : part.grain === 'day' && source === 'order'
          ? orderDayTable(parts, f)
          : source === 'ad'
            ? adHourTable(parts, f)
            : sql.table(TABLES[source][part.grain]);
  const query = sql<Record<string, string | number | null>>`select ${select}, max(f.customerid) as customerid, ${SUMS[source]}
    from ${table} f
    where ${sql.join(conditions(source, part, f), sql` and `)} ${group}`;
  const { rows } = await query.execute(db);
  const names = keyNames(parts.length);
  return rows.map((r) => ({
    key: names.map((n) => (r[n] === null ? '' : String(r[n]))),
    customerid: Number(r.customerid ?? 0),
    sums: [Number(r.a), Number(r.b), Number(r.c), Number(r.d), Number(r.e)],
  }));
}
