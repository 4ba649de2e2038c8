/**
 * What the plan-periods job's roll takes on a kept boards database (BENCH_KEEP, its periods rolled by a boards run):
 * a rebuild at its watermark, a slide by a day, a rebuild back — each in its own transaction, as the job runs it, with
 * `plan_period_sums` kept as on SQLite (SQLITE_OFF=1: without it, as before 0079; PG_ON=1: PostgreSQL keeps it too).
 * The database ends as it began. Run: `node bench/boards/plan-periods-roll.ts <boards.sqlite | postgres://…>`.
 */
import { periodSumsKept } from '../../src/server/ads/plan-period-sums.ts';
import { planPeriodRolls, planPeriodsThrough, rollPlanPeriods } from '../../src/server/ads/plan-periods.ts';
import { openDatabase } from '../../src/server/db/index.ts';

const target = process.argv[2] ?? '';
if (process.env.PG_ON) periodSumsKept.postgres = true;
if (process.env.SQLITE_OFF) periodSumsKept.sqlite = false;
const h = target.startsWith('postgres')
  ? await openDatabase({ databaseUrl: target })
  : await openDatabase({ sqliteFile: target, backgroundCheckpoint: false });
const through = await planPeriodsThrough(h.db);
const time = async (name: string, t: number, at: number) => {
  const s = performance.now();
  await h.db.transaction().execute((tx) => rollPlanPeriods(tx, t, at));
  console.log(name, (performance.now() - s).toFixed(0), 'ms', JSON.stringify(planPeriodRolls));
};
// a rebuild at the same watermark (0 first: a rebuild), a slide by a day, and back (a rebuild)
await h.db.updateTable('ad_plan_periods_state').set({ through_day: 0 }).execute();
await time('rebuild', through, 1);
await time('slide', through + 86_400, 2);
await h.db.updateTable('ad_plan_periods_state').set({ through_day: 0 }).execute();
await time('rebuild back', through, 3);
await h.close();
