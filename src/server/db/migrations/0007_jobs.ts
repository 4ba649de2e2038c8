import type { Kysely } from 'kysely';
import { type Engine, notNullDefault, withId } from '../dialect.ts';

/** Frozen 2026-11-22: the job scheduler — every run recorded (per job and key), and stored cursors/watermarks. */
export function jobs(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable('job_runs'))
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('key', 'text', notNullDefault(''))
        .addColumn('node', 'text', notNullDefault(''))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('rows', 'bigint', notNullDefault(0))
        .addColumn('runs', 'integer', notNullDefault(1))
        .addColumn('error', 'text', notNullDefault(''))
        .execute();
      await db.schema.createIndex('job_runs_job').on('job_runs').columns(['job', 'key', 'id']).execute();
      await db.schema.createIndex('job_runs_started').on('job_runs').column('started_at').execute();

      await db.schema
        .createTable('job_cursors')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('key', 'text', notNullDefault(''))
        .addColumn('value', 'text', notNullDefault(''))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_cursors_pk', ['job', 'key'])
        .execute();
    },
  };
}
