/**
 * Query-level A/B of the per-customer days (issue 21) on a boards database (`node bench/boards/customer-days-ab.ts
 * <boards.sqlite>`, the file `node bench/boards.ts sqlite` leaves in its temp directory): the boards' day series
 * (`sumsBy` by day, ad facts) and total of whole days for the agent's scope (the first 21 customers with facts, all of
 * them below scale 0.021), and the same for every customer (an admin), over 7/30/90 whole days ending yesterday,
 * 12 times each with and without `ad_customer_days`, interleaved; and the admin's per-plan subquery (`keyedAdSums`, every
 * customer) with the edge days of the blocks read as one branch or one per edge (`dayBlocks.oneEdgeBranch`). Prints
 * min / median ms.
 */
import { openDatabase } from '../../src/server/db/index.ts';
import { customerDays, dayBlocks } from '../../src/server/facts/days.ts';
import { keyedAdSums } from '../../src/server/facts/keyed.ts';
import { sumsBy } from '../../src/server/facts/sums.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';

const h = await openDatabase({ sqliteFile: process.argv[2]! });
const db = h.db;
const rows = await db
  .selectFrom('ad_facts_daily')
  .select((eb) => ['customerid', eb.fn.countAll<number>().as('n')])
  .groupBy('customerid')
  .orderBy('customerid')
  .execute();
const agent = rows.slice(0, 21).map((r) => Number(r.customerid));
const today = parseChinaTime('2026-11-20 00:00');
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log('| read | days | without (daily facts or blocks) min / median ms | per-customer days min / median ms |\n|---|---:|---:|---:|');
for (const days of [7, 30, 90]) {
  const span = { from: today - days * 86400, to: today };
  const set = (on: boolean) => {
    customerDays.on = on;
  };
  const oneEdge = (on: boolean) => {
    dayBlocks.oneEdgeBranch = on;
  };
  for (const [name, run, toggle] of [
    ['series by day, agent', () => sumsBy(db, span, { customers: agent }, ['bucket'], { sources: ['ad'] }), set],
    ['total, agent (without: day blocks)', () => sumsBy(db, span, { customers: agent }, [], { sources: ['ad'] }), set],
    ['series by day, every customer', () => sumsBy(db, span, { customers: null }, ['bucket'], { sources: ['ad'] }), set],
    [
      'keyedAdSums per plan, every customer (without: a branch per edge; with: one edge branch)',
      () => keyedAdSums(db, 'plan', { customers: null }, span).execute(),
      oneEdge,
    ],
  ] as const) {
    const t: Record<string, number[]> = { off: [], on: [] };
    for (let i = 0; i < 14; i++)
      for (const mode of ['off', 'on']) {
        toggle(mode === 'on');
        const s = performance.now();
        await run();
        if (i >= 2) t[mode]!.push(performance.now() - s);
      }
    toggle(true);
    const f = (a: number[]) => `${Math.min(...a).toFixed(1)} / ${med(a).toFixed(1)}`;
    console.log(`| ${name} | ${days} | ${f(t.off!)} | ${f(t.on!)} |`);
  }
}
await h.close();
