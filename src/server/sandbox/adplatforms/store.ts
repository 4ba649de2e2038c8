/**
 * The sandbox world's own storage: one node:sqlite file (`DATA_DIR/sandbox/adplatforms.sqlite`, or
 * `:memory:` in tests), never the product's tables, so a sandbox restart keeps apps, grants, tokens,
 * advertisers, plans and delivered traffic. Every row carries its platform.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS apps (platform TEXT NOT NULL, app_id TEXT NOT NULL, secret TEXT NOT NULL, PRIMARY KEY (platform, app_id));
CREATE TABLE IF NOT EXISTS settings (platform TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (platform, key));
CREATE TABLE IF NOT EXISTS seq (platform TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (platform, name));
CREATE TABLE IF NOT EXISTS advertisers (
  platform TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, balance_fen INTEGER NOT NULL,
  username TEXT, password TEXT, api_token TEXT, created_at INTEGER NOT NULL, PRIMARY KEY (platform, id));
CREATE TABLE IF NOT EXISTS entities (
  platform TEXT NOT NULL, level TEXT NOT NULL, id TEXT NOT NULL, advertiser_id TEXT NOT NULL,
  campaign_id TEXT, plan_id TEXT, name TEXT NOT NULL, enabled INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0,
  budget_fen INTEGER, bid_fen INTEGER, show_url TEXT, click_url TEXT, landing_url TEXT, material_type TEXT,
  audit_until INTEGER NOT NULL DEFAULT 0, reaudit INTEGER NOT NULL DEFAULT 0, rejected INTEGER NOT NULL DEFAULT 0,
  start_at INTEGER NOT NULL DEFAULT 0, end_at INTEGER NOT NULL DEFAULT 0, weight INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (platform, level, id));
CREATE INDEX IF NOT EXISTS entities_adv ON entities (platform, advertiser_id, level);
CREATE TABLE IF NOT EXISTS codes (
  platform TEXT NOT NULL, code TEXT NOT NULL, app_id TEXT NOT NULL, advertiser_ids TEXT NOT NULL, redirect_uri TEXT NOT NULL,
  user_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (platform, code));
CREATE TABLE IF NOT EXISTS tokens (
  platform TEXT NOT NULL, access_token TEXT NOT NULL, refresh_token TEXT NOT NULL, app_id TEXT NOT NULL,
  advertiser_ids TEXT NOT NULL, user_id TEXT NOT NULL, access_expires_at INTEGER NOT NULL, refresh_expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0, rotated INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL,
  PRIMARY KEY (platform, access_token));
CREATE UNIQUE INDEX IF NOT EXISTS tokens_refresh ON tokens (platform, refresh_token);
CREATE TABLE IF NOT EXISTS nonces (platform TEXT NOT NULL, nonce TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (platform, nonce));
CREATE TABLE IF NOT EXISTS delivery (
  platform TEXT NOT NULL, plan_id TEXT NOT NULL, hour INTEGER NOT NULL,
  live_shows INTEGER NOT NULL DEFAULT 0, live_clicks INTEGER NOT NULL DEFAULT 0, live_cost_fen INTEGER NOT NULL DEFAULT 0,
  hist_shows INTEGER NOT NULL DEFAULT 0, hist_clicks INTEGER NOT NULL DEFAULT 0, hist_cost_fen INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (platform, plan_id, hour));
CREATE TABLE IF NOT EXISTS clicks (
  platform TEXT NOT NULL, click_id TEXT NOT NULL, plan_id TEXT NOT NULL, callback TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (platform, click_id));
CREATE INDEX IF NOT EXISTS clicks_callback ON clicks (platform, callback);
CREATE TABLE IF NOT EXISTS conversions (
  id INTEGER PRIMARY KEY AUTOINCREMENT, platform TEXT NOT NULL, at INTEGER NOT NULL, accepted INTEGER NOT NULL,
  reason TEXT NOT NULL, plan_id TEXT, payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS budget_changes (platform TEXT NOT NULL, entity_id TEXT NOT NULL, day TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (platform, entity_id, day));
CREATE TABLE IF NOT EXISTS plan_targets (platform TEXT NOT NULL, plan_id TEXT NOT NULL, url TEXT NOT NULL, learned_at INTEGER NOT NULL, PRIMARY KEY (platform, plan_id));
CREATE TABLE IF NOT EXISTS report_tasks (platform TEXT NOT NULL, task_id TEXT NOT NULL, advertiser_id TEXT NOT NULL, spec TEXT NOT NULL, ready_at INTEGER NOT NULL, PRIMARY KEY (platform, task_id));
`;

export type SqlValue = string | number | null;
export type Row = Record<string, SqlValue>;

export class SandboxStore {
  readonly db: DatabaseSync;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
  }

  all<T = Row>(sql: string, ...params: SqlValue[]): T[] {
    return this.db.prepare(sql).all(...params) as T[];
  }
  get<T = Row>(sql: string, ...params: SqlValue[]): T | undefined {
    return this.db.prepare(sql).get(...params) as T | undefined;
  }
  run(sql: string, ...params: SqlValue[]): number {
    return Number(this.db.prepare(sql).run(...params).changes);
  }
  tx<T>(fn: () => T): T {
    this.db.exec('BEGIN');
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }
  close(): void {
    this.db.close();
  }
}
