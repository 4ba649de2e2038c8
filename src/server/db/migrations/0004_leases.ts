import type { Kysely } from 'kysely';

/** Frozen 2026-11-21: named leases — one holder at a time across app nodes (demo seeding, later the scheduler leader). */
export function leases() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
