/** What the cases of bench/contended.ts share: a background load, its loop held by the gate, the server's environment. */
import { rmSync } from 'node:fs';
import type { Booted } from '../../src/server/boot.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Gate } from './server.ts';

/** A background load: `done()` is the work finished so far, in `unit`. */
export interface Load {
  unit: string;
  done(): Promise<number>;
  stop(): Promise<void>;
}

export interface Prepared {
  deps: Deps;
  /** Starts the background load (after the server listens); none for the idle case. */
  start?: (gate: Gate) => Load;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `step` again and again until stopped, each time once the gate is open; a failure ends the loop and `stop()` throws it. */
export function loop(gate: Gate, step: () => Promise<void>): () => Promise<void> {
  let running = true;
  const finished = (async () => {
    while (running) {
      await gate.wait();
      if (running) await step();
    }
  })();
  finished.catch((err) => console.error('background load failed:', err));
  return async () => {
    running = false;
    await finished;
  };
}

export const envOf = (dir: string, extra: Record<string, string> = {}): Record<string, string> => ({
  DATA_DIR: dir,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'error',
  SCRYPT_COST: '1024',
  // bench/run.ts case a's setting
  TRACKING_BATCH_DELAY_MS: process.env.BENCH_BATCH_DELAY_MS ?? '0',
  ...extra,
});

export const closing = (booted: Booted, dir: string, more?: () => Promise<void>) => async () => {
  await booted.close();
  await more?.();
  rmSync(dir, { recursive: true, force: true });
};
