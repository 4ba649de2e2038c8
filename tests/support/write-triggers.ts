/**
 * A test's writes seen by the database itself: triggers that count every row inserted, updated or deleted in some
 * tables, and one that refuses the write of one order. They see every statement whatever path it took — the query
 * builder, raw SQL, or the compiled VALUES lists of `insertRows` (db/dialect.ts), which no Kysely plugin sees.
 */
import { sql } from 'kysely';
import type { Engine } from '../../src/server/db/dialect.ts';
import type { Executor } from '../../src/server/kernel/executor.ts';

const run = (db: Executor, text: string) => sql.raw(text).execute(db);

/** Count the rows written to `tables` from now on; the answer is the count so far. */
export async function countWrites(db: Executor, engine: Engine, tables: readonly string[]): Promise<() => Promise<number>> {
  await run(db, 'create table if not exists test_row_writes (tbl text not null)');
  if (engine === 'postgres') {
    await run(
      db,
      `create or replace function test_row_write() returns trigger language plpgsql as $$
        begin insert into test_row_writes values (tg_table_name); return null; end $$`,
    );
    for (const t of tables)
      await run(
        db,
        `create trigger test_writes_${t} after insert or update or delete on ${t} for each row execute function test_row_write()`,
      );
  } else {
    for (const t of tables)
      for (const op of ['insert', 'update', 'delete'])
        await run(db, `create trigger test_writes_${t}_${op} after ${op} on ${t} begin insert into test_row_writes values ('${t}'); end`);
  }
  const start = await count(db);
  return async () => (await count(db)) - start;
}

async function count(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from test_row_writes`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Make every insert or update of order `orderId` fail with `message`, as a database refusing the write would. */
export async function refuseOrder(db: Executor, engine: Engine, orderId: string, message: string): Promise<void> {
  const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;
  if (engine === 'postgres') {
    await run(
      db,
      `create or replace function test_refuse_order() returns trigger language plpgsql as $$
        begin if new.order_id = tg_argv[0] then raise exception '%', tg_argv[1]; end if; return new; end $$`,
    );
    await run(
      db,
      `create trigger test_refuse_order before insert or update on orders for each row
        execute function test_refuse_order(${quoted(orderId)}, ${quoted(message)})`,
    );
    return;
  }
  for (const op of ['insert', 'update'])
    await run(
      db,
      `create trigger test_refuse_order_${op} before ${op} on orders when new.order_id = ${quoted(orderId)}
        begin select raise(abort, ${quoted(message)}); end`,
    );
}
