import type { Kysely } from 'kysely';

/**
 * Frozen 2026-11-24: the hourly ad facts by the time the report sync wrote them, for the order re-attribution's
 * watermark (orders/reattribute.ts: the links whose plans' facts arrived since the last pass) — without it each
 * order-sync run would scan every hourly fact.
 */
export function factsSyncedIndex() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('ad_facts_hourly_synced').on('ad_facts_hourly').columns(['synced_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('ad_facts_hourly_synced').execute();
    },
  };
}
