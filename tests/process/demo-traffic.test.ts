/**
 * The demo world against the real server: on first start the demo customers' ad accounts are authorised over HTTP
 * through the in-process sandbox, and the sandbox's delivery engine (DEMO_TRAFFIC) pings the demo links' monitor
 * URLs and visits their landing pages over loopback — stored, parsed and rolled up without rejects.
 */

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { freePort } from '../support/ports.ts';
import { startServer } from './fixture.ts';

describe('the demo world’s ad traffic', () => {
  it('authorises the demo accounts and delivers to the demo links: stored, parsed and rolled up without rejects', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-demo-')); // empty: the demo world is seeded on start
    const child = await startServer(dataDir, await freePort(), {
      DEMO_DATA: 'on',
      DEMO_TRAFFIC: 'on',
      SCRYPT_COST: '1024',
    });
    const live = new DatabaseSync(path.join(dataDir, 'toufang.sqlite'), { readOnly: true });
    const count = (sql: string) => Number((live.prepare(sql).get() as { n: number }).n);
    for (let i = 0; i < 600 && count('SELECT count(*) AS n FROM ad_accounts') < 20; i++) await new Promise((r) => setTimeout(r, 100));
    const accounts = count('SELECT count(*) AS n FROM ad_accounts');
    // Delivery is day-shaped (quiet at night): wait for a handful of pings rather than a fixed time.
    for (let i = 0; i < 300 && count('SELECT count(*) AS n FROM monitor_raw') < 10; i++) await new Promise((r) => setTimeout(r, 100));
    live.close();
    child.proc.kill('SIGTERM');
    expect(await child.exited, child.output()).toBe(0);
    expect(accounts, child.output()).toBe(20);

    const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
    const raw = await h.db.selectFrom('monitor_raw').select(['pageid']).execute();
    const rejects = await h.db.selectFrom('monitor_rejects').select(['reason', 'detail']).execute();
    const roll = await h.db
      .selectFrom('rollup_hourly')
      .select((eb) => [eb.fn.sum<number>('shows').as('s'), eb.fn.sum<number>('clicks').as('c')])
      .executeTakeFirstOrThrow();
    const demoLinks = new Set((await h.db.selectFrom('links').select('pageid').where('demo', '=', 1).execute()).map((l) => l.pageid));
    const auths = await h.db.selectFrom('ad_auths').select(['platform', 'state']).execute();
    await h.close();
    expect(demoLinks.size).toBe(23);
    expect(auths.map((a) => a.state)).toEqual(Array(20).fill('active'));
    expect(new Set(auths.map((a) => a.platform))).toEqual(new Set([2, 4, 5, 8, 10]));
    expect(raw.length).toBeGreaterThanOrEqual(10);
    expect(raw.every((r) => demoLinks.has(r.pageid))).toBe(true);
    expect(rejects).toEqual([]);
    expect(Number(roll.s)).toBeGreaterThan(0);
  }, 120_000);
});
