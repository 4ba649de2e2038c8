/**
 * The writes of one ingest batch (ingest.ts writeOrders): new orders, their status log, the order facts' changes, the
 * postbacks queued, and the changed orders' new columns. On PostgreSQL all of a batch's writes are ONE statement
 * (`writeBatch`: a data-modifying `with` per table, one round trip instead of five) whose rows are one array per column
 * (`unnestRows`, db/dialect.ts): a multi-row VALUES list bound 25 500 values the query builder compiled and PostgreSQL
 * parsed and planned one by one, and JSON had to be lexed (bench/README.md "PostgreSQL ingest, second pass" and
 * "fourth pass"). On SQLite each table is one statement per 500 rows: inserts bind each value in a VALUES list
 * (`insertRows`, db/dialect.ts: no JSON text built and parsed, bench/README.md "SQLite order ingest: bound values"), the
 * changed orders come as one JSON value (`jsonRows`).
 */
import { type RawBuilder, sql } from 'kysely';
import { ORDER_PERIOD_CONFLICT, type OrderPeriodRow, orderWatermark, PERIOD_SUM_KEY, periodChanges } from '../ads/plan-period-sums.ts';
import { type Engine, insertRows, type JsonColumn, jsonColumnNames, jsonRows, unnestRows } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
import { customerDayChanges } from './customer-days.ts';
import type { FactRow } from './model.ts';
import type { OrderFactsDailyTable, OrderStatusLogTable, OrdersTable, PostbacksTable } from './tables.ts';

/** An order row to write: every column but the id. */
export type OrderWrite = Omit<OrdersTable, 'id'>;
export type OrderUpdate = { id: number; row: Omit<OrderWrite, 'first_seen_at'> };
export type StatusLogWrite = Omit<OrderStatusLogTable, 'id'>;
/** A postback as queued: what a person settles later (in_doubt_at, settled_*, resolution) keeps its default. */
export type PostbackWrite = Omit<PostbacksTable, 'id' | 'in_doubt_at' | 'settled_by' | 'settled_at' | 'resolution'>;

const int = (name: string): JsonColumn => [name, 'int'];
const text = (name: string): JsonColumn => [name, 'text'];

/** Every column of `orders` but the id (tables.ts), as the JSON rows carry them. */
const ORDER_COLUMNS: readonly JsonColumn[] = [
  ...['union_name', 'order_id', 'parent_order_id', 'item_id', 'item_title', 'item_image'].map(text),
  int('item_num'),
  ...['shop_name', 'status', 'raw_status'].map(text),
  ...['presell', 'deposit_fen', 'order_fen', 'paid_fen', 'commission_fen', 'commission_bp'].map(int),
  ...['created_at', 'paid_at', 'deposit_paid_at', 'received_at', 'settled_at', 'refunded_at', 'click_at', 'modified_at'].map(int),
  ...['tracking', 'tracking_key', 'union_click', 'pageid'].map(text),
  ...['customerid', 'link_platform', 'link_isdirect'].map(int),
  ...['attribution_rule'].map(text),
  ...['visit_event_id', 'click_event_id'].map(int),
  text('click_ref'),
  int('channel'),
  ...['advertiser_id', 'campaign_id', 'plan_id', 'creative_id', 'callback', 'postback_state'].map(text),
  ...['first_seen_at', 'updated_at'].map(int),
];

/** The row's values in `columns` order; a missing value is an error (a column would be written empty). */
function valuesOf(columns: readonly JsonColumn[], row: object): unknown[] {
  return columns.map(([c]) => {
    const v = (row as Record<string, unknown>)[c];
    if (v === undefined || v === null) throw new Error(`orders batch: ${c} missing`);
    return v;
  });
}

/** How a table's rows reach the statement: `unnestRows` on PostgreSQL, `jsonRows` on SQLite (only the changed orders: `writeSqlite`). */
type Rows = (columns: readonly JsonColumn[], rows: readonly object[]) => RawBuilder<unknown>;
const rowsFor =
  (engine: Engine): Rows =>
  (columns, rows) =>
    engine === 'postgres'
      ? unnestRows(columns, rows)
      : jsonRows(
          engine,
          columns,
          rows.map((r) => valuesOf(columns, r)),
        );

function insertOrders(rowsOf: Rows, rows: OrderWrite[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into orders (${jsonColumnNames(ORDER_COLUMNS)}) ${rowsOf(ORDER_COLUMNS, rows)}`;
}

const UPDATE_COLUMNS: readonly JsonColumn[] = [int('id'), ...ORDER_COLUMNS.filter(([c]) => c !== 'first_seen_at')];
/**
 * The batch's postback state is the stored one as the batch read it, or 'pending' where the batch queues the
 * conversion (ingest.ts writeOrders: only from 'none'). Between that read and this write the postback worker may
 * have moved it on ('sent', 'failed', 'in_doubt': postback-store.ts), and a person may have settled it: the write
 * takes the batch's value only over a stored 'none', never back over the worker's.
 */
const UPDATE_SET = sql.raw(
  UPDATE_COLUMNS.slice(1)
    .map(([c]) =>
      c === 'postback_state' ? `"${c}" = case when orders."${c}" = 'none' then v."${c}" else orders."${c}" end` : `"${c}" = v."${c}"`,
    )
    .join(', '),
);

/** Changed orders, by id: every column but the first sight written as given, in one statement. */
function updateOrders(rowsOf: Rows, rows: OrderUpdate[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const values = rows.map(({ id, row }) => ({ ...row, id }));
  return sql`update orders set ${UPDATE_SET} from (${rowsOf(UPDATE_COLUMNS, values)}) as v where orders.id = v.id`;
}

const STATUS_LOG_COLUMNS: readonly JsonColumn[] = [
  ...['union_name', 'order_id', 'from_status', 'status', 'raw_status'].map(text),
  int('at'),
];

function insertStatusLog(rowsOf: Rows, rows: StatusLogWrite[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into order_status_log (${jsonColumnNames(STATUS_LOG_COLUMNS)}) ${rowsOf(STATUS_LOG_COLUMNS, rows)}`;
}

const FACT_KEY = ['customerid', 'pageid', 'item_id', 'channel', 'advertiser_id', 'campaign_id', 'plan_id'] as const;
const FACT_SUMS = ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'] as const;
const factColumns = (bucket: 'hour' | 'day'): JsonColumn[] => [
  int('customerid'),
  ...['pageid', 'item_id'].map(text),
  int('channel'),
  ...['advertiser_id', 'campaign_id', 'plan_id'].map(text),
  int(bucket),
  ...FACT_SUMS.map(int),
];

type FactTable = 'order_facts_hourly' | 'order_facts_daily';
/** A key taken: the row's sums added to the stored ones. */
const adding = (table: string, key: readonly string[]): string =>
  `on conflict (${key.join(', ')}) do update set ${FACT_SUMS.map((c) => `"${c}" = ${table}."${c}" + excluded."${c}"`).join(', ')}`;
const factConflict = (table: FactTable, bucket: 'hour' | 'day'): string => adding(table, [...FACT_KEY, bucket]);

/**
 * Add (or subtract) fact changes to one table: insert … on conflict do update, the same on SQLite and PostgreSQL. The
 * rows must have distinct keys (FactDelta's are).
 */
function addFacts(rowsOf: Rows, table: FactTable, bucket: 'hour' | 'day', rows: object[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const columns = factColumns(bucket);
  return sql`insert into ${sql.table(table)} (${jsonColumnNames(columns)}) ${rowsOf(columns, rows)} ${sql.raw(factConflict(table, bucket))}`;
}

/** `order_customer_days` (customer-days.ts): the daily changes added up per channel, account, day and customer. */
const CUSTOMER_DAY_COLUMNS: readonly JsonColumn[] = [
  int('channel'),
  text('advertiser_id'),
  int('day'),
  int('customerid'),
  ...FACT_SUMS.map(int),
];
const CUSTOMER_DAY_CONFLICT = adding('order_customer_days', ['channel', 'advertiser_id', 'day', 'customerid']);

function addCustomerDays(rowsOf: Rows, rows: object[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into order_customer_days (${jsonColumnNames(CUSTOMER_DAY_COLUMNS)}) ${rowsOf(CUSTOMER_DAY_COLUMNS, rows)} ${sql.raw(CUSTOMER_DAY_CONFLICT)}`;
}

/** `plan_period_sums`' order rows (ads/plan-period-sums.ts): the daily changes added up per period holding their day. */
const PERIOD_SUM_COLUMNS: readonly JsonColumn[] = [
  ...PERIOD_SUM_KEY.map((c) => (c === 'advertiser_id' || c === 'plan_id' ? text(c) : int(c))),
  ...FACT_SUMS.map(int),
];

function addPeriodSums(rowsOf: Rows, rows: object[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into plan_period_sums (${jsonColumnNames(PERIOD_SUM_COLUMNS)}) ${rowsOf(PERIOD_SUM_COLUMNS, rows)} ${sql.raw(ORDER_PERIOD_CONFLICT)}`;
}

/** The daily changes' rows of the preset periods, at the watermark read under its lock (none without daily changes). */
async function periodRows(db: Executor, engine: Engine, daily: BatchWrites['daily']): Promise<OrderPeriodRow[]> {
  if (daily.length === 0) return [];
  return periodChanges(daily, await orderWatermark(db, engine));
}

const POSTBACK_COLUMNS: readonly JsonColumn[] = [
  ...['union_name', 'order_id'].map(text),
  int('channel'),
  ...['route', 'event', 'idem_key', 'state'].map(text),
  ...['attempts', 'next_at'].map(int),
  text('claimed_by'),
  int('claim_until'),
  text('last_error'),
  ...['sent_at', 'created_at'].map(int),
];

/** One postback per order: a second insert for the same order does nothing (the unique key); returns those created. */
const POSTBACK_CONFLICT = 'on conflict (union_name, order_id) do nothing returning id';

/** The postbacks queued (`POSTBACK_CONFLICT`). */
function insertPostbacks(rowsOf: Rows, rows: PostbackWrite[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into postbacks (${jsonColumnNames(POSTBACK_COLUMNS)}) ${rowsOf(POSTBACK_COLUMNS, rows)} ${sql.raw(POSTBACK_CONFLICT)}`;
}

/** Everything one batch writes (ingest.ts writeOrders). */
export interface BatchWrites {
  updates: OrderUpdate[];
  inserts: OrderWrite[];
  logs: StatusLogWrite[];
  hourly: FactRow[];
  daily: Array<Omit<OrderFactsDailyTable, never>>;
  postbacks: PostbackWrite[];
}

/**
 * Write a batch, in this order: changed orders, new orders, their status log, the hourly and daily facts, the daily
 * facts' per-customer days (customer-days.ts) and preset periods (ads/plan-period-sums.ts), the postbacks.
 * PostgreSQL: ONE statement, a data-modifying `with` per table (each runs to completion whether read or not; they
 * touch different tables, so no one sees another's rows);
 * SQLite: `writeSqlite`. Nothing to write, no statement. Returns the postbacks created.
 */
export async function writeBatch(db: Executor, engine: Engine, w: BatchWrites): Promise<number> {
  if (engine !== 'postgres') return writeSqlite(db, w);
  const rowsOf = rowsFor(engine);
  const writes = [
    updateOrders(rowsOf, w.updates),
    insertOrders(rowsOf, w.inserts),
    insertStatusLog(rowsOf, w.logs),
    addFacts(rowsOf, 'order_facts_hourly', 'hour', w.hourly),
    addFacts(rowsOf, 'order_facts_daily', 'day', w.daily),
    addCustomerDays(rowsOf, customerDayChanges(w.daily)),
    addPeriodSums(rowsOf, await periodRows(db, engine, w.daily)),
  ].filter((q) => q !== null);
  const postbacks = insertPostbacks(rowsOf, w.postbacks);
  if (writes.length === 0 && !postbacks) return 0;
  const ctes = writes.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
  if (postbacks) ctes.push(sql`p as (${postbacks})`);
  const { rows } = await sql<{
    n: number;
  }>`with ${sql.join(ctes)} select ${postbacks ? sql`(select count(*) from p)` : sql`0`}::int as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite: a statement per table (no round trips to save), in `writeBatch`'s order. The inserts bind every value of up
 * to 500 rows in one VALUES list (`insertRows`): against rows as one JSON value read by `jsonb_each`, no JSON text is
 * built in JavaScript and parsed by SQLite, and each full statement has the same text, so it is prepared once.
 */
async function writeSqlite(db: Executor, w: BatchWrites): Promise<number> {
  const values = (columns: readonly JsonColumn[], rows: readonly object[]) => rows.map((r) => valuesOf(columns, r));
  await updateOrders(rowsFor('sqlite'), w.updates)?.execute(db);
  await insertRows(db, 'sqlite', 'orders', ORDER_COLUMNS, values(ORDER_COLUMNS, w.inserts));
  await insertRows(db, 'sqlite', 'order_status_log', STATUS_LOG_COLUMNS, values(STATUS_LOG_COLUMNS, w.logs));
  for (const [table, bucket, rows] of [
    ['order_facts_hourly', 'hour', w.hourly],
    ['order_facts_daily', 'day', w.daily],
  ] as const) {
    const columns = factColumns(bucket);
    await insertRows(db, 'sqlite', table, columns, values(columns, rows), factConflict(table, bucket));
  }
  const days = customerDayChanges(w.daily);
  await insertRows(db, 'sqlite', 'order_customer_days', CUSTOMER_DAY_COLUMNS, values(CUSTOMER_DAY_COLUMNS, days), CUSTOMER_DAY_CONFLICT);
  const periods = await periodRows(db, 'sqlite', w.daily);
  await insertRows(db, 'sqlite', 'plan_period_sums', PERIOD_SUM_COLUMNS, values(PERIOD_SUM_COLUMNS, periods), ORDER_PERIOD_CONFLICT);
  return (await insertRows(db, 'sqlite', 'postbacks', POSTBACK_COLUMNS, values(POSTBACK_COLUMNS, w.postbacks), POSTBACK_CONFLICT)).length;
}
