import type { Executor } from '../kernel/executor.ts';

/**
 * The jobs feature's read API for the admin home: jobs (or keys of a job, e.g. one ad account) whose latest
 * recorded run failed — a later success clears them.
 */
export async function failingJobs(db: Executor, limit: number, offset: number) {
  const latest = db
    .selectFrom('job_runs')
    .select(['job', 'key', (eb) => eb.fn.max('id').as('id')])
    .groupBy(['job', 'key']);
  const q = db.selectFrom('job_runs').innerJoin(latest.as('latest'), 'latest.id', 'job_runs.id').where('job_runs.error', '!=', '');
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select(['job_runs.id', 'job_runs.job', 'job_runs.key', 'job_runs.error', 'job_runs.started_at', 'job_runs.finished_at'])
    .orderBy('job_runs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}
