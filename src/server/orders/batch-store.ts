/**
 * The writes of one ingest batch (ingest.ts writeOrders), each ONE statement whose rows are one bound JSON value
 * (`jsonRows`, db/dialect.ts): new orders, their status log, the order facts' changes, the postbacks queued, and the
 * changed orders' new columns. A batch of 500 orders as a multi-row VALUES list bound 25 500 values the query builder
 * compiled and PostgreSQL parsed and planned one by one; as JSON it is one value (bench/README.md "PostgreSQL ingest,
 * second pass"). On PostgreSQL all of a batch's writes are ONE statement (`writeBatch`: a data-modifying `with` per
 * table, one round trip instead of five) whose rows are one array per column (`unnestRows`, db/dialect.ts): no JSON to
 * lex (bench/README.md "PostgreSQL ingest, fourth pass").
 */
import { type RawBuilder, sql } from 'kysely';
import { type Engine, type JsonColumn, jsonColumnNames, jsonRows, unnestRows } from '../db/dialect.ts';
import type { Executor } from '../kernel/executor.ts';
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

/** How a table's rows reach the statement: `unnestRows` on PostgreSQL, `jsonRows` on SQLite. */
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

/**
 * Add (or subtract) fact changes to one table: insert … on conflict do update, the same on SQLite and PostgreSQL. The
 * rows must have distinct keys (FactDelta's are).
 */
function addFacts(
  rowsOf: Rows,
  table: 'order_facts_hourly' | 'order_facts_daily',
  bucket: 'hour' | 'day',
  rows: object[],
): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const columns = factColumns(bucket);
  const sums = sql.raw(FACT_SUMS.map((c) => `"${c}" = ${table}."${c}" + excluded."${c}"`).join(', '));
  return sql`insert into ${sql.table(table)} (${jsonColumnNames(columns)}) ${rowsOf(columns, rows)}
      on conflict (${sql.raw([...FACT_KEY, bucket].join(', '))}) do update set ${sums}`;
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
function insertPostbacks(rowsOf: Rows, rows: PostbackWrite[]): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`insert into postbacks (${jsonColumnNames(POSTBACK_COLUMNS)}) ${rowsOf(POSTBACK_COLUMNS, rows)}
    on conflict (union_name, order_id) do nothing returning id`;
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
 * Write a batch, in this order: changed orders, new orders, their status log, the hourly and daily facts, the
 * postbacks. PostgreSQL: ONE statement, a data-modifying `with` per table (each runs to completion whether read or
 * not; they touch different tables, so no one sees another's rows); SQLite: a statement per table (no round trips to
 * save). Nothing to write, no statement. Returns the postbacks created.
 */
export async function writeBatch(db: Executor, engine: Engine, w: BatchWrites): Promise<number> {
  const rowsOf = rowsFor(engine);
  const writes = [
    updateOrders(rowsOf, w.updates),
    insertOrders(rowsOf, w.inserts),
    insertStatusLog(rowsOf, w.logs),
    addFacts(rowsOf, 'order_facts_hourly', 'hour', w.hourly),
    addFacts(rowsOf, 'order_facts_daily', 'day', w.daily),
  ].filter((q) => q !== null);
  const postbacks = insertPostbacks(rowsOf, w.postbacks);
  if (engine === 'postgres') {
    if (writes.length === 0 && !postbacks) return 0;
    const ctes = writes.map((q, i) => sql`${sql.raw(`w${i}`)} as (${q})`);
    if (postbacks) ctes.push(sql`p as (${postbacks})`);
    const { rows } = await sql<{
      n: number;
    }>`with ${sql.join(ctes)} select ${postbacks ? sql`(select count(*) from p)` : sql`0`}::int as n`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  for (const q of writes) await q.execute(db);
  return postbacks ? (await postbacks.execute(db)).rows.length : 0;
}
