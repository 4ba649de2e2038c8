import type { AdPlatform, AdPlatformConnector } from './connectors/ad-platform.ts';
import type { AffiliateConnectors } from './connectors/affiliate.ts';
import type { UnionSettings } from './connectors/affiliate-config.ts';
import type { Engine } from './db/dialect.ts';
import type { DatabaseSource } from './db/index.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { Authenticate } from './kernel/actor.ts';
import type { Clock } from './kernel/clock.ts';
import type { Config } from './kernel/config.ts';
import type { Db } from './kernel/executor.ts';
import type { Lifecycle } from './kernel/lifecycle.ts';
import type { Metrics } from './kernel/metrics.ts';
import type { IngestPressure } from './kernel/pressure.ts';
import type { Secrets } from './kernel/secrets.ts';
import type { LinkEvents } from './links/events.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ObjectStorage } from './publish/storage.ts';
import type { IpRegion } from './tracking/verdict/region.ts';

/** Ad-platform connectors by platform; a platform is absent until its connector is configured or sandboxed. */
export type AdPlatformRegistry = Readonly<Partial<Record<AdPlatform, AdPlatformConnector>>>;

/**
 * What services need from the process: built once by `boot()` (the process, the CLI and every test alike) and
 * passed down. External systems arrive here as registries keyed by platform; module-level state does not exist.
 */
export interface Deps {
  db: Db;
  /**
   * For long reads that write nothing (the boards, the order lists): on a SQLite file, a connection on a worker thread
   * (db/sqlite-reader.ts), so the event loop answers pings meanwhile; absent or `db` elsewhere. `readerOf` decides,
   * `forReads` hands it to a service.
   */
  readDb?: Db;
  engine: Engine;
  /** Where the database lives, for a worker thread's own connection (exports); null for memory and PGlite. */
  dbSource?: DatabaseSource | null;
  config: Config;
  secrets: Secrets;
  /** The one source of "now" (a `ManualClock` in tests). */
  clock: Clock;
  /** This process's identity as a lease holder (unique per dependency set, so two in one test process differ). */
  nodeId: string;
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** Background work yields to monitor ingestion through this (fed by the tracking wiring). */
  pressure: IngestPressure;
  /** The job scheduler: every feature's jobs registered; started by the server process only. */
  jobs: Scheduler;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Published artefacts (landing HTML): `DATA_DIR/oss/` by default. */
  storage: ObjectStorage;
  linkEvents: LinkEvents;
  /** Token → caller (the accounts feature's sessions), for the HTTP layer. */
  authenticate: Authenticate;
  /** Affiliate unions (淘宝联盟, 京东联盟, 拼多多, 阿里妈妈 UD): the connectors, real hosts or the sandbox by configuration. */
  affiliates: AffiliateConnectors;
  /** Which unions are configured, and the 淘宝 adzone pool links take theirs from. */
  unions: UnionSettings;
  adPlatforms: AdPlatformRegistry;
  /** The operator's IP region database (IP_REGION_DB, tracking/verdict/region.ts); null when none is configured. */
  ipRegion: IpRegion | null;
  /** Check every API answer against its contract's output schema (tests; off in production). */
  checkOutputs?: boolean;
}

/**
 * The connection for a long read that writes nothing: the reader thread's (db/sqlite-reader.ts) when there is one and
 * SQLITE_READER is `on`, or `auto` while pings arrive at the rate at which background jobs share the loop or did in
 * the last 30 s (`IngestPressure.sharing()`); else the server's connection, which answers a few milliseconds sooner
 * (bench/README.md "SQLite boards on a reader thread"). Decided once per call: a call's statements read on one
 * connection.
 */
export function readerOf(deps: Pick<Deps, 'db' | 'readDb' | 'config' | 'pressure'>): Db {
  const mode = deps.config.SQLITE_READER;
  if (!deps.readDb || mode === 'off') return deps.db;
  return mode === 'on' || deps.pressure.sharing() ? deps.readDb : deps.db;
}

/** `deps` with `db` the connection `readerOf` picks: for a service that only reads (the boards, the order lists). */
export const forReads = (deps: Deps): Deps => ({ ...deps, db: readerOf(deps) });
