import type { Kysely } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/**
 * Frozen 2026-11-27: invalid traffic (issue 23). Every parsed click, show and landing visit carries the processor's
 * verdict (`invalid`: '' valid, else the reason, shared/invalid-traffic.ts), and the rollups count the invalid ones
 * beside the valid ones (`shows` / `clicks` / `visits` stay the counted, valid events). Existing rows read as valid
 * with no invalid traffic: they were counted before verdicts existed. Constant defaults: on PostgreSQL adding the
 * columns rewrites nothing.
 */
export function invalidTraffic() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('monitor_events').addColumn('invalid', 'text', notNullDefault('')).execute();
      await db.schema.alterTable('visit_events').addColumn('invalid', 'text', notNullDefault('')).execute();
      for (const table of ['rollup_hourly', 'rollup_daily'])
        for (const col of ['invalid_shows', 'invalid_clicks', 'invalid_visits'])
          await db.schema.alterTable(table).addColumn(col, 'bigint', notNullDefault(0)).execute();
    },
  };
}
