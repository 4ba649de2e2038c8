/**
 * The orders feature's jobs: `order-sync` pulls each configured union's orders (sync.ts; one keyed run per union, so
 * one union's failure is recorded and the others go on), attributes again the orders whose plans' report facts
 * arrived since (reattribute.ts), and kicks `order-postback` when conversions were queued; `order-postback` sends them (postback.ts). Both run on the scheduler's leader; the postback job also runs where
 * it is kicked.
 */
import { AFFILIATE_UNIONS } from '../connectors/affiliate.ts';
import type { Deps } from '../deps.ts';
import type { JobDef } from '../jobs/types.ts';
import { runPostbacks } from './postback.ts';
import { reattributeFromFacts } from './reattribute.ts';
import { syncUnion } from './sync.ts';

export const SYNC_JOB = 'order-sync';
export const POSTBACK_JOB = 'order-postback';

export function orderSyncJob(deps: Deps): JobDef {
  return {
    name: SYNC_JOB,
    schedule: { everyMs: deps.config.ORDER_SYNC_SECONDS * 1000 },
    leaseSeconds: 120,
    async run(ctx) {
      let rows = 0;
      let postbacks = 0;
      const failed: string[] = [];
      for (const union of AFFILIATE_UNIONS) {
        if (!deps.unions.enabled[union] || ctx.signal.aborted) continue;
        const r = await ctx.forKey(union, async () => {
          const out = await syncUnion(deps, ctx, union);
          postbacks += out.postbacks;
          return { rows: out.rows };
        });
        rows += r.rows ?? 0;
        if (r.error) failed.push(`${union}: ${r.error}`);
      }
      // orders without a plan whose plans' report facts have arrived since (reattribute.ts)
      if (!ctx.signal.aborted) {
        const again = await reattributeFromFacts(deps, ctx);
        rows += again.changed;
        postbacks += again.postbacks;
      }
      if (postbacks > 0) deps.jobs.kick(POSTBACK_JOB);
      return failed.length ? { rows, error: `订单同步失败：${failed.join('；').slice(0, 900)}` } : { rows };
    },
  };
}

export function postbackJob(deps: Deps): JobDef {
  return { name: POSTBACK_JOB, schedule: { everyMs: 30_000 }, run: (ctx) => runPostbacks(deps, ctx) };
}
