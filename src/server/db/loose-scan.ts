/**
 * The distinct values of an indexed integer column, read by a loose index scan: one seek per value (`min(col) where
 * col > previous`) instead of reading every row — so a read of "everyone" can be a read of each value's range of an
 * index led by that column (facts/every-customer.ts, orders/list-store.ts). Both engines plan each step as one index
 * seek when an index leads with the column.
 */
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

/** The most values a list is returned with: its caller binds them into one statement, and SQLite binds at most 32 766. */
const MOST = 5000;

/**
 * The distinct values of `column` in `table` above `above` (absent: all), ascending; null when there are more than
 * `MOST` (the caller then reads as it would without the list).
 */
export async function distinctValues(db: Executor, table: string, column: string, above?: number): Promise<number[] | null> {
  const t = sql.table(table);
  const c = sql.ref(column);
  const first = above === undefined ? sql`select min(${c}), 1 from ${t}` : sql`select min(${c}), 1 from ${t} where ${c} > ${above}`;
  const { rows } = await sql<{ id: number | string }>`with recursive v(id, n) as (
      ${first}
      union all
      select (select min(${c}) from ${t} where ${c} > v.id), v.n + 1 from v where v.id is not null and v.n <= ${MOST})
    select id from v where id is not null`.execute(db);
  return rows.length > MOST ? null : rows.map((r) => Number(r.id));
}
