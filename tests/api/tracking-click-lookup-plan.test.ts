/**
 * The processor's lookup of ad clicks by click id (tracking/store.ts `clicksByClickId`, the visit tie's first rule):
 * exactly the clicks with the asked ids, and on PostgreSQL one `monitor_events_clickid` lookup per id even before the
 * table's first ANALYZE. A fresh database's first minutes of pings run in that state until autovacuum gets to it;
 * `clickid in (…)` of a batch's 500 ids then read the whole table (bench/README.md "PostgreSQL tracking: the click
 * lookup before the first ANALYZE"). And the processor writes a slice with JIT off, which at the promised volumes the
 * planner would otherwise use for these lookups.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processAll } from '../../src/server/tracking/processor.ts';
import { clicksByClickId, clicksByClickIdStatement, insertRawBatch } from '../../src/server/tracking/store.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { planOf, statisticsRows, withoutAutovacuum } from '../support/plan.ts';

const EVENTS = 60_000;
const clickid = (n: number) => `ck${n}`;

describe.each(dialects())('the clicks by click id on $name', (dialect) => {
  let h: TestHandle;

  beforeEach(async () => {
    h = await dialect.open();
    await withoutAutovacuum(h, 'monitor_events');
    // pings as the processor stores them, written in one statement as no product path would: only the lookup is under
    // test. Even rows are clicks with a click id, odd rows impressions without one.
    await sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${sql.lit(EVENTS)})
      insert into monitor_events (raw_id, pageid, customerid, kind, channel, adv, aid, clickid, callback, ua, ts, received_at)
      select g, 'p' || cast(g % 50 as text), 1, case when g % 2 = 0 then 'click' else 'show' end, 4, 'adv1', 'aid' || cast(g % 7 as text),
        case when g % 2 = 0 then 'ck' || cast(g as text) else '' end, 'cb' || cast(g as text), 'ua', g, 1800000000 + g
      from s`.execute(h.db);
    // an impression that carries a click id is no click
    await sql`insert into monitor_events (raw_id, pageid, customerid, kind, channel, clickid, ts, received_at)
      values (0, 'p1', 1, 'show', 4, ${clickid(8)}, 0, 1800000000)`.execute(h.db);
  });
  afterEach(() => h.close());

  it('finds exactly the clicks with the asked ids', async () => {
    const asked = [clickid(8), clickid(EVENTS), clickid(EVENTS + 2), clickid(3), clickid(12_346), 'no-such-click'];
    const found = await clicksByClickId(h.db, h.engine, asked);
    expect(found.map((c) => c.clickid).sort()).toEqual([clickid(8), clickid(12_346), clickid(EVENTS)].sort());
    expect(found.find((c) => c.clickid === clickid(8))).toMatchObject({
      pageid: 'p8',
      adv: 'adv1',
      aid: 'aid1',
      callback: 'cb8',
      ua: 'ua',
      received_at: 1_800_000_008,
      invalid: '',
    });
  });

  it.runIf(dialect.name !== 'sqlite')('looks each id up in monitor_events_clickid before any ANALYZE', async () => {
    expect(await statisticsRows(h.db, 'monitor_events')).toBe(0); // no statistics: the planner's defaults
    const ids = Array.from({ length: 500 }, (_, i) => clickid(2 + i * 118));
    const plan = await planOf(h.db, clicksByClickIdStatement(ids));
    expect(plan).toMatch(/Index Cond: \(clickid = k\.key\)/); // each id sought, not filtered
    expect(plan).not.toMatch(/Seq Scan on monitor_events|Hash Join/);
  });

  it.runIf(dialect.name !== 'sqlite')('writes a slice with JIT off, and only in that transaction', async () => {
    // at the promised volumes the estimates of the slice's lookups pass the JIT thresholds (store.ts): a trigger notes
    // the setting the processor's transaction writes its rejects under
    await sql`create table jit_seen (setting text not null)`.execute(h.db);
    await sql
      .raw(`create function note_jit() returns trigger language plpgsql as $$
      begin insert into jit_seen values (current_setting('jit')); return null; end $$`)
      .execute(h.db);
    await sql`create trigger note_jit after insert on monitor_rejects for each statement execute function note_jit()`.execute(h.db);
    // a ping of a link that does not exist: the slice writes it as a reject
    await insertRawBatch(
      h.db,
      h.engine,
      [{ kind: 'click', pageid: 'no-such-link', query: 'clickid=ck1', ip: '10.0.0.1', ua: 'ua', received_at: 1_800_000_000 }],
      [],
    );
    expect(await processAll(h.db, h.engine, { now: () => 1_800_000_001 })).toMatchObject({ monitor: 1, rejects: 1 });
    const seen = await sql<{ setting: string }>`select setting from jit_seen`.execute(h.db);
    expect(seen.rows.map((r) => r.setting)).toEqual(['off']);
    const { rows } = await sql<{ now: string; server: string }>`select current_setting('jit') as now, reset_val as server
      from pg_settings where name = 'jit'`.execute(h.db);
    expect(rows[0]?.now).toBe(rows[0]?.server);
  });
});
