import type { Db } from './kernel/executor.ts';
import type { Engine } from './db/dialect.ts';
import type { Config } from './kernel/config.ts';
import type { Secrets } from './kernel/secrets.ts';
import type { Clock } from './kernel/clock.ts';
import type { Lifecycle } from './kernel/lifecycle.ts';
import type { Metrics } from './kernel/metrics.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './http/rate-limit.ts';

/** What services need from the process: built once by `boot()` (the process, the CLI and every test alike) and passed down. */
export interface Deps {
  db: Db;
  engine: Engine;
  config: Config;
  secrets: Secrets;
  /** The one source of "now" (a `ManualClock` in tests). */
  clock: Clock;
  /** This process's identity as a lease holder (unique per dependency set, so two in one test process differ). */
  nodeId: string;
  lifecycle: Lifecycle;
  metrics: Metrics;
  mailer: Mailer;
  limiter: RateLimiter;
}
