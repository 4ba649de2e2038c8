/**
 * An export worker thread (started by worker.ts): opens its own connection to the server's database, writes the one
 * export's file with write-file.ts, and reports each page, the end or the failure to the server's thread.
 * Everything else (progress rows, object storage, the export row's state, jobs) stays with the server's thread.
 * No `boot()` here: the thread's memory is mostly code, so it loads only the database, the one kind's list code
 * and the one format's writer (bench/README.md "Exports: 1 M rows under 200 MB").
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CodeValue } from '../../shared/codes.ts';
import { type DatabaseHandle, type DatabaseSource, openDatabase } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { OffsetClock } from '../kernel/clock.ts';
import type { Config } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
import { setLogLevel } from '../kernel/log.ts';
import type { ExportRow } from './store.ts';
import { writeExportFile } from './write-file.ts';

export interface WorkerInput {
  row: ExportRow;
  tmp: string;
  config: Config;
  /** Hex, made Buffers again here. */
  secrets: { tokenSecret: string; encryptionKey: string };
  /** The server's clock when the export started; the worker's clock runs on from it. */
  startMs: number;
  source: DatabaseSource;
}

export type FromWorker =
  | { t: 'page'; done: number }
  | { t: 'done'; done: number }
  /** `code`: an AppError's (its message is the Chinese reason); none for anything else. */
  | { t: 'failed'; message: string; code?: CodeValue };

async function main(port: NonNullable<typeof parentPort>, input: WorkerInput): Promise<void> {
  const handle = await openDatabase(
    'sqliteFile' in input.source
      ? { sqliteFile: input.source.sqliteFile, backgroundCheckpoint: false, sqliteCacheKb: 4000 }
      : { databaseUrl: input.source.databaseUrl, poolMax: 2, parallelSetupCost: input.config.PG_PARALLEL_SETUP_COST },
  );
  const post = (m: FromWorker): void => port.postMessage(m);
  const next = (): Promise<void> => new Promise((resolve) => port.once('message', () => resolve()));
  try {
    setLogLevel(input.config.LOG_LEVEL);
    const done = await writeExportFile(exportDeps(input, handle), input.row, input.tmp, async (n) => {
      post({ t: 'page', done: n });
      await next();
    });
    post({ t: 'done', done });
  } catch (err) {
    if (err instanceof AppError) post({ t: 'failed', message: err.message, code: err.code });
    else post({ t: 'failed', message: err instanceof Error ? err.message : String(err) });
  } finally {
    await handle.close();
    port.close();
  }
}

/**
 * What a kind's pages read (the database, configuration, secrets, the clock); the server's other parts (jobs, mail,
 * connectors, storage …) are not built here, and touching one fails loudly instead of acting from a second place.
 */
function exportDeps(input: WorkerInput, handle: DatabaseHandle): Deps {
  const present: Partial<Deps> = {
    db: handle.db,
    engine: handle.engine,
    dbSource: null,
    config: input.config,
    secrets: {
      tokenSecret: Buffer.from(input.secrets.tokenSecret, 'hex'),
      encryptionKey: Buffer.from(input.secrets.encryptionKey, 'hex'),
    },
    clock: new OffsetClock(input.startMs),
    nodeId: `export-worker:${input.row.id}`,
    ipRegion: null,
    checkOutputs: false,
  };
  return new Proxy(present, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) throw new Error(`export worker: deps.${key} is not available on this thread`);
      return Reflect.get(target, key);
    },
  }) as Deps;
}

if (parentPort) void main(parentPort, workerData as WorkerInput);
