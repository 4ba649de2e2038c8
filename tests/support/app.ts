import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { RateLimiter } from '../../src/server/http/rate-limit.ts';
import { setLogLevel } from '../../src/server/log.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Envelope } from '../../src/shared/codes.ts';
import type { DialectCase } from './dialects.ts';

export interface TestApp {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** POST JSON (or a raw string body) and read the envelope. */
  post<T = unknown>(path: string, body?: unknown, opts?: { token?: string; ip?: string; raw?: string }): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function makeTestApp(dialect: DialectCase, env: Record<string, string> = {}): Promise<TestApp> {
  setLogLevel('silent');
  const handle = await dialect.open();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-test-')),
    SCRYPT_COST: '1024',
    DEMO_DATA: 'off',
    TRUST_PROXY: 'on',
    MAX_BODY_BYTES: String(64 * 1024),
    ...env,
  });
  const mailer = createMailer(handle.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const deps: Deps = {
    db: handle.db,
    engine: handle.engine,
    config,
    secrets: { tokenSecret: Buffer.from('test-token-secret-test-token-secret!!'), encryptionKey: Buffer.alloc(32, 7) },
    mailer,
    limiter: new RateLimiter(),
    checkOutputs: true,
  };
  const app = createApp(deps);
  return {
    deps,
    app,
    async post(p, body, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? '10.0.0.1' };
      if (opts.token) headers.authorization = opts.token;
      const res = await app.request(p, { method: 'POST', headers, body: opts.raw ?? (body === undefined ? '' : JSON.stringify(body)) });
      return { status: res.status, body: (await res.json()) as Envelope<never> };
    },
    async close() {
      mailer.close();
      await handle.close();
    },
  };
}
