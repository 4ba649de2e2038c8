/**
 * A/B of the order ingest (bench/README.md "PostgreSQL ingest, fourth pass"): bench/orders-ingest.ts of two source
 * trees, alternating, each run on a fresh copy of one prepared database — a PostgreSQL `create database … template`
 * clone, or a copy of a SQLite file — so both ingest the same orders into the same links and visits.
 *
 *   node bench/orders-ab.ts <DATA_DIR> <SAMPLE> <NOW> <template db url | sqlite file> <root A> <root B> [rounds]
 *
 * The first four come from `BENCH_KEEP_DB=1 npm run bench:orders` (its stderr, "kept …"); the kept database is used
 * as the template with its orders tables emptied here. ORDERS_TOTAL (default 200 000), BATCH (500). One JSON line per
 * run on stdout, with the 1-minute load average before it; every child runs under `nice -n 19`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

const [dataDir, sample, now, template, rootA, rootB, roundsArg] = process.argv.slice(2) as Array<string | undefined>;
if (!dataDir || !sample || !now || !template || !rootA || !rootB) throw new Error('usage: see the comment at the top');
const templateUrl: string = template;
const rounds = Number(roundsArg ?? 2);
const total = process.env.ORDERS_TOTAL ?? '200000';
const postgres = template.startsWith('postgres');
const ORDER_TABLES = ['orders', 'order_status_log', 'order_facts_hourly', 'order_facts_daily', 'postbacks'];
/** Emptied too where the template has it (a template made by code before migration 0077 does not). */
const SINCE_0077 = 'order_customer_days';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const u = new URL(templateUrl);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Empty the template's orders tables once (the kept database holds the orders of the run that made it). */
async function emptyTemplate(): Promise<void> {
  if (postgres) {
    const c = new pg.Client({ connectionString: templateUrl });
    await c.connect();
    const since = await c.query(`select to_regclass('${SINCE_0077}') is not null as has`);
    const tables = since.rows[0]?.has ? [...ORDER_TABLES, SINCE_0077] : ORDER_TABLES;
    await c.query(`truncate ${tables.join(', ')} restart identity`);
    await c.query('vacuum analyze');
    await c.end();
    return;
  }
  const db = new DatabaseSync(templateUrl);
  const since = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name = ?").get(SINCE_0077) as { n: number };
  for (const t of since.n > 0 ? [...ORDER_TABLES, SINCE_0077] : ORDER_TABLES) db.exec(`delete from ${t}`);
  db.exec('vacuum');
  db.exec('pragma wal_checkpoint(truncate)');
  db.close();
}

/** A fresh copy of the template: its url (PostgreSQL) or its data dir (SQLite). */
async function copy(name: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (postgres) {
    const db = new URL(templateUrl).pathname.slice(1);
    await admin((c) => c.query(`create database ${name} template ${db}`));
    const u = new URL(templateUrl);
    u.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: u.toString(), DATA_DIR: dataDir! },
      drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tf-orders-ab-'));
  copyFileSync(templateUrl, path.join(dir, path.basename(templateUrl)));
  const secrets = path.join(path.dirname(templateUrl), 'secrets.json'); // the product's keys beside its database
  if (existsSync(secrets)) copyFileSync(secrets, path.join(dir, 'secrets.json'));
  // each run's copy (≈ 860 MB after a million orders) goes when the run is read
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

await emptyTemplate();
for (let round = 1; round <= rounds; round++) {
  for (const [label, root] of [
    ['A', rootA],
    ['B', rootB],
  ] as const) {
    const target = await copy(`orders_ab_${process.pid}_${round}_${label.toLowerCase()}`);
    const loadBefore = load();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawnSync(
      'nice',
      [
        '-n',
        '19',
        process.execPath,
        '--expose-gc',
        ...(process.env.AB_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        path.join(root, 'bench/orders-ingest.ts'),
      ],
      {
        env: { ...env, ...target.env, SAMPLE: sample, ORDERS_TOTAL: total, NOW: now, BATCH: process.env.BATCH ?? '500' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    await target.drop();
    if (child.status !== 0) throw new Error(`${label} failed: ${child.stderr}`);
    if (process.env.AB_STDERR) process.stderr.write(child.stderr);
    const out = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    console.log(JSON.stringify({ round, code: label, root, loadBefore, loadAfter: load(), ...out }));
  }
}
