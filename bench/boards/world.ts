/**
 * The boards dataset through the product's own write paths (bench/README.md "Boards"): customers and links, 90 days of
 * ad reports through the ad sync, monitor events through ingest and the processor, orders through the order sync's
 * ingest. Returns the product booted on it (with the bench's ad platforms and clock). Used by bench/boards.ts and
 * bench/contended.ts.
 */
import { PLAN_PERIODS_JOB } from '../../src/server/ads/plan-periods.ts';
import { type Booted, boot } from '../../src/server/boot.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { adWorld } from './ads.ts';
import { makeEvents } from './events.ts';
import { makeOrders } from './orders.ts';
import type { BenchLink } from './people.ts';
import { makePeople } from './people.ts';
import type { Shape } from './shape.ts';

type Phase = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** The product's environment for the bench (SQLITE_READER passed through for A/B: db/sqlite-reader.ts). */
const benchEnv = (dir: string) => ({
  DATA_DIR: dir,
  DEMO_DATA: 'off',
  LOG_LEVEL: 'error',
  SCRYPT_COST: '1024',
  SQLITE_READER: process.env.SQLITE_READER ?? 'auto',
});

export async function buildBoardsWorld(
  handle: DatabaseHandle,
  dir: string,
  shape: Shape,
  clock: ManualClock,
  now: number,
  phase: Phase = (_name, fn) => fn(),
): Promise<{ booted: Booted; deps: Booted['deps']; people: Awaited<ReturnType<typeof makePeople>> }> {
  const env = benchEnv(dir);
  // The people first (their ids feed the ad world's plans), then the app with the bench's ad platforms.
  const pre = await boot({ env, handle, clock });
  const people = await phase('customers and links', () => makePeople(pre.deps, shape));
  await pre.close();
  const ads = adWorld(shape, people.customers, people.links);
  const booted = await boot({ env, handle, clock, adPlatforms: ads.registry });
  const deps = booted.deps;
  await phase('ad report sync (90 days)', () => ads.build(deps, clock, now));
  await phase('monitor events (ingest + processor)', () => makeEvents(deps, shape, people.links, ads.plans, now));
  await phase('orders (order sync ingest)', () => makeOrders(deps, shape, people.links, now));
  await phase("plan periods (the job, as in a server's first minute)", () => deps.jobs.run(PLAN_PERIODS_JOB));
  return { booted, deps, people };
}

/**
 * A world built earlier (BENCH_KEEP) booted again as built: its people read back from the database; nothing written
 * but what the plan-periods job writes in a server's first minute when its watermark is not yesterday (a database
 * kept before 0070, or set back by an upgrade: 0079).
 */
export async function reuseBoardsWorld(
  handle: DatabaseHandle,
  dir: string,
  shape: Shape,
  clock: ManualClock,
): Promise<{ booted: Booted; deps: Booted['deps']; people: Awaited<ReturnType<typeof makePeople>> }> {
  const env = benchEnv(dir);
  const booted = await boot({ env, handle, clock });
  const db = booted.deps.db;
  await booted.deps.jobs.run(PLAN_PERIODS_JOB);
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'like', 'c%@bench.local').execute();
  const byIndex = new Map(users.map((u) => [Number(u.email.slice(1, u.email.indexOf('@'))), Number(u.id)]));
  const customers = Array.from({ length: shape.customers }, (_, i) => byIndex.get(i) ?? 0);
  const rows = await db.selectFrom('links').select(['pageid', 'customerid', 'platform', 'state', 'itemid']).orderBy('pageid').execute();
  const links: BenchLink[] = rows.map((l) => ({
    pageid: l.pageid,
    customerid: Number(l.customerid),
    platform: Number(l.platform),
    channel: Number(l.state),
    itemid: l.itemid,
  }));
  const people = {
    customers,
    agentEmail: 'agent@bench.local',
    customerEmail: `c${shape.subCustomers}@bench.local`,
    adminEmail: 'admin@bench.local',
    links,
  };
  return { booted, deps: booted.deps, people };
}
