import { Code } from '../../shared/codes.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobDef, JobResult } from '../jobs/types.ts';
import { AppError } from '../kernel/errors.ts';
import { errorFields, log } from '../kernel/log.ts';
import { connectorFor, refreshAuth } from './credentials.ts';
import * as states from './oauth-states.ts';
import { planPeriodsJob } from './plan-periods.ts';
import * as store from './store.ts';
import * as sync from './store-sync.ts';
import { syncAccountEntities } from './sync-entities.ts';
import { reportDue, syncAccountReport } from './sync-reports.ts';

/**
 * The ad-platform sync on the scheduler (docs/jobs.md): tokens refreshed before they expire, entities and
 * statuses every few minutes, reports once an hour (re-pulling recent hours, back-filling 14 days for a new
 * account). Each account's part is its own recorded run (job_runs key = the account id, or `auth:<id>`); the
 * job lease keeps one run of a job at a time across nodes; slices yield to monitor ingestion (`ctx.yield`).
 */
export const ENTITY_JOB = 'ads-entity-sync';
export const REPORT_JOB = 'ads-report-sync';
export const TOKEN_JOB = 'ads-token-refresh';

/** Entity sync per account at most this often. */
export const ENTITY_EVERY_SECONDS = 5 * 60;
/** Refresh an access token this long before it ends. */
export const REFRESH_AHEAD_SECONDS = 30 * 60;
/** After the platform said "too many requests", leave the account alone this long (then resume from the watermark). */
export const BACKOFF_SECONDS = 10 * 60;

/**
 * Kick a sync now (on this node, or right after a run in progress): the entity sync, which kicks the report sync
 * when it finished an account's first pass (facts carry the plans' links, so plans come first).
 */
export function kickSync(deps: Pick<Deps, 'jobs'>, what: 'entities' | 'both' = 'entities'): void {
  const names = what === 'both' ? [ENTITY_JOB, REPORT_JOB] : [ENTITY_JOB];
  for (const name of names) if (deps.jobs.names().includes(name)) deps.jobs.kick(name);
}

/** The Chinese line stored with the run and shown beside the account. */
export function describeSyncError(err: unknown): { message: string; backoff: boolean } {
  if (err instanceof AppError && err.code === Code.needsReauth)
    return { message: '需要重新授权：授权已失效，请重新授权后继续同步', backoff: false };
  if (err instanceof ConnectorError) {
    switch (err.kind) {
      case 'rate_limited':
        return { message: `平台限流，暂停同步，稍后自动继续（${err.message}）`, backoff: true };
      case 'transient':
        // An unclassified code (no source says what it means): back the account off, never ask to re-authorise.
        return err.unclassified
          ? { message: `平台返回了未归类的错误，暂停同步，稍后自动重试（${err.message}）`, backoff: true }
          : { message: `平台暂时不可用，下次运行重试（${err.message}）`, backoff: false };
      case 'refresh_expired':
        return { message: '需要重新授权：授权已失效，请重新授权后继续同步', backoff: false };
      default:
        return { message: err.message, backoff: false };
    }
  }
  if (err instanceof AppError) return { message: err.message, backoff: false };
  return { message: err instanceof Error ? `同步失败：${err.message}` : '同步失败', backoff: false };
}

type Part = (deps: Deps, ctx: JobContext, account: sync.SyncAccount) => Promise<number>;

/**
 * Run `part` for every due account, each as its own recorded run; a rate limit pauses that account and its
 * platform for this run. `firsts` counts accounts whose entities synced for the first time.
 */
async function eachAccount(
  deps: Deps,
  ctx: JobContext,
  kind: 'entity' | 'report',
  due: (a: sync.SyncAccount, now: number) => boolean,
  part: Part,
): Promise<JobResult & { firsts: number }> {
  let rows = 0;
  let failed = 0;
  let firsts = 0;
  const throttled = new Set<number>();
  for (const account of await sync.accountsToSync(deps.db, kind)) {
    if (ctx.signal.aborted) break;
    const now = deps.clock.now();
    if (throttled.has(account.platform) || !due(account, now)) continue;
    const backoff = Number((await ctx.cursor(`backoff:${account.id}`)) ?? 0);
    if (backoff > now) continue;
    const result = await ctx.forKey(String(account.id), async () => {
      try {
        const n = await part(deps, ctx, account);
        if (account.entity_synced_at === 0) firsts += 1;
        await sync.setSyncResult(deps.db, account.id, deps.clock.now(), '');
        return { rows: n };
      } catch (err) {
        const { message, backoff: pause } = describeSyncError(err);
        if (!(err instanceof ConnectorError) && !(err instanceof AppError))
          log.error('ad sync failed', { account: account.id, ...errorFields(err) });
        if (pause) {
          throttled.add(account.platform);
          await ctx.setCursor(String(deps.clock.now() + BACKOFF_SECONDS), `backoff:${account.id}`);
        }
        await sync.setSyncResult(deps.db, account.id, deps.clock.now(), message);
        return { rows: 0, error: message };
      }
    });
    rows += result.rows ?? 0;
    if (result.error) failed += 1;
    await ctx.yield();
  }
  return failed ? { rows, firsts, error: `${failed} 个广告账户同步失败（见各账户的同步记录）` } : { rows, firsts };
}

export function entitySyncJob(deps: Deps): JobDef {
  return {
    name: ENTITY_JOB,
    schedule: { everyMs: 60_000 },
    coalesceMs: 10 * 60_000,
    async run(ctx) {
      const { firsts, ...result } = await eachAccount(
        deps,
        ctx,
        'entity',
        (a, now) => a.entity_synced_at <= now - ENTITY_EVERY_SECONDS,
        syncAccountEntities,
      );
      // A new account's plans are known now: its back-fill can start.
      if (firsts && deps.jobs.names().includes(REPORT_JOB)) deps.jobs.kick(REPORT_JOB);
      return result;
    },
  };
}

export function reportSyncJob(deps: Deps): JobDef {
  return {
    name: REPORT_JOB,
    // Checked every minute; each account is due once an hour (a new one after its first entity pass).
    schedule: { everyMs: 60_000 },
    coalesceMs: 60 * 60_000,
    leaseSeconds: 120,
    run: async (ctx) => {
      const { firsts: _firsts, ...result } = await eachAccount(deps, ctx, 'report', reportDue, syncAccountReport);
      return result;
    },
  };
}

/** Refresh OAuth tokens ahead of their end; an authorisation whose refresh token ran out needs the user. */
export function tokenRefreshJob(deps: Deps): JobDef {
  return {
    name: TOKEN_JOB,
    schedule: { everyMs: 10 * 60_000 },
    coalesceMs: 60 * 60_000,
    async run(ctx) {
      const now = deps.clock.now();
      let rows = 0;
      for (const a of await sync.authsPastRefresh(deps.db, now)) {
        await store.markAuth(deps.db, a.id, 'reauth', '授权已过期，请重新授权', now);
        rows += 1;
      }
      for (const auth of await sync.authsToRefresh(deps.db, now + REFRESH_AHEAD_SECONDS)) {
        if (ctx.signal.aborted) break;
        const r = await ctx.forKey(`auth:${auth.id}`, async () => {
          try {
            await refreshAuth(deps, connectorFor(deps, auth.platform), auth);
            return { rows: 1 };
          } catch (err) {
            return { rows: 0, error: describeSyncError(err).message };
          }
        });
        rows += r.rows ?? 0;
        await ctx.yield();
      }
      await states.pruneStates(deps.db, now - 86400);
      return { rows };
    },
  };
}

export const adJobs = (deps: Deps): JobDef[] => [tokenRefreshJob(deps), entitySyncJob(deps), reportSyncJob(deps), planPeriodsJob(deps)];
