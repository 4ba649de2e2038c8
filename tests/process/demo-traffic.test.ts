/** The demo traffic loop against the real server: live pings and visits arrive over loopback and parse cleanly. */

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { startServer } from './fixture.ts';

describe('demo traffic', () => {
  it('sends shows, clicks and visits to the demo links that are stored, parsed and rolled up without rejects', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-demo-')); // empty: the demo world is seeded on start
    const child = await startServer(dataDir, 20_000 + Math.floor(Math.random() * 20_000), {
      DEMO_DATA: 'on',
      DEMO_TRAFFIC: 'on',
      SCRYPT_COST: '1024',
    });
    await new Promise((r) => setTimeout(r, 6000));
    child.proc.kill('SIGTERM');
    expect(await child.exited, child.output()).toBe(0);
    const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
    const count = async (t: 'monitor_raw' | 'monitor_rejects' | 'landing_visits') =>
      Number(
        (
          await h.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const raw = await count('monitor_raw');
    const rejects = await h.db.selectFrom('monitor_rejects').select(['reason', 'detail']).execute();
    const roll = await h.db
      .selectFrom('rollup_hourly')
      .select((eb) => [eb.fn.sum<number>('shows').as('s'), eb.fn.sum<number>('clicks').as('c')])
      .executeTakeFirstOrThrow();
    const demoLinks = await h.db.selectFrom('links').select('pageid').where('demo', '=', 1).execute();
    await h.close();
    expect(demoLinks).toHaveLength(12);
    expect(raw).toBeGreaterThan(5);
    expect(rejects).toEqual([]);
    expect(Number(roll.s)).toBeGreaterThan(0);
  });
});
