/**
 * WAL checkpoints of a SQLite file run on a worker thread with its own connection, off the event loop.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses `wal_autocheckpoint`, on the committing
 * connection — here the server's one connection, synchronously on the event loop that also answers monitor pings.
 * A checkpoint copies every WAL page written since the last one into the database file and syncs it: at 16 384 pages
 * (64 MB, db/sqlite-dialect.ts) that held the loop 270–450 ms and put the ping p99 at 170–360 ms; with no checkpoint
 * at all the loop's longest pause was 44–105 ms (bench/README.md "Checkpoints off the event loop").
 *
 * A PASSIVE checkpoint by another connection copies what it can without waiting for readers or writers and never
 * blocks them (sqlite.org/c3ref/wal_checkpoint_v2.html, sqlite.org/wal.html "Checkpointing"); once it has copied the
 * whole WAL, the next writer starts the WAL again from its beginning, so the file stays about one interval of writes.
 * The server's connection keeps its automatic checkpoint as a backstop: it fires only if this thread falls 64 MB behind.
 */
import { Worker } from 'node:worker_threads';

/** The worker: plain JavaScript evaluated by `new Worker(…, { eval: true })`, so it needs no file of its own at runtime. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let failed = false;
const timer = setInterval(() => {
  try {
    const r = checkpoint.get();
    failed = false;
    if (r.checkpointed > 0) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    if (!failed) parentPort.postMessage({ error: String(err && err.message || err) });
    failed = true;
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointStats {
  /** Checkpoints that copied pages. */
  runs: number;
  /** WAL frames copied into the database file, over all runs. */
  pages: number;
  /** The last failure (e.g. the file is gone), '' when the last run worked. */
  error: string;
}

export interface Checkpointer {
  readonly stats: CheckpointStats;
  /** Stop the thread and close its connection (before the server's connection closes). */
  stop(): Promise<void>;
}

/** Checkpoint `file`'s WAL every `everyMs` on a worker thread; `onError` hears a failure once until a run works again. */
export function startCheckpointer(file: string, everyMs = 1000, onError: (message: string) => void = () => {}): Checkpointer {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, everyMs } });
  worker.unref(); // never what keeps the process alive
  const stats: CheckpointStats = { runs: 0, pages: 0, error: '' };
  worker.on('message', (m: { log?: number; checkpointed?: number; error?: string }) => {
    if (m.error !== undefined) {
      stats.error = m.error;
      onError(m.error);
      return;
    }
    stats.runs += 1;
    stats.pages += m.checkpointed ?? 0;
    stats.error = '';
  });
  worker.on('error', (err) => onError(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stats,
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
