/** Helpers for tracking tests: an HTTP server with the monitor fast path, a bounded-concurrency GET loop. */
import { Agent, createServer, request, type Server } from 'node:http';
import { arrivalClock, type Clock } from '../../src/server/kernel/clock.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { defaultBatchOptions, EventBatcher } from '../../src/server/tracking/batch.ts';
import { createMonitorHandler } from '../../src/server/tracking/monitor.ts';

/** The monitor fast path on a loopback port; pings are stamped with `clock` (the app's), as the server stamps them. */
export async function monitorServer(
  db: Db,
  clock: Clock,
): Promise<{ base: string; batcher: EventBatcher; server: Server; close(): Promise<void> }> {
  const batcher = new EventBatcher(db, defaultBatchOptions);
  const handler = createMonitorHandler(batcher, { trustProxy: false, nowMs: arrivalClock(clock) });
  const server = createServer((req, res) => {
    if (!handler(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    batcher,
    server,
    async close() {
      await batcher.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** GET one URL path with optional headers; resolves with the status (0 on a network error). */
export function get(base: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

export async function runAll<T>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}
