import { type Kysely, sql } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Frozen 2026-11-27: on SQLite, `click_keys` becomes a `WITHOUT ROWID` table (issue 24, bench/README.md "SQLite drain,
 * third pass"). Its rows then live in the B-tree of its primary key (pageid, key): a claimed key is one B-tree insert
 * instead of two (the rowid table and the primary-key index; sqlite.org/withoutrowid.html). SQLite cannot change a
 * table to WITHOUT ROWID in place, so the table is copied: the new layout is created, filled from the old table in
 * key order, the old table (and its index `click_keys_first`) dropped, the new one renamed and the index made again.
 * Every row is kept. PostgreSQL has no rowid (a table is a heap beside its primary-key index): nothing to do there.
 */
export function clickKeysWithoutRowid(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'sqlite') return;
      await sql`create table click_keys_without_rowid (
          pageid text not null,
          key text not null,
          first_at bigint not null,
          constraint click_keys_pk primary key (pageid, key)
        ) without rowid`.execute(db);
      await sql`insert into click_keys_without_rowid (pageid, key, first_at)
        select pageid, key, first_at from click_keys order by pageid, key`.execute(db);
      await sql`drop table click_keys`.execute(db);
      await sql`alter table click_keys_without_rowid rename to click_keys`.execute(db);
      await db.schema.createIndex('click_keys_first').on('click_keys').columns(['first_at']).execute();
    },
  };
}
