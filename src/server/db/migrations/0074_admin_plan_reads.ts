import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-28: what an admin's page of every customer's plans reads besides the period sums.
 * - `ad_entities_status` (platform, level, status): a list's row count (every entity of a channel and level but the
 *   deleted ones) read from one index range, not a table row per plan (promotion/tree-store.ts `countCandidates`).
 * - Today's per-plan sums in `ad_plan_periods` (`days` = 0, ads/plan-periods.ts `TODAY`): back-filled here from the
 *   daily rows of the day after the watermark, so that the table a 0073 database kept holds them too; 0 = not ready
 *   (nothing to fill: the first roll fills them). Every later writer and roll keeps them.
 */
export function adminPlanReads(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('ad_entities_status').on('ad_entities').columns(['platform', 'level', 'status']).execute();
      await sql`insert into ad_plan_periods (days, platform, plan_id, cost_fen, shows, clicks, conversions)
        select 0, platform, plan_id, sum(cost_fen), sum(shows), sum(clicks), sum(conversions)
        from ad_facts_daily
        where day = (select through_day + 86400 from ad_plan_periods_state where id = 1 and through_day > 0)
        group by platform, plan_id`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from ad_plan_periods where days = 0`.execute(db);
      await db.schema.dropIndex('ad_entities_status').execute();
    },
  };
}
