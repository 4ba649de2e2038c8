import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AffiliateRegistry } from '../../src/server/affiliate/provider.ts';
import { createApp } from '../../src/server/app.ts';
import { boot } from '../../src/server/boot.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import type { AdPlatformRegistry, Deps } from '../../src/server/deps.ts';
import type { SchedulerOptions } from '../../src/server/jobs/scheduler.ts';
import type { Clock } from '../../src/server/kernel/clock.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import type { DialectCase } from './dialects.ts';

export interface TestApp {
  deps: Deps;
  /** The database under this app (share it with a second app instance). */
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
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
  clock?: Clock;
  affiliates?: AffiliateRegistry;
  adPlatforms?: AdPlatformRegistry;
  scheduler?: Partial<SchedulerOptions>;
}

export const TEST_SECRETS = { tokenSecret: Buffer.from('test-token-secret-test-token-secret!!'), encryptionKey: Buffer.alloc(32, 7) };

/** The API app on a fresh database of `dialect`, with the dependency set built by the same `boot()` as the server. */
export async function makeTestApp(dialect: DialectCase, env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  setLogLevel('silent');
  const handle = opts.handle ?? (await dialect.open());
  const booted = await boot({
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-test-')),
      SCRYPT_COST: '1024',
      DEMO_DATA: 'off',
      TRUST_PROXY: 'on',
      MAX_BODY_BYTES: String(64 * 1024),
      LOG_LEVEL: 'silent',
      ...env,
    },
    handle,
    secrets: TEST_SECRETS,
    clock: opts.clock,
    affiliates: opts.affiliates,
    adPlatforms: opts.adPlatforms,
    scheduler: opts.scheduler,
    checkOutputs: true,
  });
  const { deps } = booted;
  const app = createApp(deps);
  return {
    deps,
    handle,
    app,
    async post(p, body, o = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': o.ip ?? '10.0.0.1' };
      if (o.token) headers.authorization = o.token;
      const res = await app.request(p, { method: 'POST', headers, body: o.raw ?? (body === undefined ? '' : JSON.stringify(body)) });
      return { status: res.status, body: (await res.json()) as Envelope<never> };
    },
    async close() {
      await booted.close();
      if (!opts.handle) await handle.close();
    },
  };
}
