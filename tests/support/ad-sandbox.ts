/**
 * Contract-test harness: the ad-platform sandbox on a loopback port (real HTTP, port 0), a fake monitor
 * server that records every ping and landing visit, the admin API, and a consent-page walker that does what
 * a browser does (GET the page, POST the form, read the redirect).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AdPlatformConnector } from '../../src/server/connectors/ad-platform.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import type { Clock } from '../../src/server/kernel/clock.ts';
import { setLogLevel } from '../../src/server/kernel/log.ts';
import type { SeededAdvertiser, SeedSpec } from '../../src/server/sandbox/adplatforms/admin.ts';
import { type AdPlatformSandbox, createAdPlatformSandbox } from '../../src/server/sandbox/adplatforms/index.ts';
import type { RecordedRequest } from '../../src/server/sandbox/adplatforms/kit.ts';
import { type AdPlatform, type OAuthPlatform, SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { testClock } from './clock.ts';

export const FOREIGN_APP = { appId: '1780000000000999', appSecret: 'another-app-secret' };

export interface Harness {
  sandbox: AdPlatformSandbox;
  /** The sandbox's clock (default `testClock()`): give the same one to the app (`makeTestApp(…, { clock })`). */
  clock: Clock;
  /** http://127.0.0.1:PORT/sandbox */
  base: string;
  monitor: MonitorServer;
  admin<T = Record<string, unknown>>(platform: AdPlatform, method: string, path: string, body?: unknown): Promise<T>;
  seed(platform: AdPlatform, spec: SeedSpec): Promise<SeededAdvertiser[]>;
  requests(platform: AdPlatform, pathPart?: string): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

export interface MonitorServer {
  base: string;
  hits: URL[];
  close(): Promise<void>;
}

export async function startMonitor(): Promise<MonitorServer> {
  const hits: URL[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

export async function startSandbox(opts: { clock?: Clock } = {}): Promise<Harness> {
  const clock = opts.clock ?? testClock();
  setLogLevel('silent');
  let handler: ((req: Request, env: unknown) => Response | Promise<Response>) | null = null;
  const server = serve({ fetch: (req, env) => handler!(req, env), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}/sandbox`;
  const sandbox = createAdPlatformSandbox({
    file: ':memory:',
    publicBase: base,
    now: () => clock.now(),
    live: false,
    delivery: { seed: 7 },
    extraApps: (['juliang', 'tengxun', 'kuaishou', 'xiaohongshu', 'weibo'] as OAuthPlatform[]).map((platform) => ({
      platform,
      ...FOREIGN_APP,
    })),
  });
  handler = sandbox.app.fetch;
  const monitor = await startMonitor();
  const admin = async <T>(platform: AdPlatform, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/${platform}/_admin${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T & { ok?: boolean; error?: string };
    if (json.ok !== true) throw new Error(`admin ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    sandbox,
    clock,
    base,
    monitor,
    admin,
    seed: async (platform, spec) => (await admin<{ advertisers: SeededAdvertiser[] }>(platform, 'POST', '/seed', spec)).advertisers,
    requests: async (platform, pathPart) =>
      (await admin<{ requests: RecordedRequest[] }>(platform, 'GET', '/requests')).requests.filter(
        (r) => !pathPart || r.path.includes(pathPart),
      ),
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await monitor.close();
      await sandbox.close();
    },
  };
}

/** Walk the consent page like a browser: GET it, tick `advertiserIds` (all offered when omitted), approve or refuse; return the redirect. */
export async function consent(
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  advertiserIds?: string[],
): Promise<{ page: string; location: URL }> {
  const res = await fetch(authorizeUrl, { headers: { accept: 'text/html' } });
  const page = await res.text();
  if (res.status !== 200) throw new Error(`consent page ${res.status}: ${page}`);
  const hidden = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m) => [m[1]!, unescapeHtml(m[2]!)] as const,
  );
  const offered = [...page.matchAll(/name="advertiser_id" value="([^"]+)"/g)].map((m) => m[1]!);
  const form = new URLSearchParams(hidden as Array<[string, string]>);
  for (const id of advertiserIds ?? offered) form.append('advertiser_id', id);
  form.set('decision', decision);
  const post = await fetch(authorizeUrl, { method: 'POST', body: form, redirect: 'manual' });
  if (post.status !== 302) throw new Error(`consent decision ${post.status}: ${await post.text()}`);
  return { page, location: new URL(post.headers.get('location')!) };
}
const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** A fast retry policy for tests (the same code paths, shorter waits). */
export const FAST_HTTP = { timeoutMs: 1500, retries: 3, rateLimitRetries: 4, baseDelayMs: 5, maxDelayMs: 50 };

/** The 巨量 connector pointed at this harness's sandbox (its sandbox app, fast retries). */
export function sandboxJuliang(h: Harness): AdPlatformConnector {
  return createJuliangConnector({
    ...SANDBOX_APPS.juliang,
    apiBase: `${h.base}/juliang/open_api`,
    authBase: `${h.base}/juliang`,
    postbackBase: `${h.base}/juliang/analytics/api/v2`,
    http: FAST_HTTP,
  });
}

/** Wait until `cond` holds (monitor pings arrive asynchronously to the sender's bookkeeping). */
export async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms; // a deadline in elapsed real time, not the tests' clock
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
