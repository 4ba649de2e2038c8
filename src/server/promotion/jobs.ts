/**
 * The status history of campaigns, plans and creatives (a plan detail's 状态历史): the sync owns `ad_entities`
 * and overwrites statuses in place, so this job reads the entities the sync touched since its cursor
 * (`synced_at`, id) and appends a `promote_status_log` row for each whose status differs from its last logged one.
 * Changes made here log themselves at once (source `change`).
 */
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import * as store from './store.ts';

export const STATUS_HISTORY_JOB = 'promotion.status-history';
const SLICE = 500;

export function statusHistoryJob(deps: Pick<Deps, 'db'>): JobDef {
  return {
    name: STATUS_HISTORY_JOB,
    schedule: { everyMs: 60_000 },
    async run(ctx) {
      const [at0, id0] = ((await ctx.cursor()) ?? '0:0').split(':').map(Number) as [number, number];
      let at = at0;
      let id = id0;
      let logged = 0;
      for (;;) {
        const rows = await store.syncedAfter(deps.db, at, id, SLICE);
        if (rows.length === 0) break;
        const last = await store.lastLogged(deps.db, rows);
        const changed = rows.filter((r) => {
          const l = last.get(`${r.platform}:${r.level}:${r.entity_id}`);
          return !l || l.raw_status !== r.raw_status || l.status !== r.status || Number(l.enabled) !== Number(r.enabled);
        });
        await store.insertStatusLog(
          deps.db,
          changed.map((r) => ({
            platform: Number(r.platform),
            level: r.level,
            entity_id: r.entity_id,
            customerid: Number(r.customerid),
            raw_status: r.raw_status,
            status: r.status,
            enabled: Number(r.enabled),
            source: 'sync',
            at: Number(r.synced_at),
          })),
        );
        logged += changed.length;
        const tail = rows[rows.length - 1]!;
        at = Number(tail.synced_at);
        id = Number(tail.id);
        await ctx.setCursor(`${at}:${id}`);
        if (rows.length < SLICE || ctx.signal.aborted) break;
        await ctx.yield();
      }
      return { rows: logged };
    },
  };
}
