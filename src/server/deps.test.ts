import { describe, expect, it } from 'vitest';
import { type Deps, readerOf } from './deps.ts';
import { loadConfig } from './kernel/config.ts';
import type { Db } from './kernel/executor.ts';
import { IngestPressure } from './kernel/pressure.ts';

/** Pings committed at `perSecond` for 100 ms of a manual clock, as the tracking batcher reports them. */
function pingedAt(perSecond: number): IngestPressure {
  let now = 0;
  let committed = 0;
  const pressure = new IngestPressure({}, { now: () => now, loopActiveMs: () => 0, sleep: async () => {} });
  pressure.watch(() => committed);
  now += 100;
  committed += perSecond / 10;
  return pressure;
}

describe('readerOf: where a long read goes', () => {
  const db = { name: 'server connection' } as unknown as Db;
  const readDb = { name: 'reader thread' } as unknown as Db;
  const deps = (mode: string, pressure: IngestPressure, withReader = true): Pick<Deps, 'db' | 'readDb' | 'config' | 'pressure'> => ({
    db,
    readDb: withReader ? readDb : undefined,
    config: loadConfig({ SQLITE_READER: mode }),
    pressure,
  });

  it('auto: the reader thread while pings arrive at 500 a second or more, the server connection below that', () => {
    expect(readerOf(deps('auto', pingedAt(500)))).toBe(readDb);
    expect(readerOf(deps('auto', pingedAt(20_000)))).toBe(readDb);
    expect(readerOf(deps('auto', pingedAt(499)))).toBe(db);
    expect(readerOf(deps('auto', new IngestPressure()))).toBe(db); // no pings watched (CLI, tests)
  });

  it('on and off whatever the pings; the server connection when there is no reader (PostgreSQL, memory)', () => {
    expect(readerOf(deps('on', pingedAt(0)))).toBe(readDb);
    expect(readerOf(deps('off', pingedAt(20_000)))).toBe(db);
    expect(readerOf(deps('on', pingedAt(20_000), false))).toBe(db);
  });
});
