import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { loadSecrets } from './secrets.ts';
import { openDatabase, migrateToLatest, type DatabaseHandle } from './db/index.ts';
import { createMailer } from './mail/mailer.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { setLogLevel } from './log.ts';
import type { Deps } from './deps.ts';

export interface Booted {
  deps: Deps;
  handle: DatabaseHandle;
}

/** Open the configured database (PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR) and migrate. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { sqliteFile: path.join(config.dataDir, 'toufang.sqlite') },
  );
  await migrateToLatest(handle);
  return handle;
}

/** Everything a process needs (server or CLI), from the environment. */
export async function boot(env: NodeJS.ProcessEnv = process.env): Promise<Booted> {
  const config = loadConfig(env);
  setLogLevel(config.LOG_LEVEL);
  const secrets = loadSecrets(config);
  const handle = await openConfiguredDatabase(config);
  const mailer = createMailer(handle.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  return { handle, deps: { db: handle.db, engine: handle.engine, config, secrets, mailer, limiter: new RateLimiter() } };
}
