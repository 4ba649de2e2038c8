/**
 * The boards dataset through the product's own write paths (bench/README.md "Boards"): customers and links, 90 days of
 * ad reports through the ad sync, monitor events through ingest and the processor, orders through the order sync's
 * ingest. Returns the product booted on it (with the bench's ad platforms and clock). Used by bench/boards.ts and
 * bench/contended.ts.
 */
import { type Booted, boot } from '../../src/server/boot.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { adWorld } from './ads.ts';
import { makeEvents } from './events.ts';
import { makeOrders } from './orders.ts';
import { makePeople } from './people.ts';
import type { Shape } from './shape.ts';

type Phase = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export async function buildBoardsWorld(
  handle: DatabaseHandle,
  dir: string,
  shape: Shape,
  clock: ManualClock,
  now: number,
  phase: Phase = (_name, fn) => fn(),
): Promise<{ booted: Booted; deps: Booted['deps']; people: Awaited<ReturnType<typeof makePeople>> }> {
  const env = { DATA_DIR: dir, DEMO_DATA: 'off', LOG_LEVEL: 'error', SCRYPT_COST: '1024' };
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
  return { booted, deps, people };
}
