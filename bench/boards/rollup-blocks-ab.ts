/**
 * Query-level A/B of the link rollups' day blocks and covering index (migration 0071, issue 21) on a kept boards
 * database (`node bench/boards/rollup-blocks-ab.ts <boards.sqlite | postgres url>`, migrated to 0071): the item
 * analysis' visits — the rollups' sums by link for the agent's 21 customers over the whole days of 7/30/90-day ranges
 * ending "today" — read three ways, interleaved, 12 times each after 2 warm-ups:
 *   - SQLite only, "before 0071": the same SQL through the (customer, day) index that 0016's covering index lost to
 *     once 0065 added `invalid_clicks` (`indexed by rollup_daily_customer`: a table look-up per row);
 *   - "daily rollups": `rollupBlocks.on = false` (the covering index of 0071);
 *   - "blocks": edge days + `rollup_blocks`.
 * Prints min / median ms (the minimum is the least disturbed by a loaded machine) and the rows each read adds up.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { dayPieces, ROLLUP_BLOCK_DAYS } from '../../src/server/ads/day-pieces.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { rollupBlocks } from '../../src/server/facts/days.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';

const target = process.argv[2] ?? '';
const h = target.startsWith('postgres') ? await openDatabase({ databaseUrl: target }) : await openDatabase({ sqliteFile: target });
const db = h.db;
const agent = await db.selectFrom('users').select('id').where('email', '=', 'agent@bench.local').executeTakeFirstOrThrow();
const subs = await db.selectFrom('users').select('id').where('parent_id', '=', agent.id).execute();
const customers = [Number(agent.id), ...subs.map((r) => Number(r.id))];
const today = parseChinaTime('2026-11-20 00:00');
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const f = (a: number[]) => (a.length ? `${Math.min(...a).toFixed(1)} / ${med(a).toFixed(1)}` : '–');
console.log({ target, customers: customers.length, load: os.loadavg().map((x) => x.toFixed(1)), date: new Date().toISOString() });
console.log('| days | rows (daily / blocks) | before 0071 (SQLite) | daily rollups | blocks |\n|---:|---:|---:|---:|---:|');
for (const days of [7, 30, 90]) {
  const span = { from: today - (days - 1) * 86400, to: today };
  const ids = sql.join(customers.map((c) => sql`${c}`));
  const before = () =>
    sql`select cast(f.pageid as text) as k0, max(f.customerid) as customerid, coalesce(sum(f.visits), 0) as a, coalesce(sum(f.shows), 0) as b,
      coalesce(sum(f.clicks), 0) as c, coalesce(sum(f.invalid_clicks), 0) as d, 0 as e
      from rollup_daily f indexed by rollup_daily_customer
      where f.day >= ${span.from} and f.day < ${span.to} and f.customerid in (${ids}) group by 1`.execute(db);
  const read = () => sumsBy(db, span, { customers }, ['link'], { sources: ['rollup'] });
  const count = async (table: string, extra = sql``) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where customerid in (${ids}) and day >= ${span.from} and day < ${span.to} ${extra}`.execute(
          db,
        )
      ).rows[0]?.n,
    );
  const dailyRows = await count('rollup_daily');
  let blockRows = 0;
  for (const p of dayPieces(span.from, span.to, ROLLUP_BLOCK_DAYS))
    blockRows +=
      p.len === 1
        ? await count('rollup_daily', sql`and day >= ${p.from} and day < ${p.to}`)
        : await count('rollup_blocks', sql`and days = ${p.len} and day >= ${p.from} and day < ${p.to}`);
  const modes: [string, () => Promise<unknown>][] = [
    ...(h.engine === 'sqlite' ? ([['before', before]] as [string, () => Promise<unknown>][]) : []),
    [
      'daily',
      () => {
        rollupBlocks.on = false;
        return read();
      },
    ],
    [
      'blocks',
      () => {
        rollupBlocks.on = true;
        return read();
      },
    ],
  ];
  const t: Record<string, number[]> = { before: [], daily: [], blocks: [] };
  for (let i = 0; i < 14; i++)
    for (const [mode, run] of modes) {
      const s = performance.now();
      await run();
      if (i >= 2) t[mode]!.push(performance.now() - s);
    }
  rollupBlocks.on = true;
  console.log(`| ${days} | ${dailyRows} / ${blockRows} | ${f(t.before!)} | ${f(t.daily!)} | ${f(t.blocks!)} |`);
}
await h.close();
