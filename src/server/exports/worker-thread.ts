/**
 * An export worker thread (started by worker.ts): boots the dependency set on its own connection to the server's
 * database (no jobs run here), writes the one export's file with write-file.ts, and reports each page, the end or
 * the failure to the server's thread. Everything else (progress rows, object storage, the export row's state)
 * stays with the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CodeValue } from '../../shared/codes.ts';
import { boot } from '../boot.ts';
import { type DatabaseSource, openDatabase } from '../db/index.ts';
import { OffsetClock } from '../kernel/clock.ts';
import type { Config } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
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
      : { databaseUrl: input.source.databaseUrl, poolMax: 2 },
  );
  const post = (m: FromWorker): void => port.postMessage(m);
  const next = (): Promise<void> => new Promise((resolve) => port.once('message', () => resolve()));
  try {
    const booted = await boot({
      config: { ...input.config, IP_REGION_DB: undefined },
      handle,
      clock: new OffsetClock(input.startMs),
      secrets: {
        tokenSecret: Buffer.from(input.secrets.tokenSecret, 'hex'),
        encryptionKey: Buffer.from(input.secrets.encryptionKey, 'hex'),
      },
    });
    const done = await writeExportFile(booted.deps, input.row, input.tmp, async (n) => {
      post({ t: 'page', done: n });
      await next();
    });
    await booted.close();
    post({ t: 'done', done });
  } catch (err) {
    if (err instanceof AppError) post({ t: 'failed', message: err.message, code: err.code });
    else post({ t: 'failed', message: err instanceof Error ? err.message : String(err) });
  } finally {
    await handle.close();
    port.close();
  }
}

if (parentPort) void main(parentPort, workerData as WorkerInput);
