/**
 * The settings every PostgreSQL connection of the product starts with (db/index.ts): `parallel_setup_cost`
 * (DEFAULT_PARALLEL_SETUP_COST unless PG_PARALLEL_SETUP_COST says otherwise) on each connection of the pool, not only
 * the first, and from the configuration through boot. A real server only: PGlite has no pool and no parallel workers.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../../src/server/boot.ts';
import { type DatabaseHandle, DEFAULT_PARALLEL_SETUP_COST, openDatabase } from '../../src/server/db/index.ts';
import { loadConfig } from '../../src/server/kernel/config.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import { freshPostgresDatabase } from '../support/dialects.ts';

const url = process.env.TEST_DATABASE_URL ?? '';

/** The setting as each of four connections opened at once sees it (they sleep together, so the pool opens four). */
async function seenByConnections(h: DatabaseHandle): Promise<{ pids: number; costs: string[] }> {
  const rows = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const { rows } = await sql<{
        pid: number;
        cost: string;
      }>`select pg_backend_pid() as pid, current_setting('parallel_setup_cost') as cost,
        pg_sleep(0.2)`.execute(h.db);
      return rows[0] ?? { pid: 0, cost: '' };
    }),
  );
  return { pids: new Set(rows.map((r) => r.pid)).size, costs: rows.map((r) => r.cost) };
}

describe.skipIf(!url)('PostgreSQL session settings', () => {
  it('sets parallel_setup_cost on every connection of the pool, the product default unless told', async () => {
    const fresh = await freshPostgresDatabase(url);
    try {
      const h = await openDatabase({ databaseUrl: fresh.url });
      const told = await openDatabase({ databaseUrl: fresh.url, parallelSetupCost: 1000 });
      try {
        expect(await seenByConnections(h)).toEqual({ pids: 4, costs: Array(4).fill(String(DEFAULT_PARALLEL_SETUP_COST)) });
        expect(await seenByConnections(told)).toEqual({ pids: 4, costs: ['1000', '1000', '1000', '1000'] });
      } finally {
        await h.close();
        await told.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  it('takes PG_PARALLEL_SETUP_COST from the configuration at boot', async () => {
    setLogLevel('silent');
    const fresh = await freshPostgresDatabase(url);
    try {
      const h = await openConfiguredDatabase(loadConfig({ DATABASE_URL: fresh.url, PG_PARALLEL_SETUP_COST: '2500' }));
      try {
        expect((await seenByConnections(h)).costs).toEqual(['2500', '2500', '2500', '2500']);
      } finally {
        await h.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
