import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The affiliate sandbox's own state, in node:sqlite (`DATA_DIR/sandbox/unions.sqlite`, `:memory:` in tests), kept
 * apart from the product's database: the links it issued, the clicks it recorded, its shoppers' orders (each with
 * its whole timeline, decided when the order is placed), UD monitors, received postbacks and injected failures.
 */
export type UnionName = 'taobao' | 'jd' | 'pdd' | 'ud';

export interface LinkRow {
  token: string;
  union_name: UnionName;
  tracking_key: string;
  /** JSON object of the union's tracking ids (as the union's own field names). */
  tracking: string;
  kind: 'item' | 'shop';
  item_id: string;
  shop_id: string;
  created_at: number;
}

export interface ClickRow {
  id: string;
  union_name: UnionName;
  link_token: string;
  /** landing: a shopper followed the promotion / landing link; monitor: an ad platform's click-monitor ping; history: back-filled. */
  kind: 'landing' | 'monitor' | 'history';
  at: number;
  /** JSON: the query the click arrived with (UD: click ids, advertiser/campaign/plan ids). */
  params: string;
  ip: string;
  ua: string;
}

/** An order line with its whole timeline (epoch seconds; null = never happens). */
export interface OrderRow {
  id: string;
  union_name: UnionName;
  parent_id: string;
  link_token: string;
  click_id: string;
  item_id: string;
  item_num: number;
  unit_price: number;
  /** What the buyer pays for the line in full (fen), after the coupon. */
  total: number;
  commission_bp: number;
  /** Presale deposit (fen), 0 for ordinary orders. */
  deposit: number;
  clicked_at: number;
  created_at: number;
  deposit_at: number | null;
  paid_at: number | null;
  received_at: number | null;
  settled_at: number | null;
  refunded_at: number | null;
  closed_at: number | null;
  /** JSON: union-specific extras (UD click ids and ad ids). */
  extra: string;
  /**
   * When the union listed the order: its creation for a shopper's order, the time it was made for a back-filled one
   * (an update-time query lists a back-filled order from then, as a union lists an order it indexes late).
   */
  indexed_at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS links (
  token TEXT PRIMARY KEY, union_name TEXT NOT NULL, tracking_key TEXT NOT NULL, tracking TEXT NOT NULL,
  kind TEXT NOT NULL, item_id TEXT NOT NULL, shop_id TEXT NOT NULL, created_at INTEGER NOT NULL,
  UNIQUE (union_name, tracking_key, kind, item_id, shop_id)
);
CREATE TABLE IF NOT EXISTS clicks (
  id TEXT PRIMARY KEY, union_name TEXT NOT NULL, link_token TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL,
  params TEXT NOT NULL, ip TEXT NOT NULL, ua TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS clicks_link ON clicks (link_token, at);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, union_name TEXT NOT NULL, parent_id TEXT NOT NULL, link_token TEXT NOT NULL, click_id TEXT NOT NULL,
  item_id TEXT NOT NULL, item_num INTEGER NOT NULL, unit_price INTEGER NOT NULL, total INTEGER NOT NULL,
  commission_bp INTEGER NOT NULL, deposit INTEGER NOT NULL, clicked_at INTEGER NOT NULL, created_at INTEGER NOT NULL,
  deposit_at INTEGER, paid_at INTEGER, received_at INTEGER, settled_at INTEGER, refunded_at INTEGER, closed_at INTEGER,
  extra TEXT NOT NULL, indexed_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS orders_union_created ON orders (union_name, created_at);
CREATE TABLE IF NOT EXISTS postbacks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, union_name TEXT NOT NULL, at INTEGER NOT NULL, body TEXT NOT NULL, result TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pdd_bindings (pid TEXT NOT NULL, uid TEXT NOT NULL, bound_at INTEGER NOT NULL, PRIMARY KEY (pid, uid));
CREATE TABLE IF NOT EXISTS failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT, union_name TEXT NOT NULL, method TEXT NOT NULL, kind TEXT NOT NULL,
  remaining INTEGER NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL
);
`;

/** Open (and create) the sandbox database: a file path, or ':memory:'. */
export function openUnionStore(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  if (file !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  }
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(SCHEMA);
  // a sandbox file of an older release: orders without indexed_at (listed by their own times, as before)
  const cols = db.prepare('PRAGMA table_info(orders)').all() as Array<{ name: string }>;
  if (!cols.some((c) => c.name === 'indexed_at')) db.exec('ALTER TABLE orders ADD COLUMN indexed_at INTEGER NOT NULL DEFAULT 0');
  return db;
}

/** Typed row reads over node:sqlite (which returns plain objects). */
export function rows<T>(db: DatabaseSync, sql: string, ...params: Array<string | number | null>): T[] {
  return db.prepare(sql).all(...params) as unknown as T[];
}

export function row<T>(db: DatabaseSync, sql: string, ...params: Array<string | number | null>): T | undefined {
  return db.prepare(sql).get(...params) as unknown as T | undefined;
}
