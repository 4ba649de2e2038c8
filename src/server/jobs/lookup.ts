import type { Executor } from '../kernel/executor.ts';

/** The scheduler's read API for features: the recorded runs of some keys (e.g. an ad account and its authorisation) of some jobs. */
export async function runsOfKeys(db: Executor, jobs: string[], keys: string[], offset: number, limit: number) {
  const q = db
    .selectFrom('job_runs')
    .where('job', 'in', jobs.length ? jobs : [''])
    .where('key', 'in', keys.length ? keys : ['']);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A job's stored cursors (e.g. `order-sync`'s watermark per union), for features that judge how fresh its data is. */
export const cursorsOf = (db: Executor, job: string) =>
  db.selectFrom('job_cursors').select(['key', 'value', 'updated_at']).where('job', '=', job).execute();
