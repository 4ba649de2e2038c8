import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { dialects } from '../support/dialects.ts';

const real = dialects().find((d) => d.name === 'postgres');

/** A PostgreSQL restart or an administrator killing connections must not crash the process. */
describe.skipIf(!real)('PostgreSQL connection loss', () => {
  it('survives idle connections being terminated and reconnects on the next query', async () => {
    setLogLevel('silent');
    const h = await real!.open();
    try {
      await h.db.selectFrom('users').select('id').execute();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query('select current_database() as me');
      const dbName = (await h.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()).name;
      expect(rows[0].me).not.toBe(dbName);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      // the dead idle connection was dropped; the next query opens a fresh one
      expect(await h.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
