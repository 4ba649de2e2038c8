/**
 * The processor's click lookup by click id on PostgreSQL (tracking/store.ts `clicksByClickId`, the visit tie's first
 * rule), before and after the table's first ANALYZE, three forms in turn, each in its own transaction as the processor
 * runs it: `old` the statement before (`kind = 'click' and clickid in (500 ids)`); `lateral` the per-id lookup
 * (`clicksByClickIdStatement`) with the server's JIT settings; `product` as the processor runs it: JIT off for the
 * transaction (db/dialect.ts `noJitInTransaction`), then `clicksByClickId`. On `monitor_events` filled to each size with autovacuum off (half clicks
 * with a click id, half impressions without); each round asks 500 other ids and rotates the forms' order.
 *   node bench/tracking/click-lookup-ab.ts      BENCH_SIZES (200000,2000000), BENCH_ROUNDS (15), BENCH_PG_URL
 * Results: bench/tracking-click-lookup-ab-results.json and a markdown table on stdout (bench/README.md).
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { noJitInTransaction } from '../../src/server/db/dialect.ts';
import { clicksByClickId, clicksByClickIdStatement } from '../../src/server/tracking/store.ts';
import { machineFacts } from './machine.ts';
import { openBenchDb } from './world.ts';

const SIZES = (process.env.BENCH_SIZES ?? '200000,2000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TIE_COLUMNS = ['id', 'pageid', 'clickid', 'adv', 'camp', 'aid', 'cid', 'callback', 'ua', 'received_at', 'invalid'];

/** The statement before the lateral lookup (commit d5c4237), as the query builder compiled it. */
const oldStatement = (ids: string[]) =>
  sql`select ${sql.join(TIE_COLUMNS.map((c) => sql.ref(c)))} from monitor_events
    where kind = 'click' and clickid in (${sql.join(ids.map((i) => sql`${i}`))})`;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round1 = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const machine = machineFacts();
  const results: Array<Record<string, unknown>> = [];
  for (const size of SIZES) {
    const b = await openBenchDb('postgres', 'clicklookup');
    const db = b.handle.db;
    try {
      await sql`alter table monitor_events set (autovacuum_enabled = off)`.execute(db);
      await sql`insert into monitor_events (raw_id, pageid, customerid, kind, channel, adv, aid, clickid, callback, ua, ts, received_at)
        select g, 'p' || (g % 500), 1, case when g % 2 = 0 then 'click' else 'show' end, 4, 'adv1', 'aid' || (g % 1000),
          case when g % 2 = 0 then 'ck' || g else '' end, 'cb' || g, 'Mozilla/5.0 (iPhone) ' || (g % 300), g, 1800000000 + g
        from generate_series(1, ${size}) g`.execute(db);
      for (const state of ['no statistics', 'analyzed'] as const) {
        if (state === 'analyzed') await sql`analyze monitor_events`.execute(db);
        const ms = { old: [] as number[], lateral: [] as number[], product: [] as number[] };
        const forms = ['old', 'lateral', 'product'] as const;
        for (let r = 0; r < ROUNDS; r++) {
          // 500 click ids spread over the table, another set each round
          const ids = Array.from(
            { length: 500 },
            (_, i) => `ck${2 * (1 + ((r * 7919 + i * Math.floor(size / 1000)) % Math.floor(size / 2)))}`,
          );
          for (let k = 0; k < forms.length; k++) {
            const form = forms[(r + k) % forms.length] as (typeof forms)[number];
            const t = performance.now();
            const found = await db.transaction().execute(async (tx) => {
              if (form === 'old') return (await oldStatement(ids).execute(tx)).rows.length;
              if (form === 'lateral') return (await clicksByClickIdStatement(ids).execute(tx)).rows.length;
              await noJitInTransaction(tx, 'postgres');
              return (await clicksByClickId(tx, 'postgres', ids)).length;
            });
            ms[form].push(performance.now() - t);
            if (found !== 500) throw new Error(`${form}: ${found} clicks for 500 ids`);
          }
        }
        const row = {
          size,
          state,
          rounds: ROUNDS,
          oldP50Ms: round1(p50(ms.old)),
          lateralP50Ms: round1(p50(ms.lateral)),
          productP50Ms: round1(p50(ms.product)),
        };
        console.log(row);
        results.push({ ...row, oldMs: ms.old.map(round1), lateralMs: ms.lateral.map(round1), productMs: ms.product.map(round1) });
      }
    } finally {
      await b.drop();
    }
  }
  writeFileSync('bench/tracking-click-lookup-ab-results.json', `${JSON.stringify({ machine, results }, null, 2)}\n`);
  console.log(
    '\n| monitor_events rows | statistics | old: `clickid in (500)` | per-id lateral, JIT as configured | product: lateral, JIT off |\n|---:|---|---:|---:|---:|',
  );
  for (const r of results) console.log(`| ${r.size} | ${r.state} | ${r.oldP50Ms} ms | ${r.lateralP50Ms} ms | ${r.productP50Ms} ms |`);
}

await main();
