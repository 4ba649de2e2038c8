/**
 * The real server as a child process: every ping answered 204 is in the database, whether the process
 * is stopped gracefully (SIGTERM mid-load → exit 0, batch drained, raw rows processed) or killed (-9).
 */

import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { type Child, prepareDataDir, startServer } from './fixture.ts';

const port = () => 20_000 + Math.floor(Math.random() * 20_000);

function ping(agent: Agent, base: string, seq: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}/m/${seq % 3 === 0 ? 's' : 'c'}/810001?ch=2&adv=1700&aid=71&cb=cb${seq}&seq=${seq}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Workers ping until `stop()`; returns the acknowledged sequence numbers. */
function load(base: string, workers: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  const acked: number[] = [];
  const other = new Map<number, number>();
  let seq = 0;
  let running = true;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (running) {
        const n = seq++;
        const status = await ping(agent, base, n);
        if (status === 204) acked.push(n);
        else {
          other.set(status, (other.get(status) ?? 0) + 1);
          if (status === 0) await new Promise((r) => setTimeout(r, 5));
        }
      }
    }),
  );
  return {
    acked,
    other,
    async stop() {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

async function storedSeqs(dataDir: string): Promise<{ seqs: Set<number>; unprocessed: number; clicks: number; shows: number }> {
  const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
  const rows = await h.db.selectFrom('monitor_raw').select(['query', 'processed']).execute();
  const roll = await h.db
    .selectFrom('rollup_hourly')
    .select((eb) => [eb.fn.sum<number>('clicks').as('c'), eb.fn.sum<number>('shows').as('s')])
    .executeTakeFirstOrThrow();
  await h.close();
  const seqs = new Set(rows.map((r) => Number(/seq=(\d+)/.exec(r.query)?.[1])));
  return {
    seqs,
    unprocessed: rows.filter((r) => Number(r.processed) === 0).length,
    clicks: Number(roll.c ?? 0),
    shows: Number(roll.s ?? 0),
  };
}

describe('monitor ingestion survives the process going away', () => {
  let child: Child | null = null;
  afterEach(() => {
    if (child && child.proc.exitCode === null) child.proc.kill('SIGKILL');
    child = null;
  });

  it('SIGTERM mid-load: exits 0 and every acknowledged ping is stored and processed', async () => {
    const dataDir = await prepareDataDir();
    child = await startServer(dataDir, port());
    const l = load(child.base, 48);
    await new Promise((r) => setTimeout(r, 1500));
    child.proc.kill('SIGTERM');
    const code = await child.exited;
    await l.stop();
    expect(code, child.output()).toBe(0);
    expect(l.acked.length).toBeGreaterThan(500);
    const stored = await storedSeqs(dataDir);
    const missing = l.acked.filter((n) => !stored.seqs.has(n));
    expect(missing).toEqual([]);
    expect(stored.unprocessed).toBe(0);
    // every stored ping is counted once in the rollups (each click has its own callback)
    expect(stored.clicks + stored.shows).toBe(stored.seqs.size);
  });

  it('kill -9 mid-load: every acknowledged ping is stored, and processed after restart', async () => {
    const dataDir = await prepareDataDir();
    const p = port();
    child = await startServer(dataDir, p);
    const l = load(child.base, 48);
    await new Promise((r) => setTimeout(r, 1500));
    child.proc.kill('SIGKILL');
    await child.exited;
    await l.stop();
    expect(l.acked.length).toBeGreaterThan(500);
    child = await startServer(dataDir, p);
    // the processor picks up what the killed process left unprocessed
    for (let i = 0; i < 100; i++) {
      if ((await storedSeqs(dataDir)).unprocessed === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const stored = await storedSeqs(dataDir);
    expect(l.acked.filter((n) => !stored.seqs.has(n))).toEqual([]);
    expect(stored.unprocessed).toBe(0);
    expect(stored.clicks + stored.shows).toBe(stored.seqs.size);
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  });
});
