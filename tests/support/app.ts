import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { boot } from '../../src/server/boot.ts';
import type { AffiliateConnectors } from '../../src/server/connectors/affiliate.ts';
import { SANDBOX_DEFAULTS } from '../../src/server/connectors/affiliate-config.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import type { AdPlatformRegistry, Deps } from '../../src/server/deps.ts';
import type { SchedulerOptions } from '../../src/server/jobs/scheduler.ts';
import type { Clock } from '../../src/server/kernel/clock.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import { testClock } from './clock.ts';
import type { DialectCase } from './dialects.ts';
import { type RunningSandbox, startSandbox } from './unions.ts';

export interface TestApp {
  deps: Deps;
  /** The database under this app (share it with a second app instance). */
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  /** The affiliate-union sandbox the app's union connectors talk to over real HTTP. */
  unions: RunningSandbox;
  /** POST JSON (or a raw string body) and read the envelope. */
  post<T = unknown>(
    path: string,
    body?: unknown,
    opts?: { token?: string; ip?: string; raw?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Share an open database (two app instances on one database); the caller closes it. */
  handle?: DatabaseHandle;
  /** Default: `testClock()`, a ManualClock at the pinned test instant. */
  clock?: Clock;
  affiliates?: AffiliateConnectors;
  /** Share a running union sandbox (a second app node); by default each app starts its own and closes it. */
  unionSandbox?: RunningSandbox;
  /** Days of history the app's own union sandbox back-fills for a new link (default 0). */
  unionHistoryDays?: number;
  adPlatforms?: AdPlatformRegistry;
  scheduler?: Partial<SchedulerOptions>;
}

export const TEST_SECRETS = { tokenSecret: Buffer.from('test-token-secret-test-token-secret!!'), encryptionKey: Buffer.alloc(32, 7) };

/** The union connectors' settings for a sandbox at `url` (its own keys and ids, as a configured union). */
export function unionEnv(url: string): Record<string, string> {
  const d = SANDBOX_DEFAULTS;
  return {
    TAOBAO_API_BASE: `${url}/sandbox/taobao`,
    TAOBAO_APP_KEY: d.taobao.appKey,
    TAOBAO_APP_SECRET: d.taobao.appSecret,
    TAOBAO_PID: d.taobao.pid,
    TAOBAO_ADZONES: d.taobao.adzones,
    UD_API_BASE: `${url}/sandbox/ud`,
    UD_APP_KEY: d.ud.appKey,
    UD_APP_SECRET: d.ud.appSecret,
    JD_API_BASE: `${url}/sandbox/jd`,
    JD_APP_KEY: d.jd.appKey,
    JD_APP_SECRET: d.jd.appSecret,
    JD_SITE_ID: d.jd.siteId,
    JD_POSITION_ID: d.jd.positionId,
    PDD_API_BASE: `${url}/sandbox/pdd`,
    PDD_APP_KEY: d.pdd.appKey,
    PDD_APP_SECRET: d.pdd.appSecret,
    PDD_PID: d.pdd.pid,
    AFFILIATE_RETRIES: '1',
    AFFILIATE_TIMEOUT_MS: '5000',
  };
}

/** The API app on a fresh database of `dialect`, with the dependency set built by the same `boot()` as the server. */
export async function makeTestApp(dialect: DialectCase, env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  setLogLevel('silent');
  // the pinned test instant (tests/support/clock.ts), standing still unless the test moves it
  const clock = opts.clock ?? testClock();
  const unions = opts.unionSandbox ?? (await startSandbox({ now: () => clock.nowMs(), historyDays: opts.unionHistoryDays ?? 0 }));
  const handle = opts.handle ?? (await dialect.open());
  const booted = await boot({
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-test-')),
      SCRYPT_COST: '1024',
      DEMO_DATA: 'off',
      TRUST_PROXY: 'on',
      MAX_BODY_BYTES: String(64 * 1024),
      LOG_LEVEL: 'silent',
      ...unionEnv(unions.url),
      ...env,
    },
    handle,
    secrets: TEST_SECRETS,
    clock,
    affiliates: opts.affiliates,
    // no ad platform unless a test brings one (an ad sandbox on a loopback port): nothing leaves the test
    adPlatforms: opts.adPlatforms ?? {},
    scheduler: opts.scheduler,
    checkOutputs: true,
  });
  const { deps } = booted;
  const app = createApp(deps);
  let closed = false;
  return {
    deps,
    handle,
    app,
    unions,
    async post(p, body, o = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': o.ip ?? '10.0.0.1' };
      if (o.token) headers.authorization = o.token;
      const res = await app.request(p, { method: 'POST', headers, body: o.raw ?? (body === undefined ? '' : JSON.stringify(body)) });
      return { status: res.status, body: (await res.json()) as Envelope<never> };
    },
    async close() {
      // idempotent: a test may close an app (a node going away) that its cleanup closes again
      if (closed) return;
      closed = true;
      await booted.close();
      if (!opts.handle) await handle.close();
      if (!opts.unionSandbox) await unions.close();
    },
  };
}
