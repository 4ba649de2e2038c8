import path from 'node:path';
import { z } from 'zod';
import { parseClockStart } from './clock.ts';

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_BASE_URL: z.url('must be an absolute http(s) URL').optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  DEMO_DATA: flag.default(true),
  /** With DEMO_DATA: live sandbox ad-platform traffic (pings and visits) to this server's loopback URLs. */
  DEMO_TRAFFIC: flag.default(true),
  /** Serve rendered landing HTML from memory (off: Astro renders every request). */
  LANDING_CACHE: flag.default(true),
  /** Event batch: commit at the end of the event-loop turn (0) or this many ms after the first row. */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** Parsed monitor events, landing visits and click keys (docs/data-lifecycle.md); 0 keeps them, else at least 35 days (order attribution looks back 30). */
  EVENT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .max(3650)
    .refine((n) => n === 0 || n >= 35, 'must be 0 (keep) or at least 35 days (order attribution looks back 30 days)')
    .default(60),
  REJECT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * Hourly rollups and hourly ad/order facts; 0 keeps them, else at least 185 days: a 92-day board compares with the
   * 92 days before it, cut at the current hour, and that cut day is read from hourly facts.
   */
  HOURLY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .max(3650)
    .refine(
      (n) => n === 0 || n >= 185,
      'must be 0 (keep) or at least 185 days (boards compare 92 days with the 92 before, cut at the hour)',
    )
    .default(190),
  TRACKING_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(0),
  /**
   * The bound on the tracking processor's lag (docs/api-tracking.md): past this many raw rows waiting, or the oldest
   * waiting this many seconds, background jobs stop yielding to monitor ingestion.
   */
  TRACKING_MAX_LAG_ROWS: z.coerce.number().int().min(1000).max(100_000_000).default(200_000),
  TRACKING_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(10),
  /** SIGTERM: the process exits within this many seconds whatever is left to do (acknowledged pings are committed). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(300).default(10),
  /** How often the order sync pulls each union's new and changed orders (docs/jobs.md). */
  ORDER_SYNC_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('投放管理平台 <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: flag.default(false),
  JUMPTEST_ALLOW_PRIVATE: flag.default(false),
  FORCE_HTTPS: flag.default(false),
  CANONICAL_HOST: z.string().optional(),
  LEGACY_HOSTS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Optional IP region database (docs/api-tracking.md "Invalid traffic"): a MaxMind DB file of the country format
   * (GeoLite2/GeoIP2 Country or City, DB-IP country). Unset: no lookup, no `foreign_ip` verdict.
   */
  IP_REGION_DB: z.string().optional(),
  /** With IP_REGION_DB: the countries ads are delivered to (ISO 3166 codes, comma-separated); a device IP elsewhere is `foreign_ip`. */
  IP_REGION_ALLOW: z
    .string()
    .default('CN')
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (codes) => codes.length > 0 && codes.every((c) => /^[A-Z]{2}$/.test(c)),
      'must be ISO 3166 country codes separated by commas, e.g. CN or CN,HK,MO',
    ),
  /**
   * SQLite file: where the boards and the order lists read. `auto`: on a worker thread with its own connection (db/sqlite-reader.ts) while
   * monitor pings arrive faster than 500 a second, so a long read does not hold the event loop that answers them, and
   * on the server's connection otherwise (faster by a round trip per statement); `on`: always on the thread; `off`:
   * never (no thread is started).
   */
  SQLITE_READER: z
    .enum(['auto', 'on', 'off', 'true', 'false', '1', '0'])
    .default('auto')
    .transform((v): 'auto' | 'on' | 'off' => (v === 'auto' ? 'auto' : v === 'on' || v === 'true' || v === '1' ? 'on' : 'off')),
  /** Exports of at most this many rows are written during the request; larger ones by the export job. */
  EXPORT_INLINE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /**
   * Background exports are written on a worker thread with its own heap limits and database connection (SQLite
   * file, PostgreSQL server), so a million-row export leaves the server's heap alone; off: in the server's thread.
   */
  EXPORT_WORKER: flag.default(true),
  /** Only exports of at least this many rows go to a worker thread (starting one costs ~1 s of CPU: loading the code). */
  EXPORT_WORKER_MIN_ROWS: z.coerce.number().int().min(0).default(50_000),
  /** Largest export (rows); more asks the user to narrow the filters. */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(50_000_000).default(5_000_000),
  /** Finished export files are kept this long in object storage, then deleted by the cleanup job. */
  EXPORT_KEEP_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  /** Lifetime of a signed download link. */
  EXPORT_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Largest file one upload credential (`/api/oss/certificate`) allows. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** The hourly report goes out this many minutes past each hour (China time). */
  REPORT_MINUTE: z.coerce.number().int().min(0).max(59).default(5),
  /**
   * Tests and demos only: the server's clock (every service, job, lease and the in-process sandboxes) starts at this
   * instant and runs at real speed; epoch ms once parsed.
   */
  CLOCK_START: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      const ms = parseClockStart(s);
      if (ms === null)
        ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 instant with its zone, e.g. 2026-11-30T23:55:00+08:00' });
      return ms ?? undefined;
    }),
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1 << 20)
    .default(1 << 14),
  /**
   * PostgreSQL: `parallel_setup_cost` of the server's connections (db/index.ts); unset, the product's 3 000 (the
   * server's own default is 1 000).
   */
  PG_PARALLEL_SETUP_COST: z.coerce.number().min(0).max(1e9).optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parse and validate configuration from the environment; a readable error names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(clean[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export function publicBaseUrl(config: Config): string {
  return (config.PUBLIC_BASE_URL ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`).replace(/\/$/, '');
}
