/**
 * The processor benchmarks' database: a fresh SQLite file or PostgreSQL database, migrated, one customer and one
 * 巨量 link (`810001`); its size on disk; and the parsed rows of an already-processed prefix written by SQL (events,
 * click keys, visits: what the processor would have left), so a profile at 20 M rows sees tables of that size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../../src/server/db/dialect.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { freshPostgresDatabase } from '../../tests/support/dialects.ts';

export const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
export const PAGEID = '810001';

export interface BenchDb {
  handle: DatabaseHandle;
  engine: Engine;
  /** The SQLite file, or the PostgreSQL database's URL. */
  where: string;
  /** Bytes on disk (SQLite: file + WAL; PostgreSQL: the database) and the WAL alone (SQLite). */
  size(): Promise<{ bytes: number; walBytes: number }>;
  drop(): Promise<void>;
}

export async function openBenchDb(engine: Engine, label: string): Promise<BenchDb> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), `tf-${label}-`));
    const file = path.join(dir, 'toufang.sqlite');
    const handle = await openDatabase({ sqliteFile: file });
    await migrateToLatest(handle);
    const bytes = (f: string) => {
      try {
        return statSync(f).size;
      } catch {
        return 0;
      }
    };
    return {
      handle,
      engine,
      where: file,
      size: async () => ({ bytes: bytes(file) + bytes(`${file}-wal`), walBytes: bytes(`${file}-wal`) }),
      async drop() {
        await handle.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshPostgresDatabase(PG_URL, `bench_${label}`);
  const handle = await openDatabase({ databaseUrl: fresh.url });
  await migrateToLatest(handle);
  return {
    handle,
    engine,
    where: fresh.url,
    async size() {
      const r = await sql<{ n: number }>`select pg_database_size(current_database())::bigint as n`.execute(handle.db);
      return { bytes: Number(r.rows[0]?.n ?? 0), walBytes: 0 };
    },
    async drop() {
      await handle.close().catch(() => {});
      await fresh.drop();
    },
  };
}

/** One customer and the 巨量 link every ping names. Returns the customer id. */
export async function seedLink(db: DatabaseHandle['db'], pageid = PAGEID): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const user = await db
    .insertInto('users')
    .values({
      kind: 'customer',
      email: `bench-${pageid}@x.cn`,
      password_hash: 'x',
      username: 'bench',
      company: '压测公司',
      phone: '',
      usertype: 'common',
      parent_id: null,
      super: 0,
      udsmart: 0,
      is_sub: 0,
      status: 1,
      expire_time: 0,
      promote_type: 1,
      version: 'ver2',
      email_status: 2,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('links')
    .values({
      customerid: user.id,
      created_by: user.id,
      created_at: now,
      updated_at: now,
      pageid,
      platform: 2,
      state: 2,
      isdirect: 1,
      jumptype: 'detail',
      detaillink: 'https://item.taobao.com/item.htm?id=6001',
    } as never)
    .execute();
  return user.id;
}

/**
 * What the processor would have written for the raw rows flagged processed: one click event and click key per ping
 * (its callback), one visit event per visit. By SQL from the raw rows (a profile at 20 M rows needs 20 M of each).
 */
export async function fillProcessedPrefix(b: BenchDb, customerid: number): Promise<void> {
  const db = b.handle.db;
  const pos = b.engine === 'postgres' ? 'strpos' : 'instr';
  const cb = sql.raw(`substr(query, ${pos}(query, '&cb=') + 4, ${pos}(query, '&cburl=') - ${pos}(query, '&cb=') - 4)`);
  const lc = sql.raw(`substr(query, 9, ${pos}(query, '&projectid=') - 9)`);
  await sql`insert into monitor_events (raw_id, pageid, customerid, kind, channel, adv, camp, aid, cid, clickid, callback, os, ip, ua, ts, received_at, dup)
    select id, pageid, ${customerid}, 'click', 2, 'advertiser_id_1234567', 'campaign_id_1234567', 'aid_1234567', 'cid_1234567', '', ${cb},
      'android', ip, ua, received_at, received_at, 0 from monitor_raw where processed = 1 order by id`.execute(db);
  await sql`insert into click_keys (pageid, key, first_at)
    select pageid, 'cb:' || ${cb}, received_at from monitor_raw where processed = 1 order by 1, 2`.execute(db);
  await sql`insert into visit_events (raw_id, pageid, customerid, click_param, clickid, ip, ua, received_at, click_event_id, adv, camp, aid, cid, callback)
    select id, pageid, ${customerid}, 'clickid', ${lc}, ip, ua, received_at, 0, '', 'project_id_1234567', 'aid_1234567', '', ${lc}
    from landing_visits where processed = 1 order by id`.execute(db);
  // PostgreSQL's autovacuum keeps statistics on a live database; on SQLite the product never runs ANALYZE, so
  // neither does the benchmark (its statistics would send some lookups to table scans: bench/README.md).
  if (b.engine === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

export const fileSize = (f: string): number => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};
