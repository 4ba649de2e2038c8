/**
 * The ingest's lookup of stored orders by id (orders/store.ts `ordersByIds`): exactly the asked orders of the asked
 * union, and on PostgreSQL one `orders_key` lookup per id even before the table's first ANALYZE. A fresh database's
 * first back-fill runs in that state until autovacuum gets to it; `order_id = any(ids)` then read every order of the
 * union (bench/README.md "PostgreSQL ingest: the order lookup before the first ANALYZE").
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ordersByIds, storedOrdersByKey } from '../../src/server/orders/store.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { planOf, statisticsRows, withoutAutovacuum } from '../support/plan.ts';

const ORDERS = 60_000;
const id = (n: number) => String(1_900_000_000_000_000_000n + BigInt(n));

describe.each(dialects())('the stored orders by id on $name', (dialect) => {
  let h: TestHandle;

  beforeEach(async () => {
    h = await dialect.open();
    await withoutAutovacuum(h, 'orders');
    // a back-filled union's orders, written in one statement as no product path would: only the lookup is under test
    await sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${sql.lit(ORDERS)})
      insert into orders (union_name, order_id, status, customerid, pageid, first_seen_at, updated_at)
      select 'taobao', cast(1900000000000000000 + g as text), 'paid', 1, 'p1', 0, 0 from s`.execute(h.db);
    await sql`insert into orders (union_name, order_id, status, first_seen_at, updated_at) values ('jd', ${id(7)}, 'paid', 0, 0)`.execute(
      h.db,
    );
  });
  afterEach(() => h.close());

  it('finds exactly the asked orders of the asked union', async () => {
    const asked = [id(7), id(ORDERS), id(ORDERS + 1), id(12_345), 'no-such-order'];
    const found = await ordersByIds(h.db, h.engine, 'taobao', asked);
    expect([...found.keys()].sort()).toEqual([id(7), id(12_345), id(ORDERS)].sort());
    expect(found.get(id(7))).toMatchObject({ union_name: 'taobao', order_id: id(7), customerid: 1, pageid: 'p1' });
    const jd = await ordersByIds(h.db, h.engine, 'jd', asked);
    expect([...jd.keys()]).toEqual([id(7)]);
  });

  it.runIf(dialect.name !== 'sqlite')('looks each id up in orders_key before any ANALYZE', async () => {
    expect(await statisticsRows(h.db, 'orders')).toBe(0); // no statistics: the planner's defaults
    const ids = Array.from({ length: 500 }, (_, i) => id(1 + i * 97));
    const plan = await planOf(h.db, storedOrdersByKey('taobao', ids));
    expect(plan).toMatch(/Index Cond: \(\(union_name = .+\) AND \(order_id = /); // both key columns sought, not filtered
    expect(plan).not.toMatch(/Seq Scan on orders|Hash Join/);
  });
});
