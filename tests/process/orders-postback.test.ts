/**
 * The real server as a child process, with its in-process union and ad-platform sandboxes: a 巨量 click lands on a
 * link's landing page, the shopper follows its jump into 淘宝联盟, the union places a paid order, the order sync
 * queues its conversion — and the server is killed (-9) while the conversion call hangs at the platform. The
 * restarted server sends it again: the platform accepts it once. A graceful restart afterwards sends nothing more.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { clockEnv, runningNow } from '../support/clock.ts';
import { type Child, prepareDataDir, startServer } from './fixture.ts';

const port = () => 21_000 + Math.floor(Math.random() * 20_000);
const TAOBAO_KEY = { 'x-sandbox-key': 'sandbox-taobao-secret' };
const ENV = { ORDER_SYNC_SECONDS: '1', SCRYPT_COST: '1024', DEMO_TRAFFIC: 'off', LOG_LEVEL: 'error' };

async function call<T>(base: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function postbackState(dataDir: string): Promise<string | undefined> {
  const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
  try {
    return (await h.db.selectFrom('postbacks').select('state').executeTakeFirst())?.state;
  } finally {
    await h.close();
  }
}

async function until(what: () => Promise<boolean>, ms: number, label: string): Promise<void> {
  const end = Date.now() + ms; // a deadline in elapsed real time, not the server's clock
  while (!(await what())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('conversion postback across kill -9', () => {
  let server: Child | null = null;
  afterEach(() => {
    server?.proc.kill('SIGKILL');
  });

  it('is sent again after the node died mid-send, and accepted once', async () => {
    const dataDir = await prepareDataDir();
    const p = port();
    const cli = spawnSync(
      process.execPath,
      ['src/server/cli/main.ts', 'user:add', '--email', 'shop@x.cn', '--password', 'secret123', '--role', '3', '--company', '店铺'],
      { env: { ...process.env, ...clockEnv(), DATA_DIR: dataDir, PORT: String(p), ...ENV }, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    server = await startServer(dataDir, p, ENV);
    const base = server.base;
    const login = await call<{ data: { jwt: string } }>(base, '/capi/api/user/login', { email: 'shop@x.cn', password: 'secret123' });
    const token = { authorization: login.data.jwt };
    const link = (
      await call<{ data: { pageid: string; monitor_touch_url: string; landing_url: string } }>(
        base,
        '/capi/napi/link/create',
        { platform: 2, state: 2, item: '612345678901', isdirect: 1, title: '进程测试' },
        token,
      )
    ).data;
    const seeded = await call<{ advertisers: Array<{ campaigns: Array<{ plans: Array<{ id: string }> }> }> }>(
      base,
      '/sandbox/juliang/_admin/seed',
      {
        advertisers: [
          {
            name: '进程测试广告主',
            campaigns: [{ name: '项目', plans: [{ name: '计划', clickUrl: link.monitor_touch_url, landingUrl: link.landing_url }] }],
          },
        ],
      },
    );
    const planId = seeded.advertisers[0]!.campaigns[0]!.plans[0]!.id;
    // the platform will hold the conversion call long enough for us to kill the server in the middle of it
    await call(base, '/sandbox/juliang/_admin/faults', {
      kind: 'timeout',
      count: 1,
      match: '/analytics/api/v2/conversion',
      delayMs: 60_000,
    });
    const sent = await call<{ sent: { follows: number } }>(base, '/sandbox/juliang/_admin/deliver', {
      planId,
      shows: 0,
      clicks: 1,
      landingRate: 1,
      followRate: 1,
    });
    expect(sent.sent.follows).toBe(1);
    const [click] = await call<Array<{ id: string }>>(base, '/sandbox/taobao/_admin/clicks?limit=1', undefined, TAOBAO_KEY);
    const now = runningNow();
    const order = await call<{ id: string }>(
      base,
      '/sandbox/taobao/_admin/orders',
      { clickId: click!.id, fate: 'settled', timeline: { created_at: now - 100, paid_at: now - 90 } },
      TAOBAO_KEY,
    );

    await until(async () => (await postbackState(dataDir)) === 'sending', 60_000, 'the conversion call in flight');
    server.proc.kill('SIGKILL');
    await server.exited;

    server = await startServer(dataDir, p, ENV);
    await until(async () => (await postbackState(dataDir)) === 'sent', 60_000, 'the conversion sent after the restart');
    type Conversions = { conversions: Array<{ accepted: boolean; payload: { properties?: { order_id?: string } } }> };
    const mine = async () =>
      (await call<Conversions>(server!.base, '/sandbox/juliang/_admin/conversions')).conversions.filter(
        (c) => c.payload.properties?.order_id === order.id,
      );
    expect((await mine()).map((c) => c.accepted)).toEqual([true]);

    // a graceful restart: the sent conversion stays sent
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startServer(dataDir, p, ENV);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mine()).map((c) => c.accepted)).toEqual([true]);
    expect(await postbackState(dataDir)).toBe('sent');
  });
});
