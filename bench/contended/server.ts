/**
 * The product's HTTP server in this process, wired as src/server/main.ts wires it for a monitor ping (the tracking
 * batcher and its fast path, the API app, the job scheduler) but without Astro, the landing cache and the sandboxes'
 * routes, which a ping never reaches. The background loads of bench/contended.ts run in this process, so they
 * contend with the pings for its one event loop and its database connection, as in the real server.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import type { Deps } from '../../src/server/deps.ts';
import { createHttpServer } from '../../src/server/http-server.ts';
import { startTracking } from '../../src/server/tracking/index.ts';

export interface Served {
  base: string;
  /** Monitor pings acknowledged (committed) by the batcher so far. */
  committed(): number;
  close(): Promise<void>;
}

export async function serve(deps: Deps): Promise<Served> {
  const tracking = startTracking(deps, { trustProxy: false, batch: { delayMs: deps.config.TRACKING_BATCH_DELAY_MS } });
  const { server } = createHttpServer({
    config: deps.config,
    metrics: deps.metrics,
    api: createApp(deps),
    clientDir: path.resolve('dist', 'client'),
    astro: null,
    fastPaths: [tracking.monitorFastPath],
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  deps.jobs.start();
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    committed: () => tracking.batcher.stats.committed,
    async close() {
      const closed = new Promise((r) => server.close(r));
      server.closeAllConnections();
      await closed;
      await deps.jobs.stop();
      await tracking.batcher.close();
    },
  };
}

/**
 * Holds the background jobs at their next yield point (where they give way to monitor ingestion: between rules,
 * export pages, order pages) while the bare baseline is measured, so our process's background work does not slow the
 * baseline down on a small machine; opened again for our server's measure.
 */
export class Gate {
  private opened: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  hold(): void {
    if (!this.release) this.opened = new Promise((r) => (this.release = r));
  }

  open(): void {
    this.release?.();
    this.release = null;
  }

  wait(): Promise<void> {
    return this.opened;
  }

  /**
   * Every job of `deps` waits for the gate after its ingestion-aware yield (the job context's `ctx.yield`). The
   * tracking processor pauses by `pressure.keepPace` instead and is not held: it is the server's own work, as in
   * bench/run.ts. Held while the
   * baseline was measured, it began each of our rounds with the baseline round's backlog already 10 s old — past
   * `maxLagSeconds`, so it caught up during our measure, which no real pause of the pings would cause.
   */
  attach(deps: Deps): void {
    const pressure = deps.pressure;
    const yieldToIngest = pressure.yield.bind(pressure);
    pressure.yield = async (signal, job) => {
      await yieldToIngest(signal, job);
      await this.wait();
    };
  }
}
