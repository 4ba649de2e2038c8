/**
 * The real server as a child process, with its in-process union and ad-platform sandboxes: an ad click lands on a
 * link's landing page, the shopper follows its jump into 淘宝联盟, the union places a paid order, the order sync
 * queues its conversion — and the platform takes the conversion and holds its answer while the server is killed
 * (-9): the platform has it, the product has not recorded it. On restart, what happens is what the platform does
 * with a repeat (orders/postback-guarantee.ts):
 * - 巨量 dedupes on properties.order_id: the conversion is sent again with the same key and counted once;
 * - 快手 does not dedupe: nothing is resent; the row is 待确认 in the order list until the owner says 已收到.
 * Either way the platform counts the conversion once. A graceful restart afterwards sends nothing more.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { clockEnv, runningNow } from '../support/clock.ts';
import { freePort } from '../support/ports.ts';
import { type Child, prepareDataDir, startServer } from './fixture.ts';

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

interface Conversion {
  accepted: boolean;
  planId: string | null;
  reason: string;
}

const PLATFORMS = {
  juliang: { state: 2, conversionPath: '/analytics/api/v2/conversion' },
  kuaishou: { state: 5, conversionPath: '/track/activate' },
} as const;

describe('conversion postback across kill -9 between the platform’s acceptance and our record', () => {
  let server: Child | null = null;
  afterEach(() => {
    server?.proc.kill('SIGKILL');
  });

  async function scenario(platform: keyof typeof PLATFORMS) {
    const dataDir = await prepareDataDir();
    const p = await freePort();
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
        { platform: 2, state: PLATFORMS[platform].state, item: '612345678901', isdirect: 1, title: '进程测试' },
        token,
      )
    ).data;
    const seeded = await call<{ advertisers: Array<{ campaigns: Array<{ plans: Array<{ id: string }> }> }> }>(
      base,
      `/sandbox/${platform}/_admin/seed`,
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
    // the platform takes the conversion, then holds its answer long enough for us to kill the server
    await call(base, `/sandbox/${platform}/_admin/faults`, {
      kind: 'hold',
      count: 1,
      match: PLATFORMS[platform].conversionPath,
      delayMs: 60_000,
    });
    const sent = await call<{ sent: { follows: number } }>(base, `/sandbox/${platform}/_admin/deliver`, {
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
    const conversions = async () =>
      (await call<{ conversions: Conversion[] }>(server!.base, `/sandbox/${platform}/_admin/conversions`)).conversions;

    // the platform has it, we have not recorded it: kill now
    await until(
      async () => (await postbackState(dataDir)) === 'sending' && (await conversions()).length === 1,
      25_000,
      'the platform holding the answer',
    );
    server.proc.kill('SIGKILL');
    await server.exited;
    server = await startServer(dataDir, p, ENV);
    return { dataDir, p, token, order, conversions };
  }

  const counted = (cs: Conversion[]) => cs.filter((c) => c.accepted && c.planId !== null).length;

  it('巨量 (dedupes on order_id): sent again after the restart, counted once', async () => {
    const { dataDir, p, conversions } = await scenario('juliang');
    await until(async () => (await postbackState(dataDir)) === 'sent', 60_000, 'the conversion sent again after the restart');
    const cs = await conversions();
    expect(cs.map((c) => c.accepted)).toEqual([true, true]);
    expect(counted(cs)).toBe(1);

    server!.proc.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    server = await startServer(dataDir, p, ENV);
    await new Promise((r) => setTimeout(r, 3000));
    expect(counted(await conversions())).toBe(1);
    expect(await postbackState(dataDir)).toBe('sent');
  });

  it('快手 (no dedupe): never resent; 待确认 in the order list until the owner says 已收到; counted once', async () => {
    const { dataDir, p, token, order, conversions } = await scenario('kuaishou');
    await until(async () => (await postbackState(dataDir)) === 'in_doubt', 60_000, 'the row held 待确认 after the restart');
    await new Promise((r) => setTimeout(r, 3000)); // more postback runs: nothing is sent
    expect(await conversions()).toHaveLength(1);

    type Page = { data: { list: Array<{ order_id: string; postback_state: string; postback_error: string }> } };
    const listed = await call<Page>(server!.base, '/capi/api/order/index', { sync_call: 4 }, token);
    expect(listed.data.list.map((o) => [o.order_id, o.postback_state])).toEqual([[order.id, 'in_doubt']]);
    expect(listed.data.list[0]!.postback_error).toContain('无法确定平台是否已收到');

    const settled = await call<{ code: number; data: { postback_state: string } }>(
      server!.base,
      '/capi/napi/order/postback/settle',
      { orderid: order.id, action: 'received' },
      token,
    );
    expect(settled).toMatchObject({ code: 1, data: { postback_state: 'sent' } });

    server!.proc.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    server = await startServer(dataDir, p, ENV);
    await new Promise((r) => setTimeout(r, 3000));
    const cs = await conversions();
    expect(cs).toHaveLength(1);
    expect(counted(cs)).toBe(1);
    expect(await postbackState(dataDir)).toBe('sent');
  });
});
