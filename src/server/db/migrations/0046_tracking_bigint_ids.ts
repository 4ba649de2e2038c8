import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/** Tables that take one row per ping or visit. */
const PER_PING = ['monitor_raw', 'landing_visits', 'monitor_events', 'visit_events', 'monitor_rejects'] as const;

/**
 * Frozen 2026-11-24: on PostgreSQL the per-ping tables' ids become bigint. `serial` is a 32-bit integer: at the
 * 5 000 pings a second the product is sized for, `monitor_raw` would run out of ids after about five days
 * (2^31 / 5 000 / 86 400). The column and its sequence both widen; on a large table the type change rewrites the
 * table once (the upgrade waits for it). SQLite's integer ids are 64-bit already.
 */
export function trackingBigintIds(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      for (const table of PER_PING) {
        await sql`alter table ${sql.table(table)} alter column id type bigint`.execute(db);
        const { rows } = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(db);
        if (rows[0]?.seq) await sql`alter sequence ${sql.raw(rows[0].seq)} as bigint`.execute(db);
      }
    },
  };
}
