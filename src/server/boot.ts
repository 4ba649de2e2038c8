/**
 * The one boot function and the process wiring: it builds the dependency set from the environment for the
 * server process, the CLI and every test alike (tests pass an open database, fixed secrets, a manual clock or
 * fake connectors), and it is where implementations of the seams are chosen (through `wiring/`, the only place
 * besides main.ts that knows the sandboxes exist).
 */

import path from 'node:path';
import { authenticate } from './accounts/session.ts';
import { adJobs } from './ads/jobs.ts';
import { pddAuthorityJob } from './affiliate/jobs.ts';
import { newNodeId } from './cluster/lease.ts';
import type { AffiliateConnectors } from './connectors/affiliate.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/index.ts';
import type { AdPlatformRegistry, Deps } from './deps.ts';
import { exportCleanupJob, exportJob } from './exports/jobs.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { jobRunsRetentionJob } from './jobs/housekeeping.ts';
import { Scheduler, type SchedulerOptions } from './jobs/scheduler.ts';
import { type Clock, OffsetClock, systemClock } from './kernel/clock.ts';
import { type Config, loadConfig } from './kernel/config.ts';
import { Lifecycle } from './kernel/lifecycle.ts';
import { log, setLogLevel } from './kernel/log.ts';
import { Metrics } from './kernel/metrics.ts';
import { IngestPressure } from './kernel/pressure.ts';
import { loadSecrets, type Secrets } from './kernel/secrets.ts';
import { lifecycleJob } from './lifecycle/jobs.ts';
import { partitionsJob } from './lifecycle/partition-job.ts';
import { LinkEvents } from './links/events.ts';
import { MAIL_JOB, mailJob } from './mail/jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { orderSyncJob, postbackJob } from './orders/jobs.ts';
import { statusHistoryJob } from './promotion/jobs.ts';
import { accountRollupJob } from './promotion/rollup.ts';
import { LocalDirectoryStorage } from './publish/storage.ts';
import { hourlyReportJob } from './reports/jobs.ts';
import { rulesJob } from './rules/jobs.ts';
import { processorJob, retentionJob } from './tracking/jobs.ts';
import { type IpRegion, openIpRegion } from './tracking/verdict/region.ts';
import { connectorsFor } from './wiring/connectors.ts';

export interface BootOptions {
  /** The environment to read configuration from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Configuration already read (an export worker thread gets its server's); by default from `env`. */
  config?: Config;
  /** An open, migrated database (tests); by default the configured one is opened and migrated. */
  handle?: DatabaseHandle;
  /** Fixed keys (tests); by default from the environment or DATA_DIR/secrets.json. */
  secrets?: Secrets;
  clock?: Clock;
  /** Replace external systems (tests: a failing union, a recording connector). */
  affiliates?: AffiliateConnectors;
  adPlatforms?: AdPlatformRegistry;
  scheduler?: Partial<SchedulerOptions>;
  /** Check every API answer against its contract's output schema (tests). */
  checkOutputs?: boolean;
}

export interface Booted {
  deps: Deps;
  handle: DatabaseHandle;
  /** Release what boot made: the scheduler (waits for running jobs), the mail transport, and the database when boot opened it. */
  close(): Promise<void>;
}

/** Open the configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR) and migrate. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.DATABASE_URL
      ? {
          databaseUrl: config.DATABASE_URL,
          parallelSetupCost: config.PG_PARALLEL_SETUP_COST,
          onConnectionError: (err) => log.warn('PostgreSQL connection error', { err: err.message }),
        }
      : {
          sqliteFile: path.join(config.dataDir, 'toufang.sqlite'),
          readerThread: config.SQLITE_READER !== 'off',
          onCheckpointError: (message) => log.warn('SQLite background checkpoint failed', { err: message }),
        },
  );
  await migrateToLatest(handle);
  return handle;
}

/** IP_REGION_DB, read once at start (a bad file stops the start with a ConfigError); null when unset. */
async function openConfiguredIpRegion(config: Config): Promise<IpRegion | null> {
  if (!config.IP_REGION_DB) return null;
  const region = await openIpRegion(config.IP_REGION_DB, config.IP_REGION_ALLOW);
  log.info('IP region database', { file: config.IP_REGION_DB, ...region.description, allow: config.IP_REGION_ALLOW });
  return region;
}

export async function boot(opts: BootOptions = {}): Promise<Booted> {
  const env = opts.env ?? process.env;
  const config = opts.config ?? loadConfig(env);
  setLogLevel(config.LOG_LEVEL);
  const ipRegion = await openConfiguredIpRegion(config);
  const secrets = opts.secrets ?? loadSecrets(config);
  const handle = opts.handle ?? (await openConfiguredDatabase(config));
  // CLOCK_START (tests, demos): the clock starts at that instant and runs at real speed.
  const clock = opts.clock ?? (config.CLOCK_START === undefined ? systemClock : new OffsetClock(config.CLOCK_START));
  const nodeId = newNodeId();
  const pressure = new IngestPressure({ maxLag: config.TRACKING_MAX_LAG_ROWS, maxLagSeconds: config.TRACKING_MAX_LAG_SECONDS });
  const jobs = new Scheduler({ db: handle.db, clock, nodeId, pressure }, opts.scheduler);
  // The union and ad-platform connectors: real hosts when configured, else the in-process sandbox (SANDBOX on).
  const connectors = connectorsFor(env, config, clock);
  const mailer = createMailer(handle.db, clock, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, onQueued: () => jobs.kick(MAIL_JOB) });
  const deps: Deps = {
    db: handle.db,
    readDb: handle.readDb,
    engine: handle.engine,
    dbSource: handle.source,
    config,
    secrets,
    clock,
    nodeId,
    lifecycle: new Lifecycle(),
    metrics: new Metrics(),
    pressure,
    jobs,
    mailer,
    limiter: new RateLimiter(() => clock.nowMs()),
    storage: new LocalDirectoryStorage(path.join(config.dataDir, 'oss')),
    linkEvents: new LinkEvents(),
    authenticate: (authorization) => authenticate(deps, authorization),
    affiliates: opts.affiliates ?? connectors.affiliates,
    unions: connectors.unions,
    adPlatforms: opts.adPlatforms ?? connectors.adPlatforms,
    ipRegion,
    checkOutputs: opts.checkOutputs,
  };
  // Every feature's jobs. They run where the server calls `deps.jobs.start()` (one leader among the nodes);
  // a kick (queued mail) runs its job on any node.
  jobs.register(processorJob(deps), mailJob(deps), jobRunsRetentionJob(deps), orderSyncJob(deps), postbackJob(deps));
  jobs.register(exportJob(deps), exportCleanupJob(deps), hourlyReportJob(deps));
  jobs.register(statusHistoryJob(deps), accountRollupJob(deps));
  jobs.register(...adJobs(deps));
  if (config.RAW_RETENTION_DAYS > 0) jobs.register(retentionJob(deps));
  jobs.register(lifecycleJob(deps));
  if (deps.engine === 'postgres') jobs.register(partitionsJob(deps));
  jobs.register(pddAuthorityJob(deps));
  jobs.register(rulesJob(deps));
  return {
    deps,
    handle,
    async close() {
      await jobs.stop();
      mailer.close();
      if (!opts.handle) await handle.close();
    },
  };
}
