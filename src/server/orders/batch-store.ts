/**
 * The writes of one ingest batch (ingest.ts writeOrders), each ONE statement whose rows are one bound JSON value
 * (`jsonRows`, db/dialect.ts): new orders, their status log, the order facts' changes, the postbacks queued, and the
 * changed orders' new columns. A batch of 500 orders as a multi-row VALUES list bound 25 500 values the query builder
 * compiled and PostgreSQL parsed and planned one by one; as JSON it is one value (bench/README.md "PostgreSQL ingest,
 * second pass").
 */
import { sql } from 'kysely';
import { type Engine, type JsonColumn, jsonColumnNames, jsonRows } from '../db/dialect.ts';
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

export async function insertOrders(db: Executor, engine: Engine, rows: OrderWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => valuesOf(ORDER_COLUMNS, r));
  await sql`insert into orders (${jsonColumnNames(ORDER_COLUMNS)}) ${jsonRows(engine, ORDER_COLUMNS, values)}`.execute(db);
}

/** Changed orders, by id: every column but the first sight written as given, in one statement. */
export async function updateOrders(db: Executor, engine: Engine, rows: OrderUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [int('id'), ...ORDER_COLUMNS.filter(([c]) => c !== 'first_seen_at')];
  const values = rows.map(({ id, row }) => valuesOf(columns, { ...row, id }));
  const set = sql.raw(
    columns
      .slice(1)
      .map(([c]) => `"${c}" = v."${c}"`)
      .join(', '),
  );
  await sql`update orders set ${set} from (${jsonRows(engine, columns, values)}) as v where orders.id = v.id`.execute(db);
}

const STATUS_LOG_COLUMNS: readonly JsonColumn[] = [
  ...['union_name', 'order_id', 'from_status', 'status', 'raw_status'].map(text),
  int('at'),
];

export async function insertStatusLog(db: Executor, engine: Engine, rows: StatusLogWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => valuesOf(STATUS_LOG_COLUMNS, r));
  await sql`insert into order_status_log (${jsonColumnNames(STATUS_LOG_COLUMNS)}) ${jsonRows(engine, STATUS_LOG_COLUMNS, values)}`.execute(
    db,
  );
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
 * Add (or subtract) fact changes: insert … on conflict do update, one statement per table, the same on SQLite and
 * PostgreSQL. The rows of a table must have distinct keys (FactDelta's are).
 */
export async function addFacts(
  db: Executor,
  engine: Engine,
  hourly: FactRow[],
  daily: Array<Omit<OrderFactsDailyTable, never>>,
): Promise<void> {
  for (const [table, bucket, rows] of [
    ['order_facts_hourly', 'hour', hourly],
    ['order_facts_daily', 'day', daily],
  ] as const) {
    if (rows.length === 0) continue;
    const columns = factColumns(bucket);
    const values = rows.map((r) => valuesOf(columns, r));
    const sums = sql.raw(FACT_SUMS.map((c) => `"${c}" = ${table}."${c}" + excluded."${c}"`).join(', '));
    await sql`insert into ${sql.table(table)} (${jsonColumnNames(columns)}) ${jsonRows(engine, columns, values)}
      on conflict (${sql.raw([...FACT_KEY, bucket].join(', '))}) do update set ${sums}`.execute(db);
  }
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

/** One postback per order: a second insert for the same order does nothing (the unique key). Returns those created. */
export async function insertPostbacks(db: Executor, engine: Engine, rows: PostbackWrite[]): Promise<number> {
  if (rows.length === 0) return 0;
  const values = rows.map((r) => valuesOf(POSTBACK_COLUMNS, r));
  const { rows: created } = await sql`insert into postbacks (${jsonColumnNames(POSTBACK_COLUMNS)})
    ${jsonRows(engine, POSTBACK_COLUMNS, values)}
    on conflict (union_name, order_id) do nothing returning id`.execute(db);
  return created.length;
}
