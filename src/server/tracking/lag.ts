/**
 * The tracking feature's read API for the processing lag: how many raw rows wait for the processor and how long the
 * oldest has waited, read from ids (the largest id minus the high-water mark, per raw table) and one primary-key
 * step — never a count, so it costs the same with ten rows waiting or ten million. Read by the processor job after
 * every slice (the `tracking_processor_backlog_rows` gauge, the yield rule of kernel/pressure.ts), by `/healthz`
 * and by the admin home.
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import { readMarks } from './progress.ts';

export interface ProcessingLag {
  /** Raw pings and visits waiting (ids after the marks; a gap left by a rolled-back batch counts until passed). */
  rows: number;
  /** Seconds since the oldest waiting row arrived; 0 when none waits. */
  seconds: number;
}

/** The admin home warns past either (README "Configuration" documents the bound they relate to). */
export const LAG_WARNING = { rows: 100_000, seconds: 60 } as const;

export async function processingLag(db: Executor, now: number): Promise<ProcessingLag> {
  const marks = await readMarks(db);
  const { rows } = await sql<{ m: number | null; v: number | null; mo: number | null; vo: number | null }>`select
      (select max(id) from monitor_raw) as m,
      (select max(id) from landing_visits) as v,
      (select received_at from monitor_raw where id > ${marks.monitor_raw} order by id limit 1) as mo,
      (select received_at from landing_visits where id > ${marks.landing_visits} order by id limit 1) as vo`.execute(db);
  const r = rows[0];
  const waiting = Math.max(0, Number(r?.m ?? 0) - marks.monitor_raw) + Math.max(0, Number(r?.v ?? 0) - marks.landing_visits);
  const oldest = [r?.mo, r?.vo].filter((x): x is number => x != null).map(Number);
  return { rows: waiting, seconds: oldest.length ? Math.max(0, now - Math.min(...oldest)) : 0 };
}
