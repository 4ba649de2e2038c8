/**
 * Monitor events through tracking's own write path: raw pings and landing visits are written as the ingest batch
 * writes them (`insertRawBatch`), then parsed, de-duplicated and rolled up by the processor (`processAll`) —
 * exactly what the server does with pings that arrive over HTTP, only with arrival times spread over the 90 days.
 */

import type { Deps } from '../../src/server/deps.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { insertRawBatch } from '../../src/server/tracking/store.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import type { BenchPlan } from './ads.ts';
import type { BenchLink } from './people.ts';
import { mixed, type Shape } from './shape.ts';

const BATCH = 4000;

/**
 * The device IP of event `n`: its own public address (36.0.0.0/8, a Chinese carrier's range; nothing is sent there),
 * so the 90 days' events, written in random time order, are never judged an IP flood (tracking/verdict/).
 */
const deviceIp = (n: number): string => `36.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
/** A phone's browser (a bare 'Mozilla/5.0 (…)' may be a bot by isbot, its visits invalid traffic). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0';

/** Macro → value of the plan the ping comes from: the ids a real platform fills in; click ids and callbacks unique. */
function macroValue(name: string, plan: BenchPlan | undefined, n: number, at: number): string {
  if (name === 'TS' || name === 'CLICK_TIME') return String(at);
  if (name === 'ADVERTISER_ID' || name === 'ACCOUNT_ID') return plan?.advertiserId ?? '';
  if (name === 'CAMPAIGN_ID' || name === 'PROJECT_ID') return plan?.campaignId ?? '';
  if (name === 'AID' || name === 'PROMOTION_ID' || name === 'ADGROUP_ID' || name === 'DYNAMIC_CREATIVE_ID') return plan?.planId ?? '';
  if (name === 'OS' || name === 'DEVICE_OS_TYPE') return 'android';
  if (name === 'IP') return deviceIp(n);
  if (name === 'UA') return PHONE_UA;
  return `${name.toLowerCase()}_${n}`;
}

/** A ping's query string with every macro filled, as the channel sends it. */
function query(link: BenchLink, plan: BenchPlan | undefined, kind: 'click' | 'show', n: number, at: number): string {
  const url = monitorUrl('http://h', kind, link.channel, link.pageid);
  return url
    .slice(url.indexOf('?') + 1)
    .replace(/__([A-Z0-9_]+)__/g, (_m, name: string) => encodeURIComponent(macroValue(name, plan, n, at)));
}

export async function makeEvents(
  deps: Deps,
  shape: Shape,
  links: readonly BenchLink[],
  plans: readonly BenchPlan[],
  now: number,
): Promise<{ monitor: number; visits: number }> {
  const rnd = mixed(7);
  const plansOf = new Map<string, BenchPlan[]>();
  for (const p of plans) plansOf.set(p.pageid, [...(plansOf.get(p.pageid) ?? []), p]);
  let monitor: Parameters<typeof insertRawBatch>[2] = [];
  let visits: Parameters<typeof insertRawBatch>[3] = [];
  const flush = async () => {
    await insertRawBatch(deps.db, deps.engine, monitor, visits);
    monitor = [];
    visits = [];
    await processAll(deps.db, deps.engine);
  };
  let visitCount = 0;
  for (let i = 0; i < shape.events; i++) {
    const link = links[rnd(links.length)] as BenchLink;
    const at = now - rnd(shape.days * 86400);
    const click = rnd(20) === 0;
    const own = plansOf.get(link.pageid) ?? [];
    const plan = own[rnd(Math.max(1, own.length))];
    monitor.push({
      kind: click ? 'c' : 's',
      pageid: link.pageid,
      query: query(link, plan, click ? 'click' : 'show', i, at),
      ip: '203.0.113.9', // the platform's server
      ua: 'Mozilla/5.0 (Linux; Android 14)',
      received_at: at,
    });
    if (click) {
      visits.push({
        pageid: link.pageid,
        query: `clickid=v${i}`,
        ip: deviceIp(i),
        ua: PHONE_UA,
        referer: '',
        received_at: at + 1,
      });
      visitCount += 1;
    }
    if (monitor.length >= BATCH) await flush();
  }
  await flush();
  return { monitor: shape.events, visits: visitCount };
}
