/**
 * What the database benches share: a fresh database on either engine (SQLite in a temp directory, or a new
 * PostgreSQL database on `BENCH_PG_URL`, default the test server), a number series for `insert … select`, and a
 * 巨量 advertiser bound through an authorisation as the ad sync leaves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/server/db/index.ts';
import { freshPostgresDatabase } from '../tests/support/dialects.ts';

export type Engine = 'sqlite' | 'postgres';

export const engineArg = (): Engine => ((process.argv[2] ?? 'sqlite') === 'postgres' ? 'postgres' : 'sqlite');

/** A migrated empty database and its data directory; `drop()` removes both. */
export async function benchDatabase(
  engine: Engine,
  prefix: string,
): Promise<{ handle: DatabaseHandle; dataDir: string; drop(): Promise<void> }> {
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tf-bench-${prefix}-`));
  const fresh = engine === 'postgres' ? await freshPostgresDatabase(pgUrl, 'bench') : null;
  const handle = await openDatabase(fresh ? { databaseUrl: fresh.url } : { sqliteFile: path.join(dataDir, 'bench.sqlite') });
  await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    async drop() {
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `i` from 0 to n − 1, as a table expression `g(i)`. */
export const seriesSql = (engine: Engine, n: number): string =>
  engine === 'postgres'
    ? `generate_series(0::bigint, ${n - 1}) as g(i)`
    : `(with recursive g(i) as (select 0 union all select i + 1 from g where i < ${n - 1}) select i from g) as g`;

/** A 巨量 advertiser of customer `customerid`, bound through an active authorisation. */
export async function insertAdvertiser(
  db: DatabaseHandle['db'],
  o: { customerid: number; advertiserId: string; name: string; now: number; reportSyncedTo: number },
): Promise<void> {
  const { customerid: c, now } = o;
  const auth = await db
    .insertInto('ad_auths')
    .values({
      platform: 2,
      customerid: c,
      created_by: c,
      platform_user_id: '',
      access_token_enc: 'x',
      refresh_token_enc: 'x',
      access_expires_at: now + 86400,
      refresh_expires_at: now + 86400 * 30,
      credentials_enc: '',
      scope: '',
      state: 'active',
      last_error: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ad_accounts')
    .values({
      auth_id: auth.id,
      platform: 2,
      advertiser_id: o.advertiserId,
      customerid: c,
      name: o.name,
      active: 1,
      last_sync_at: now,
      last_sync_error: '',
      report_synced_to: o.reportSyncedTo,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
