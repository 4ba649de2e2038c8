import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createUnionSandbox, type UnionSandbox, type UnionSandboxOptions } from '../../src/server/sandbox/unions/index.ts';
import type { UnionName } from '../../src/server/sandbox/unions/store.ts';
import { runningNowMs } from './clock.ts';

/** The affiliate sandbox on a real loopback port (port 0), as the connectors meet it in production. */
export interface RunningSandbox {
  url: string;
  sandbox: UnionSandbox;
  /** Call the union's admin API with its sandbox key. */
  admin<T = unknown>(union: UnionName, path: string, body?: unknown): Promise<T>;
  /** Follow a promotion / landing URL as a shopper (no redirect follow); returns the recorded click. */
  click(url: string, headers?: Record<string, string>): Promise<{ status: number; location: string; clickId: string }>;
  close(): Promise<void>;
}

/** `opts.now` (epoch ms) is the union's clock: by default the pinned test instant running at real speed. */
export async function startSandbox(opts: Partial<UnionSandboxOptions> = {}): Promise<RunningSandbox> {
  let url = '';
  const sandbox = createUnionSandbox({ file: ':memory:', publicBaseUrl: () => url, historyDays: 0, now: runningNowMs, ...opts });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secretOf = (u: UnionName) => (u === 'pdd' ? sandbox.keys.pdd.clientSecret : sandbox.keys[u].appSecret);
  const admin = async <T>(union: UnionName, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/sandbox/${union}/_admin${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-sandbox-key': secretOf(union), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    url,
    sandbox,
    admin,
    async click(target, headers = {}) {
      const res = await fetch(target, { redirect: 'manual', headers });
      await res.arrayBuffer();
      const union = /\/sandbox\/(\w+)\//.exec(target)![1] as UnionName;
      const clicks = await admin<Array<{ id: string }>>(union, '/clicks?limit=1');
      return { status: res.status, location: res.headers.get('location') ?? '', clickId: clicks[0]?.id ?? '' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          sandbox.close();
          resolve();
        });
      }),
  };
}
