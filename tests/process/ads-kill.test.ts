/**
 * `kill -9` during a report sync: the real server (in-process sandbox) back-fills 14 days of a large 巨量
 * account; the process is killed mid-way, restarted on the same data, and the sync resumes from its last
 * committed slice. Afterwards the product's facts equal what the platform holds, hour for hour, fen for fen —
 * nothing missing, nothing twice.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKFILL_DAYS } from '../../src/server/ads/sync-reports.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import type { AuthStart } from '../../src/shared/ad-auth.ts';
import { chinaDayStart, hourStart } from '../../src/shared/china-clock.ts';
import { consent } from '../support/ad-sandbox.ts';
import { clockEnv, runningNow } from '../support/clock.ts';
import { callbackOf } from '../support/factories-ads.ts';
import { freePort } from '../support/ports.ts';
import { type Child, startServer } from './fixture.ts';

const PLANS = 120;
const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
});

const post = async <T>(base: string, p: string, body: unknown, token?: string): Promise<{ code: number; msg: string; data: T }> => {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
};
const admin = async <T>(base: string, p: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${base}/sandbox/juliang/_admin${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
};

describe('a report sync killed with -9', () => {
  it('resumes after a restart and ends with exactly the platform’s facts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-adkill-'));
    const env = { SCRYPT_COST: '1024', DEMO_TRAFFIC: 'off', LOG_LEVEL: 'warn' };
    const added = spawnSync(
      process.execPath,
      ['src/server/cli/main.ts', 'user:add', '--email', 'kill@x.cn', '--password', 'secret1', '--role', '3'],
      {
        env: { ...process.env, ...clockEnv(), DATA_DIR: dataDir, ...env },
        encoding: 'utf8',
      },
    );
    expect(added.status, added.stderr).toBe(0);

    const p = await freePort();
    const first = await startServer(dataDir, p, env);
    children.push(first);
    const seeded = await admin<{ advertisers: Array<{ id: string }> }>(first.base, '/seed', {
      advertisers: [
        {
          name: '大账户',
          balanceFen: 10_000_000_000,
          // The sandbox takes at most 200 plans per campaign.
          campaigns: [0, 1].map((c) => ({
            name: `组${c}`,
            plans: Array.from({ length: PLANS / 2 }, (_, i) => ({ name: `计划${c}-${i}`, bidFen: 50 + (i % 7) })),
          })),
        },
      ],
    });
    const advertiserId = seeded.advertisers[0]!.id;
    await admin(first.base, '/history', { days: 14 });

    const token = (await post<{ jwt: string }>(first.base, '/capi/api/user/login', { email: 'kill@x.cn', password: 'secret1' })).data.jwt;
    const start = await post<AuthStart>(first.base, '/capi/napi/auth/create', { platform: 2 }, token);
    const { location } = await consent(start.data.url, 'approve', [advertiserId]);
    expect((await post(first.base, '/capi/napi/auth/callback', { platform: 2, ...callbackOf(location) }, token)).code).toBe(1);

    // Watch the watermark move, and kill the server in the middle of the back-fill.
    const db = new DatabaseSync(path.join(dataDir, 'toufang.sqlite'), { readOnly: true });
    const watermark = () =>
      Number((db.prepare('SELECT report_synced_to AS w FROM ad_accounts').get() as { w: number } | undefined)?.w ?? 0);
    // The sync reaches the end of the current hour; its back-fill began 14 China days before the day it started
    // (reportStart). At 23:xx the target is tomorrow's 00:00: the window's start is not chinaDayStart(target).
    const syncStarted = runningNow();
    const target = hourStart(syncStarted) + 3600;
    for (let i = 0; i < 6000 && watermark() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const atKill = watermark();
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(atKill, 'the kill landed in the middle of the back-fill').toBeGreaterThan(0);
    expect(atKill).toBeLessThan(target);
    const hoursAtKill = Number((db.prepare('SELECT count(*) AS n FROM ad_facts_hourly').get() as { n: number }).n);

    const second = await startServer(dataDir, p, env);
    children.push(second);
    for (let i = 0; i < 2400 && watermark() < target; i++) await new Promise((r) => setTimeout(r, 50));
    expect(watermark()).toBe(target);
    db.close();
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // The platform's own numbers (its store), for the synced range.
    const from = chinaDayStart(syncStarted) - BACKFILL_DAYS * 86400;
    const sandbox = new DatabaseSync(path.join(dataDir, 'sandbox', 'adplatforms.sqlite'), { readOnly: true });
    const platform = sandbox
      .prepare(
        `SELECT count(*) AS n, sum(d.hist_cost_fen) AS cost, sum(d.hist_shows) AS shows FROM delivery d
         JOIN entities e ON e.platform = d.platform AND e.level = 'plan' AND e.id = d.plan_id
         WHERE d.platform = 'juliang' AND e.advertiser_id = ? AND d.hour >= ? AND d.hour < ?`,
      )
      .get(advertiserId, from, target) as { n: number; cost: number; shows: number };
    sandbox.close();
    const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
    const ours = await h.db
      .selectFrom('ad_facts_hourly')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('cost_fen').as('cost'), eb.fn.sum<number>('shows').as('shows')])
      .executeTakeFirstOrThrow();
    const daily = await h.db
      .selectFrom('ad_facts_daily')
      .select((eb) => eb.fn.sum<number>('cost_fen').as('cost'))
      .executeTakeFirstOrThrow();
    await h.close();
    expect(hoursAtKill).toBeLessThan(Number(platform.n));
    expect([Number(ours.n), Number(ours.cost), Number(ours.shows)]).toEqual([
      Number(platform.n),
      Number(platform.cost),
      Number(platform.shows),
    ]);
    expect(Number(daily.cost)).toBe(Number(platform.cost));
  }, 180_000);
});
