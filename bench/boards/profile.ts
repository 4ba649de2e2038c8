/**
 * Where an agent's board call spends its time, query by query, on a kept boards database (BENCH_KEEP):
 * `node bench/boards/profile.ts <boards.sqlite> [endpoints] [days]` (SQLite: each query timed by Kysely's log; RUNS
 * calls, the minimum of each query and of the whole call). ROLLUP_BLOCKS=0 reads the daily rollups only; CALLER=admin
 * profiles the admin (every customer) instead of the agent.
 */
import { Kysely } from 'kysely';
import { createApp } from '../../src/server/app.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { nodeSqliteDialect, openSqlite } from '../../src/server/db/sqlite-dialect.ts';
import { rollupBlocks } from '../../src/server/facts/days.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import { callCase, casesFor, login } from './measure.ts';
import { PASSWORD } from './people.ts';
import { shapeOf } from './shape.ts';
import { reuseBoardsWorld } from './world.ts';

const NOW = parseChinaTime('2026-11-20 15:30');
const target = process.argv[2]!;
const endpoints = (process.argv[3] ?? 'itemanalyse/index,index/detail (plans)').split(',');
const days = (process.argv[4] ?? '7,30,90').split(',').map(Number);
rollupBlocks.on = process.env.ROLLUP_BLOCKS !== '0';
const base = target.startsWith('postgres')
  ? await openDatabase({ databaseUrl: target })
  : await openDatabase({ sqliteFile: target, backgroundCheckpoint: false });
if (process.env.MIGRATE) await migrateToLatest(base);
let log: { sql: string; ms: number }[] = [];
const db = target.startsWith('postgres')
  ? base.db
  : new Kysely({
      dialect: nodeSqliteDialect(openSqlite(target)),
      log: (e) => {
        if (e.level === 'query') log.push({ sql: e.query.sql, ms: e.queryDurationMillis });
      },
    });
const handle: DatabaseHandle = { ...base, db: db as never };
const clock = new ManualClock(NOW * 1000);
const { deps } = await reuseBoardsWorld(handle, '/tmp/itemagent/data', shapeOf(0.05), clock);
const app = createApp(deps);
const CALLER = process.env.CALLER === 'admin' ? 'admin' : 'agent';
const token = await login(app, `${CALLER}@bench.local`, PASSWORD);
const RUNS = Number(process.env.RUNS ?? 5);
for (const c of casesFor(CALLER, NOW, '').filter((c) => endpoints.includes(c.endpoint) && days.includes(c.days))) {
  for (let i = 0; i < 2; i++) await callCase(app, token, c);
  const ends: number[] = [];
  const per: { sql: string; ms: number[] }[] = [];
  for (let i = 0; i < RUNS; i++) {
    log = [];
    ends.push((await callCase(app, token, c)).ms);
    log.forEach((q, j) => {
      per[j] ??= { sql: q.sql, ms: [] };
      per[j].ms.push(q.ms);
    });
  }
  const min = (xs: number[]) => Math.min(...xs);
  const total = per.reduce((s, q) => s + min(q.ms), 0);
  console.log(
    `\n== ${c.endpoint} ${c.days}d: end to end min ${min(ends).toFixed(1)} ms; ${per.length} queries, sum of their minimums ${total.toFixed(1)} ms`,
  );
  for (const q of per)
    if (min(q.ms) > 0.5)
      console.log(
        `  ${min(q.ms).toFixed(1)} ms  ${q.sql
          .replace(/\s+/g, ' ')
          .replace(/\(\?(, \?)+\)/g, '(…)')
          .slice(0, 260)}`,
      );
}
