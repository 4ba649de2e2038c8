import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onError } from '../../src/server/http/envelope.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

describe('the envelope on failures', () => {
  it('answers an unexpected error with 5000, the request id and no stack trace', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      c.set('requestId' as never, 'req-123' as never);
      await next();
    });
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.onError(onError);
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 5000, msg: '服务器开小差了，请稍后再试（请求编号 req-123）', data: null });
  });
});

describe.each(dialects().slice(0, 1))('transport edge cases on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await makeTestApp(dialect)));
  afterAll(() => t.close());

  it('refuses a streamed (chunked) oversized body with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await t.app.request('/capi/api/user/login', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(4013);
  });

  it('answers GET on a POST route and unknown prefixes with 4004', async () => {
    for (const path of ['/capi/api/user/login', '/capi/api/nothing', '/fcadbacklong/capi/x']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 4004, msg: '接口不存在，请检查请求地址', data: null });
    }
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.request('/capi/api/user/info', { method: 'POST' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports health and metrics', async () => {
    expect(await (await t.app.request('/healthz')).json()).toEqual({
      status: 'ok',
      database: dialect.name === 'sqlite' ? 'sqlite' : 'postgres',
      tracking: { backlog_rows: 0, lag_seconds: 0 },
    });
    const metrics = await (await t.app.request('/metrics')).text();
    expect(metrics).toContain('http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(metrics).toContain('# TYPE http_request_duration_seconds histogram');
  });
});
