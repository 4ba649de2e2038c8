/**
 * Demo traffic (DEMO_DATA and DEMO_TRAFFIC on): a sandbox "ad platform" that sends live show and click pings
 * with substituted macros — per channel, realistic ids, an OS mix, documentation-range IPs in the parameters
 * only — to this server's own loopback monitor URLs over real HTTP, and visits the landing pages with the
 * channel's click-id parameter. The links it is given (the wiring gives it the demo world's) get traffic, at a
 * modest, bounded rate that follows the day (quiet at night). No history is back-filled: counts build up from
 * the moment the server starts.
 */

import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { landingPath } from '../../shared/links.ts';
import { monitorUrl } from '../../shared/macros.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';

export interface TrafficOptions {
  /** Loopback base URL of this server, e.g. http://127.0.0.1:4321. */
  baseUrl: string;
  /** The links to send traffic to (read again every `reloadMs`); the process wiring decides which. */
  links: () => Promise<DemoLink[]>;
  reloadMs?: number;
  /** A failed tick (the wiring logs it). */
  onError?: (err: unknown) => void;
  /** Shows per second at the daily peak, over all links. */
  peakShowsPerSecond: number;
  /** Requests in flight at most (ticks skip work beyond it). */
  maxInFlight: number;
}

const UAS = [
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0',
  'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 MicroMessenger/8.0.47',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_30.1.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44',
  'Mozilla/5.0 (Linux; Android 12; PEHM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 Kwai/11.2',
];
const MODELS = ['V2309A', '22081212C', 'iPhone15,2', 'PEHM00', 'SM-S9180', 'iPhone14,5'];

export interface DemoLink {
  pageid: string;
  platform: number;
  state: number;
  jumptype: string;
  relate_advertiser_ids: string;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
/** Stable digits from a seed (advertiser/campaign/ad ids per link). */
const digits = (seed: string, n: number): string => {
  const h = createHash('sha256').update(seed).digest();
  let s = String((h[0]! % 9) + 1);
  for (let i = 1; s.length < n; i++) s += String(h[i % h.length]! % 10);
  return s;
};
/** Documentation ranges only (RFC 5737): the parameters look like client IPs, nothing is ever sent there. */
const docIp = () => `${pick(['203.0.113', '198.51.100', '192.0.2'])}.${1 + Math.floor(Math.random() * 254)}`;

/** A platform's substitution of our monitor URL's macros for one impression or click. */
export function substitute(link: DemoLink, kind: 'click' | 'show', baseUrl: string, clickId: string): string {
  const adv =
    link.relate_advertiser_ids
      .split(',')
      .map((s) => s.trim())
      .find(Boolean) ?? digits(`adv${link.pageid}`, 16);
  const camp = digits(`camp${link.pageid}${Math.floor(Math.random() * 2)}`, 16);
  const aid = digits(`aid${link.pageid}${Math.floor(Math.random() * 3)}`, 16);
  const cid = digits(`cid${aid}${Math.floor(Math.random() * 4)}`, 16);
  const ios = Math.random() < 0.38;
  const now = Date.now();
  const values: Record<string, string> = {
    ADVERTISER_ID: adv,
    ACCOUNT_ID: adv,
    ACCOUNTID: adv,
    CAMPAIGN_ID: camp,
    PROJECT_ID: camp,
    AID: aid,
    PROMOTION_ID: aid,
    ADGROUP_ID: aid,
    UNIT_ID: aid,
    AD_ID: aid,
    CID: cid,
    CREATIVITY_ID: cid,
    CREATIVE_ID: cid,
    DYNAMIC_CREATIVE_ID: cid,
    CLICK_ID: clickId,
    CALLBACK_PARAM: `B.${randomBytes(24).toString('base64url')}`,
    CALLBACK: `https://ad.sandbox.local/cb/${clickId}`,
    CALLBACK_URL: `https://ad.sandbox.local/cb/${clickId}`,
    REQUEST_ID: randomBytes(12).toString('hex'),
    TRACK_ID: randomBytes(8).toString('hex'),
    IMPRESSION_ID: randomBytes(10).toString('hex'),
    IMPRESSION_TIME: String(Math.floor(now / 1000)),
    CLICK_TIME: String(Math.floor(now / 1000)),
    OS: ios ? '1' : '0',
    DEVICE_OS_TYPE: ios ? 'ios' : 'android',
    IP: docIp(),
    IPV4: docIp(),
    UA: pick(UAS),
    USER_AGENT: pick(UAS),
    TS: String(now),
    MODEL: pick(MODELS),
    CSITE: pick(['1', '10001', '30001', '40001']),
    CTYPE: pick(['2', '5', '15']),
    SITE_SET_NAME: pick(['SITE_SET_WECHAT', 'SITE_SET_MOBILE_INNER']),
    OAID: randomBytes(16).toString('hex'),
    HASH_OAID: randomBytes(16).toString('hex'),
    MUID: randomBytes(16).toString('hex'),
    PLACEMENT: pick(['1', '2', '7']),
  };
  const url = monitorUrl(baseUrl, kind, link.state, link.pageid);
  // Unknown macros stay literal, as a real platform leaves macros it does not support.
  return url
    .replace(/__([A-Z0-9_]+?)(2)?__/g, (m, name: string) => (values[name] !== undefined ? encodeURIComponent(values[name]!) : m))
    .replace(/\{([A-Z0-9_]+)\}/g, (m, name: string) => (values[name] !== undefined ? encodeURIComponent(values[name]!) : m));
}

/** The landing parameter each channel appends (spec issue 4): tengxun gdt_vid, UC uctrackid, others clickid. */
const landingParam = (state: number) => (state === 4 ? 'gdt_vid' : state === 8 ? 'uctrackid' : 'clickid');

/** Share of the daily peak by China-time hour (quiet at night, evening peak). */
export function dayShape(epochSeconds: number): number {
  const hour = Math.floor(((epochSeconds + CHINA_OFFSET_SECONDS) % 86400) / 3600);
  const shape = [
    0.25, 0.15, 0.1, 0.08, 0.08, 0.1, 0.2, 0.4, 0.6, 0.7, 0.75, 0.8, 0.85, 0.75, 0.7, 0.7, 0.75, 0.8, 0.85, 0.95, 1, 1, 0.8, 0.5,
  ];
  return shape[hour]!;
}

export function startDemoTraffic(opts: TrafficOptions): { stop(): Promise<void>; sent(): number } {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let links: DemoLink[] = [];
  let loadedAt = 0;
  let inFlight = 0;
  let sent = 0;
  let stopped = false;
  let carry = 0;

  const send = (path: string, ua: string) => {
    if (stopped || inFlight >= opts.maxInFlight) return;
    inFlight += 1;
    sent += 1;
    const req = request(`${opts.baseUrl}${path}`, { agent, headers: { 'user-agent': ua } }, (res) => {
      res.resume();
      res.on('end', () => (inFlight -= 1));
    });
    req.on('error', () => (inFlight -= 1));
    req.end();
  };

  const tick = async () => {
    if (stopped) return;
    if (Date.now() - loadedAt > (opts.reloadMs ?? 60_000)) {
      loadedAt = Date.now();
      links = await opts.links();
    }
    if (links.length === 0) return;
    carry += opts.peakShowsPerSecond * dayShape(Math.floor(Date.now() / 1000));
    const shows = Math.floor(carry);
    carry -= shows;
    for (let i = 0; i < shows; i++) {
      const link = pick(links);
      const ua = pick(UAS);
      send(substitute(link, 'show', '', ''), ua);
      // ~4 % click-through; ~80 % of clicks reach the landing page; a few platforms retry a click (deduped).
      if (Math.random() < 0.04) {
        const clickId = link.state === 4 ? `wx0${randomBytes(8).toString('hex')}` : randomBytes(12).toString('hex');
        const click = substitute(link, 'click', '', clickId);
        send(click, ua);
        if (Math.random() < 0.03) send(click, ua);
        if (Math.random() < 0.8) send(`${landingPath(link)}?${landingParam(link.state)}=${clickId}`, ua);
      }
    }
  };

  const timer = setInterval(() => void tick().catch((err) => opts.onError?.(err)), 1000);
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    for (let i = 0; i < 50 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    agent.destroy();
  };
  return { stop, sent: () => sent };
}
