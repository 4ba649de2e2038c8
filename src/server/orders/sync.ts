/**
 * Order sync, one union at a time (docs/jobs.md `order-sync`): from the stored watermark (minus OVERLAP_SECONDS,
 * so orders a union indexes late are read again) to now minus LAG_SECONDS, in the windows the union accepts
 * (`stepWindows`: 淘宝 3 h, 京东 1 h, 拼多多 24 h, UD one China day), the pages gathered into batches of up to BATCH
 * orders, each upserted in one transaction (ingest.ts; on PostgreSQL the next batch is read while one is written:
 * pipeline.ts). The watermark moves to a window's end once the window is done and stored, so a union error
 * mid-window resumes from there on the next run; a union seen for the first time back-fills BACKFILL_DAYS.
 */
import { type AffiliateOrder, type AffiliateUnion, stepWindows } from '../connectors/affiliate.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobResult } from '../jobs/types.ts';
import { IngestPipeline } from './pipeline.ts';

export const OVERLAP_SECONDS = 600;
export const LAG_SECONDS = 60;
export const BACKFILL_DAYS = 30;
/** Orders stored per transaction: pages are gathered up to this many (fewer statements, fewer fact rows). */
export const BATCH = 500;

export interface SyncOutcome extends JobResult {
  rows: number;
  postbacks: number;
}

/** The window a run reads: [watermark − overlap, now − lag), or the back-fill on first configuration. */
export function syncRange(watermark: number | null, now: number): { from: number; to: number } {
  const to = now - LAG_SECONDS;
  return { from: watermark === null ? now - BACKFILL_DAYS * 86400 : watermark - OVERLAP_SECONDS, to };
}

export async function syncUnion(
  deps: Pick<Deps, 'db' | 'engine' | 'clock' | 'affiliates'>,
  ctx: JobContext,
  union: AffiliateUnion,
): Promise<SyncOutcome> {
  const source = deps.affiliates[union];
  const stored = await ctx.cursor(union);
  const { from, to } = syncRange(stored === null ? null : Number(stored), deps.clock.now());
  const pipeline = new IngestPipeline(deps.db, deps.engine, () => deps.clock.now());
  const outcome = (): SyncOutcome => ({ rows: pipeline.totals.inserted + pipeline.totals.updated, postbacks: pipeline.totals.postbacks });
  if (to <= from) return outcome();
  const pending: AffiliateOrder[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await pipeline.push(pending.splice(0));
    await ctx.yield();
  };
  try {
    for (const w of stepWindows(source, { from, to })) {
      let cursor: string | null = null;
      do {
        if (ctx.signal.aborted) {
          await pipeline.settle();
          return outcome();
        }
        let page: Awaited<ReturnType<typeof source.pullOrders>>;
        try {
          page = await source.pullOrders(w, cursor, 'update');
        } catch (err) {
          await flush(); // what was read is kept; the watermark stays, so the window is read again next run
          await pipeline.settle();
          throw err;
        }
        pending.push(...page.orders);
        if (pending.length >= BATCH) await flush();
        else await ctx.yield(); // every page: monitor ingestion goes first (the union may be this process's sandbox)
        cursor = page.cursor;
      } while (cursor);
      // this window is complete and stored: the next run starts here (minus the overlap)
      await flush();
      await pipeline.settle();
      await ctx.setCursor(String(w.to), union);
    }
  } catch (err) {
    await pipeline.settle().catch(() => {}); // no write left running when the job ends; the first failure is thrown
    throw err;
  }
  return outcome();
}
