import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../src/shared/api/index.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

describe.each(dialects().slice(0, 1))('the API document ($name)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('/capi/openapi.json is OpenAPI 3.1 and documents every contract with its access rule', async () => {
    const res = await t.app.request('/capi/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { summary: string; description: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const c of allContracts) {
      const op = doc.paths[c.path]?.[c.method.toLowerCase()];
      expect(op?.summary, c.path).toBe(c.summary);
      expect(op?.description, c.path).toContain(`\`${c.access}\``);
    }
  });

  it('/capi/docs is a readable page that loads nothing from outside', async () => {
    const html = await (await t.app.request('/capi/docs')).text();
    expect(html).toContain('/capi/openapi.json');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const js = await t.app.request('/capi/docs/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('gzip');
  });
});
