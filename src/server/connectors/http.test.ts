import { describe, expect, it } from 'vitest';
import { setLogLevel } from '../kernel/log.ts';
import { ConnectorError } from './errors.ts';
import { backoffMs, DEFAULT_HTTP_POLICY, type FetchLike, HttpClient, redactUrl } from './http.ts';

setLogLevel('silent');

function script(answers: Array<Response | Error>): { fetch: FetchLike; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (url) => {
      calls.push(url);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    },
  };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers });
const interpretCode = (a: { body: unknown }) => {
  const b = a.body as { code: number; data?: unknown };
  if (b.code === 40100) throw new ConnectorError('t', 'rate_limited', 'limited', '40100');
  if (b.code !== 0) throw new ConnectorError('t', 'refused', 'no', String(b.code));
  return b.data;
};

describe('HttpClient', () => {
  const sleeps: number[] = [];
  const deps = (f: FetchLike) => ({ fetch: f, sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 });

  it('retries 5xx and network errors within the policy, then succeeds', async () => {
    const s = script([new Response('bad', { status: 502 }), new TypeError('fetch failed'), json({ code: 0, data: 7 })]);
    const c = new HttpClient('t', { retries: 3 }, deps(s.fetch));
    expect(await c.call({ method: 'GET', url: 'http://127.0.0.1/x' }, interpretCode)).toBe(7);
    expect(s.calls).toHaveLength(3);
  });

  it('makes the fresh part (a signed call’s nonce and timestamp) anew for every attempt, before the fixed query', async () => {
    const s = script([new Response('bad', { status: 502 }), json({ code: 0, data: 'ok' })]);
    const heard: string[] = [];
    const seen =
      (f: FetchLike): FetchLike =>
      async (url, init) => {
        heard.push(new Headers(init?.headers).get('nonce') ?? '');
        return f(url, init);
      };
    let n = 0;
    const c = new HttpClient('t', { retries: 1 }, deps(seen(s.fetch)));
    const fresh = () => {
      n++;
      return { query: { nonce: `n${n}`, page: 0 }, headers: { nonce: `h${n}` } };
    };
    expect(await c.call({ method: 'GET', url: 'http://127.0.0.1/x', fresh, query: { page: 2 } }, interpretCode)).toBe('ok');
    expect(s.calls.map((u) => new URL(u).search)).toEqual(['?nonce=n1&page=2', '?nonce=n2&page=2']);
    expect(heard).toEqual(['h1', 'h2']);
  });

  it('gives up after the bounded number of retries with a Chinese message', async () => {
    const s = script([new Response('', { status: 503 }), new Response('', { status: 503 }), new Response('', { status: 503 })]);
    const c = new HttpClient('t', { retries: 2 }, deps(s.fetch));
    const err = await c.call({ method: 'GET', url: 'http://127.0.0.1/x' }, interpretCode).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).kind).toBe('transient');
    expect((err as ConnectorError).message).toContain('HTTP 503');
    expect(s.calls).toHaveLength(3);
  });

  it('backs off on a platform rate-limit code and on 429 (honouring Retry-After), then resumes', async () => {
    sleeps.length = 0;
    const s = script([json({ code: 40100 }), json({}, 429, { 'retry-after': '2' }), json({ code: 0, data: 'ok' })]);
    const c = new HttpClient('t', { baseDelayMs: 10 }, deps(s.fetch));
    expect(await c.call({ method: 'POST', url: 'http://127.0.0.1/x', json: { a: 1 } }, interpretCode)).toBe('ok');
    expect(sleeps[1]).toBeGreaterThanOrEqual(2000);
  });

  it('does not retry a refusal', async () => {
    const s = script([json({ code: 40001 })]);
    const c = new HttpClient('t', {}, deps(s.fetch));
    await expect(c.call({ method: 'GET', url: 'http://127.0.0.1/x' }, interpretCode)).rejects.toMatchObject({
      kind: 'refused',
      platformCode: '40001',
    });
    expect(s.calls).toHaveLength(1);
  });

  it('times out a slow platform and reports it as transient', async () => {
    const slow: FetchLike = (_u, init) =>
      new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const c = new HttpClient('t', { timeoutMs: 20, retries: 0 }, { fetch: slow });
    await expect(c.call({ method: 'GET', url: 'http://127.0.0.1/x' }, interpretCode)).rejects.toMatchObject({
      kind: 'transient',
      message: expect.stringContaining('超时'),
    });
  });

  it('keeps 64-bit ids exact both ways', async () => {
    let sent = '';
    const f: FetchLike = async (_u, init) => {
      sent = String(init.body);
      return new Response('{"code":0,"data":{"id":7301234567890123456,"n":12}}');
    };
    const c = new HttpClient('t', {}, { fetch: f });
    const { rawId } = await import('../../shared/lossless-json.ts');
    const data = await c.call(
      { method: 'POST', url: 'http://127.0.0.1/x', json: { ad_ids: [rawId('7301234567890123457')] } },
      interpretCode,
    );
    expect(sent).toBe('{"ad_ids":[7301234567890123457]}');
    expect(data).toEqual({ id: '7301234567890123456', n: 12 });
  });
});

describe('redaction and back-off', () => {
  it('masks secret-looking query values', () => {
    const u = redactUrl(
      'https://api.e.qq.com/oauth/token?client_id=1&client_secret=abc&access_token=t&refresh_token=r&authorization_code=c&page=2',
    );
    expect(u).not.toMatch(/abc|=t&|=r&|=c&/);
    expect(u).toContain('client_id=1');
    expect(u).toContain('page=2');
  });
  it('caps the jittered delay', () => {
    expect(backoffMs(DEFAULT_HTTP_POLICY, 20, () => 1)).toBe(DEFAULT_HTTP_POLICY.maxDelayMs);
    expect(backoffMs(DEFAULT_HTTP_POLICY, 0, () => 0, 1500)).toBe(1500);
  });
});
