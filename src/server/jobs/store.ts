import type { Executor } from '../kernel/executor.ts';

/** Job runs and cursors. */

export async function insertRun(
  db: Executor,
  row: { job: string; key: string; node: string; started_at: number; finished_at: number | null; rows: number; error: string },
): Promise<number> {
  const r = await db
    .insertInto('job_runs')
    .values({ ...row, runs: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function finishRun(db: Executor, id: number, finishedAt: number, rows: number, error: string): Promise<void> {
  await db.updateTable('job_runs').set({ finished_at: finishedAt, rows, error }).where('id', '=', id).execute();
}

/** Fold one more successful run into a coalesced row. */
export async function addToRun(db: Executor, id: number, finishedAt: number, rows: number): Promise<void> {
  await db
    .updateTable('job_runs')
    .set((eb) => ({ finished_at: finishedAt, rows: eb('rows', '+', rows), runs: eb('runs', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** When each job last finished (or started, if it never finished), epoch seconds: where a new leader picks up the schedule. */
export async function lastRunTimes(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('job_runs')
    .select((eb) => ['job', eb.fn.max(eb.fn.coalesce('finished_at', 'started_at')).as('at')])
    .where('key', '=', '')
    .groupBy('job')
    .execute();
  return new Map(rows.map((r) => [r.job, Number(r.at)]));
}

/** The latest runs, newest first (the mandate screen shows an account's; tests and operators read them). */
export function recentRuns(db: Executor, filter: { job?: string; key?: string; limit?: number } = {}) {
  let q = db.selectFrom('job_runs').selectAll();
  if (filter.job !== undefined) q = q.where('job', '=', filter.job);
  if (filter.key !== undefined) q = q.where('key', '=', filter.key);
  return q
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 50)
    .execute();
}

export async function pruneRuns(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('job_runs').where('started_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function readCursor(db: Executor, job: string, key: string): Promise<string | null> {
  const r = await db.selectFrom('job_cursors').select('value').where('job', '=', job).where('key', '=', key).executeTakeFirst();
  return r ? r.value : null;
}

export async function writeCursor(db: Executor, job: string, key: string, value: string, at: number): Promise<void> {
  await db
    .insertInto('job_cursors')
    .values({ job, key, value, updated_at: at })
    .onConflict((oc) => oc.columns(['job', 'key']).doUpdateSet({ value, updated_at: at }))
    .execute();
}
