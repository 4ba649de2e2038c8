import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../src/shared/api/index.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

/**
 * Routes that are not envelope endpoints (no contract): health, metrics, the API document; and three that a signed,
 * expiring token in the request authorises instead of a session — the local object store's form upload (the
 * certificate's policy and signature: tests/api/oss.test.ts), an export's file (the download link's signature and
 * owner: tests/api/exports.test.ts), the hourly e-mail's unsubscribe link (tests/api/hourly-report.test.ts).
 */
const NOT_CONTRACTS = new Set([
  'POST /capi/oss/upload',
  'GET /capi/napi/export/file/:id',
  'GET /capi/api/report/unsubscribe',
  'POST /capi/api/report/unsubscribe',
  'GET /healthz',
  'GET /metrics',
  'GET /capi/openapi.json',
  'GET /capi/docs',
  'GET /capi/docs/swagger-ui.css',
  'GET /capi/docs/swagger-ui-bundle.js',
]);

describe.each(dialects().slice(0, 1))('authentication on every route ($name)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('every route of the app is a contract or a known non-envelope route', () => {
    const contracts = new Set(allContracts.map((c) => `${c.method} ${c.path}`));
    const stray = t.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !contracts.has(k) && !NOT_CONTRACTS.has(k));
    expect(stray).toEqual([]);
  });

  it('answers 1009 without a token on every non-public contract', async () => {
    const guarded = allContracts.filter((c) => c.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const c of guarded) {
      const res = await t.app.request(c.path, {
        method: c.method,
        headers: { 'content-type': 'application/json' },
        body: c.method === 'GET' ? undefined : '{}',
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== 1009) open.push(`${c.method} ${c.path} → ${body.code}`);
    }
    expect(open).toEqual([]);
  });
});
