/**
 * Monitor events through tracking's own write path: raw pings and landing visits are written as the ingest batch
 * writes them (`insertRawBatch`), then parsed, de-duplicated and rolled up by the processor (`processAll`) —
 * exactly what the server does with pings that arrive over HTTP, only with arrival times spread over the 90 days.
 */
import { processAll } from '../../src/server/tracking/processor.ts';
import { insertRawBatch } from '../../src/server/tracking/store.ts';
import type { Deps } from '../../src/server/deps.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import type { BenchLink } from './people.ts';
import { seeded, type Shape } from './shape.ts';

const BATCH = 4000;

/** A ping's query string with every macro filled, as the channel sends it. */
function query(link: BenchLink, kind: 'click' | 'show', n: number, at: number): string {
  const url = monitorUrl('http://h', kind, link.channel, link.pageid);
  return url.slice(url.indexOf('?') + 1).replace(/__([A-Z0-9_]+)__/g, (_m, name: string) => (name === 'TS' ? String(at) : `${name.toLowerCase()}_${n}`));
}

export async function makeEvents(deps: Deps, shape: Shape, links: readonly BenchLink[], now: number): Promise<{ monitor: number; visits: number }> {
  const rnd = seeded(7);
  let monitor: Parameters<typeof insertRawBatch>[1] = [];
  let visits: Parameters<typeof insertRawBatch>[2] = [];
  const flush = async () => {
    await insertRawBatch(deps.db, monitor, visits);
    monitor = [];
    visits = [];
    await processAll(deps.db, deps.engine, 2000);
  };
  let visitCount = 0;
  for (let i = 0; i < shape.events; i++) {
    const link = links[rnd(links.length)] as BenchLink;
    const at = now - rnd(shape.days * 86400);
    const click = rnd(20) === 0;
    monitor.push({ kind: click ? 'c' : 's', pageid: link.pageid, query: query(link, click ? 'click' : 'show', i, at), ip: '203.0.113.9', ua: 'Mozilla/5.0 (Linux; Android 14)', received_at: at });
    if (click) {
      visits.push({ pageid: link.pageid, query: `clickid=v${i}`, ip: '203.0.113.9', ua: 'Mozilla/5.0 (Linux; Android 14)', referer: '', received_at: at + 1 });
      visitCount += 1;
    }
    if (monitor.length >= BATCH) await flush();
  }
  await flush();
  return { monitor: shape.events, visits: visitCount };
}
