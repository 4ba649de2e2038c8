import { type RawBuilder, sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/server/kernel/executor.ts';

/** key columns joined → sums, numbers as numbers (PostgreSQL's bigint comes back as text). */
const keyed = (rows: Array<Record<string, unknown>>, key: readonly string[], sums: readonly string[]): Record<string, number[]> =>
  Object.fromEntries(
    rows.map((r) => [key.map((k) => String(r[k])).join('|'), sums.map((s) => Number(r[s]))] as const).sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * A per-customer table (`derived`) equals its source's rows added up by the same key, row for row (a group whose sums
 * are zero included). Returns how many rows it holds.
 */
export async function expectGroupedExact(
  db: Db,
  t: {
    derived: string;
    source: string;
    key: readonly string[];
    sums: readonly string[];
    /** The source's columns of `key` where they are named otherwise (same order). */
    sourceKey?: readonly string[];
    /** Only these source rows, and only these derived rows (`where …`). */
    sourceWhere?: RawBuilder<unknown>;
    derivedWhere?: RawBuilder<unknown>;
  },
): Promise<number> {
  const key = sql.join((t.sourceKey ?? t.key).map((k, i) => sql`${sql.ref(k)} as ${sql.ref(t.key[i] as string)}`));
  const group = sql.join((t.sourceKey ?? t.key).map((k) => sql.ref(k)));
  const sums = sql.join(t.sums.map((s) => sql`sum(${sql.ref(s)}) as ${sql.ref(s)}`));
  const { rows: grouped } = await sql<Record<string, unknown>>`select ${key}, ${sums} from ${sql.table(t.source)}
    where ${t.sourceWhere ?? sql`1 = 1`} group by ${group}`.execute(db);
  const { rows: stored } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(t.derived)} where ${t.derivedWhere ?? sql`1 = 1`}`.execute(db);
  expect(keyed(stored, t.key, t.sums), `${t.derived} vs ${t.source}`).toEqual(keyed(grouped, t.key, t.sums));
  return stored.length;
}
