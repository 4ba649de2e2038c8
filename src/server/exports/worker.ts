import { Worker } from 'node:worker_threads';
import type { Deps } from '../deps.ts';
import { AppError } from '../kernel/errors.ts';
import type { ExportRow } from './store.ts';
import type { FromWorker, WorkerInput } from './worker-thread.ts';

/**
 * The export worker's heap (MB): a young generation this small is scavenged often, so the page garbage of a
 * million-row export never piles up (the server's default young generation lets it grow to ~50 MB); the old
 * generation holds the worker's modules, one page and the writer's buffers (~40 MB live, bench/README.md "Exports in a worker").
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 96 } as const;

/**
 * The thread's entry: plain JavaScript (no TypeScript to strip) that turns on Node's compile cache for the thread
 * (`module.enableCompileCache()`, Node ≥ 22.1: V8 code and, for .ts files, the type-stripped source, kept in
 * NODE_COMPILE_CACHE or the OS temp directory and checked against each file's content), then imports
 * worker-thread.ts. With the cache warm (every export after the first since the code changed) the thread neither
 * loads Node's TypeScript stripper (a WebAssembly module, ~12 MB per thread) nor compiles its modules from source:
 * ~17 MB less RSS for the orders kind (bench/README.md "Exports: 1 M rows under 200 MB"). Where no cache can be
 * written the call reports a failure and everything loads as before.
 */
const ENTRY = `require('node:module').enableCompileCache();
import(${JSON.stringify(new URL('./worker-thread.ts', import.meta.url).href)});
`;

/** What the server's thread learns of its export workers (tests: did one run, did it end). */
export const workerStats = { started: 0, running: 0 };

/**
 * Write an export's file on a worker thread (worker-thread.ts) with its own heap limits and its own connection to
 * the same database: the server's heap does not carry the export's garbage. The same code writes the file as in the
 * server's thread (write-file.ts) for the same export row and owner, so the scope is the same. After each page the
 * worker waits for `afterPage` here (progress, yielding to ingestion; a throw ends the worker). A stop (`signal`)
 * terminates the worker and throws `stopped()`; a failure in the worker throws its AppError (Chinese reason) or
 * an Error (the caller logs it and writes the generic reason).
 */
export function writeInWorker(
  deps: Deps,
  row: ExportRow,
  tmp: string,
  afterPage: (done: number) => Promise<void>,
  signal: AbortSignal | undefined,
  stopped: () => Error,
): Promise<number> {
  if (!deps.dbSource) throw new Error('export worker: the database has no file or server to connect to');
  if (signal?.aborted) return Promise.reject(stopped());
  const input: WorkerInput = {
    row,
    tmp,
    config: deps.config,
    secrets: { tokenSecret: deps.secrets.tokenSecret.toString('hex'), encryptionKey: deps.secrets.encryptionKey.toString('hex') },
    startMs: deps.clock.nowMs(),
    source: deps.dbSource,
  };
  const worker = new Worker(ENTRY, { eval: true, workerData: input, resourceLimits: WORKER_LIMITS });
  workerStats.started += 1;
  workerStats.running += 1;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const fail = (err: Error): void =>
      settle(() => {
        void worker.terminate();
        reject(err);
      });
    const onAbort = (): void => fail(stopped());
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: FromWorker) => {
      if (m.t === 'page') {
        afterPage(m.done).then(
          () => worker.postMessage('next'),
          (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
        );
      } else if (m.t === 'done') settle(() => resolve(m.done));
      else fail(m.code === undefined ? new Error(m.message) : new AppError(m.code, m.message));
    });
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => {
      workerStats.running -= 1;
      fail(new Error(`export worker exited (${code}) before finishing`));
    });
  });
}
