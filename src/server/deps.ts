import type { Db } from './db/index.ts';
import type { Engine } from './db/dialect.ts';
import type { Config } from './config.ts';
import type { Secrets } from './secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './http/rate-limit.ts';

/** What services need from the process: built once in main.ts (or a test) and passed down. */
export interface Deps {
  db: Db;
  engine: Engine;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Check every API answer against its contract's output schema (tests; off in production). */
  checkOutputs?: boolean;
}
