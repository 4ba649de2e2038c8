/**
 * Orders attributed again when the plans' report facts arrive (docs/attribution.md "Attributed again"). An order
 * usually comes in before its hour's report: it reached its link but no plan. When the report sync writes facts of a
 * plan that drives a link (ad_facts_hourly, `synced_at`), the orders of that link without a plan whose window those
 * hours cover are attributed again (ingest.ts writeOrders: facts moved exactly, postbacks queued as on an update).
 *
 * Run by the `order-sync` job after the unions (one lease: never beside an ingest), with a watermark on `synced_at`
 * kept in the job's cursor `reattribute` as `since:until:after` — facts synced in (since, until] (until: the second
 * before the pass began, so facts written in that second come in the next), links done up to pageid `after` — so a
 * pass stopped midway resumes. The first pass on a database has since 0: every stored order of
 * a driven link without a plan is looked at once (the upgrade's re-attribution of older orders).
 */
import { type ExpressionBuilder, sql } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { JobContext } from '../jobs/types.ts';
import type { Executor } from '../kernel/executor.ts';
import { Attributor } from './attribution.ts';
import { type IngestResult, type Next, retry, writeOrders } from './ingest.ts';
import { storedSide } from './model.ts';
import { PLAN_WINDOW_HOURS } from './plan-rule.ts';
import type { OrderRow } from './store.ts';

export const CURSOR_KEY = 'reattribute';
/** Links per slice, and orders per transaction. */
const LINKS = 50;
const BATCH = 500;
/** How long after its union click an order may be created (淘宝 attributes within 15 days of the click). */
const CLICK_TO_ORDER_SECONDS = 15 * 86400;

interface Position {
  since: number;
  until: number;
  after: string | null;
}

const parse = (v: string | null): Position | null => {
  const m = v && /^(\d+):(\d+):(.*)$/.exec(v);
  return m ? { since: Number(m[1]), until: Number(m[2]), after: m[3] === '' ? null : m[3]! } : null;
};
const format = (p: Position) => `${p.since}:${p.until}:${p.after ?? ''}`;

/** A window with more fact rows than `groupAtMost` is walked link by link instead of grouped whole (`touchedLinks`; tests lower it). */
export const reattributeTuning = { groupAtMost: 20_000 };

type Touched = { pageid: string; customerid: number; first: number; last: number };

/**
 * Links whose plans' facts were synced in (since, until], after `p.after`: the hours those facts cover, and the last
 * link looked at (`null`: none left). A small window (an hourly pass) is grouped whole from the `synced_at` index. A
 * large one (the first pass on a database, a large back-fill) is walked a link at a time by the `pageid` index: grouped
 * whole it took 5.6 s a slice on 7.2 M hourly rows, on the event loop, for each 50 links.
 */
async function touchedLinks(db: Executor, p: Position, limit: number, pause: () => Promise<void>) {
  const window = (eb: ExpressionBuilder<Database, 'ad_facts_hourly'>) =>
    eb.and([eb('synced_at', '>', p.since), eb('synced_at', '<=', p.until), eb('clicks', '>', 0)]);
  const sums = db
    .selectFrom('ad_facts_hourly')
    .select((eb) => ['pageid', 'customerid', eb.fn.min<number>('hour').as('first'), eb.fn.max<number>('hour').as('last')])
    .where(window)
    .groupBy(['pageid', 'customerid'])
    .orderBy('pageid');
  const toLink = (r: { pageid: string; customerid: number | string; first: number | string; last: number | string }): Touched => ({
    pageid: r.pageid,
    customerid: Number(r.customerid),
    first: Number(r.first),
    last: Number(r.last),
  });
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (select 1 from ad_facts_hourly
    where synced_at > ${p.since} and synced_at <= ${p.until} limit ${reattributeTuning.groupAtMost + 1}) w`.execute(db);
  if (Number(counted[0]?.n ?? 0) <= reattributeTuning.groupAtMost) {
    const rows = await sums
      .where('pageid', '>', p.after ?? '')
      .limit(limit)
      .execute();
    return { links: rows.map(toLink), last: rows.length < limit ? null : (rows[rows.length - 1]?.pageid ?? null) };
  }
  const links: Touched[] = [];
  let last = p.after ?? '';
  for (let looked = 0; looked < limit; looked++) {
    const next = await db
      .selectFrom('ad_facts_hourly')
      .select((eb) => eb.fn.min<string>('pageid').as('pageid'))
      .where('pageid', '>', last)
      .executeTakeFirst();
    if (!next?.pageid) return { links, last: null };
    last = next.pageid;
    for (const r of await sums.where('pageid', '=', last).execute()) links.push(toLink(r));
    await pause();
  }
  return { links, last };
}

type After = { at: number; id: number };

/**
 * A page of the link's orders of this customer without a plan, after `after` in (created_at, id) — the order of the
 * orders_page index (pageid, created_at) —, and of them those an hour in [first, last] can decide.
 */
async function ordersToRetry(db: Executor, link: { pageid: string; customerid: number; first: number; last: number }, after: After) {
  const end = link.last + PLAN_WINDOW_HOURS * 3600;
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('pageid', '=', link.pageid)
    .where('created_at', '>=', after.at)
    .where('created_at', '<', end + CLICK_TO_ORDER_SECONDS)
    .where((eb) => eb.or([eb('created_at', '>', after.at), eb('id', '>', after.id)]))
    .where('customerid', '=', link.customerid)
    .where('plan_id', '=', '')
    .orderBy('created_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const due = rows.filter((r) => {
    const anchor = r.click_at > 0 ? r.click_at : r.created_at;
    return retry(r) && anchor >= link.first && anchor < end;
  });
  const last = rows[rows.length - 1];
  return { due, next: rows.length === BATCH && last ? { at: Number(last.created_at), id: Number(last.id) } : null };
}

/** Attribute stored orders again and write what changed, in one transaction. */
export async function reattributeOrders(
  db: Deps['db'],
  engine: Engine,
  rows: OrderRow[],
  now: number,
): Promise<Omit<IngestResult, 'stale'>> {
  return db.transaction().execute(async (tx) => {
    const attributor = new Attributor(tx);
    const sides = rows.map(storedSide);
    await attributor.prepare(sides);
    await attributor.prefetchVisits(sides);
    await attributor.prefetchPlans(sides);
    const nexts: Array<{ old: OrderRow; next: Next }> = [];
    for (const [i, row] of rows.entries()) {
      const attribution = await attributor.attribute(sides[i]!);
      nexts.push({ old: row, next: { ...sides[i]!, ...attribution, postback_state: row.postback_state } });
    }
    return writeOrders(tx, engine, nexts, now);
  });
}

/** The pass (or what is left of it), until done or aborted. Returns the orders that changed and the postbacks queued. */
export async function reattributeFromFacts(
  deps: Pick<Deps, 'db' | 'engine' | 'clock'>,
  ctx: Pick<JobContext, 'signal' | 'yield' | 'cursor' | 'setCursor'>,
) {
  const stored = parse(await ctx.cursor(CURSOR_KEY));
  let pos: Position = stored && stored.after !== null ? stored : { since: stored?.until ?? 0, until: deps.clock.now() - 1, after: null };
  const out = { changed: 0, postbacks: 0 };
  for (;;) {
    if (ctx.signal.aborted) return out;
    const { links, last } = await touchedLinks(deps.db, pos, LINKS, ctx.yield);
    for (const link of links) {
      for (let after: After | null = { at: link.first, id: 0 }; after !== null; ) {
        const page = await ordersToRetry(deps.db, link, after);
        if (page.due.length) {
          const r = await reattributeOrders(deps.db, deps.engine, page.due, deps.clock.now());
          out.changed += r.updated;
          out.postbacks += r.postbacks;
        }
        after = page.next;
        await ctx.yield();
        if (ctx.signal.aborted) return out;
      }
      pos = { ...pos, after: link.pageid };
      await ctx.setCursor(format(pos), CURSOR_KEY);
      if (ctx.signal.aborted) return out;
    }
    if (last === null) break;
    pos = { ...pos, after: last };
    await ctx.setCursor(format(pos), CURSOR_KEY);
  }
  await ctx.setCursor(format({ since: pos.until, until: pos.until, after: null }), CURSOR_KEY);
  return out;
}
