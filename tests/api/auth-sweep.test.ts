import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../support/dialects.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/** Every API route but the public ones refuses a caller without a token: read from the app's own route table. */
const PUBLIC = new Set(['/capi/api/user/login', '/capi/api/user/send', '/capi/api/user/find', '/healthz', '/metrics']);

describe.each(dialects().slice(0, 1))('authentication on every route ($name)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('answers 1009 without a token on every non-public route', async () => {
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && !PUBLIC.has(r.path));
    expect(routes.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:[a-z_]+(\{[^}]*\})?/gi, 'x').replace(/\*$/, 'x');
      const res = await t.app.request(path, { method: r.method, headers: { 'content-type': 'application/json' }, body: r.method === 'GET' ? undefined : '{}' });
      const body = (await res.json()) as { code: number };
      if (body.code !== 1009) open.push(`${r.method} ${r.path} → ${body.code}`);
    }
    expect(open).toEqual([]);
  });
});
