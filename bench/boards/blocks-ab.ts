/**
 * Query-level A/B of the day blocks (issue 21) on a boards database (`node bench/boards/blocks-ab.ts <boards.sqlite>`,
 * the file `node bench/boards.ts sqlite` leaves in its temp directory): the read model's sums by plan and by link for
 * 21 customers (the first 21 with facts: an agent's scope at every scale) and the promotion list's per-plan subquery
 * for every customer, over 7/30/90 days ending "today" 15:30, 12 times each with and without the blocks, interleaved.
 * Prints min / median ms (the minimum is the least disturbed by a loaded machine).
 */
import { openDatabase } from '../../src/server/db/index.ts';
import { dayBlocks } from '../../src/server/facts/days.ts';
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
const customers = rows.slice(0, 21).map((r) => Number(r.customerid));
const NOW = parseChinaTime('2026-11-20 15:30');
const today = parseChinaTime('2026-11-20 00:00');
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (const days of [7, 30, 90]) {
  const span = { from: today - (days - 1) * 86400, to: NOW };
  for (const [name, run] of [
    ['sumsBy plan', () => sumsBy(db, span, { customers }, ['channel', 'plan'])],
    ['sumsBy link', () => sumsBy(db, span, { customers }, ['link'], { sources: ['ad'] })],
    ['keyed plan (admin, all customers)', () => keyedAdSums(db, 'plan', { customers: null }, { from: span.from, to: today }).execute()],
  ] as const) {
    const t: Record<string, number[]> = { off: [], on: [] };
    for (let i = 0; i < 12; i++)
      for (const mode of ['off', 'on']) {
        dayBlocks.on = mode === 'on';
        const s = performance.now();
        await run();
        t[mode]!.push(performance.now() - s);
      }
    const f = (a: number[]) => `${Math.min(...a).toFixed(1)} / ${med(a).toFixed(1)}`;
    console.log(`| ${name} | ${days} | ${f(t.off!)} | ${f(t.on!)} |`);
  }
}
await h.close();
