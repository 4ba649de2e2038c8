/**
 * The demo world's invalid traffic (issue 23): a small share of the live loop's clicks made by crawlers and headless
 * browsers, and now and then a click farm's burst, sent like the rest through the plans' real monitor URLs (and a
 * bot's landing visit through the real landing page), so the product's verdicts (tracking/verdict/) have something to
 * find after `npm start`. The platform records and bills these clicks as real platforms do; the product counts them
 * as invalid. Off unless asked for (tests that deliver exact counts see none): the demo world's wiring turns
 * DEMO_INVALID on (wiring/ad-sandbox.ts). Documented in docs/api-tracking.md "Invalid traffic" and the README.
 */
import type { PingDevice } from './macros.ts';

export interface InvalidTrafficOptions {
  /** Share of the live loop's clicks made by a bot: its ping's UA macro and its landing visit's agent are a bot's. */
  botShare: number;
  /** Click-farm bursts per hour of the live loop, each on one delivering plan, in turn one device and one IP. */
  burstsPerHour: number;
}

export const NO_INVALID: InvalidTrafficOptions = { botShare: 0, burstsPerHour: 0 };
/** What the demo world sends: 2 % of clicks by bots, two bursts an hour (≈ 2.5 % of clicks invalid in all). */
export const DEMO_INVALID: InvalidTrafficOptions = { botShare: 0.02, burstsPerHour: 2 };

/** A headless browser, a search crawler, an HTTP library and 巨量's own crawler: bots by isbot's list. */
export const BOT_UAS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'python-requests/2.31.0',
  'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
];

export type Burst = 'device' | 'ip';
/**
 * A burst's clicks within one tick: past the product's thresholds (tracking/verdict/config.ts: 10 clicks of one
 * device, 30 of one IP in 60 s), so 6 of a device's 16 and 10 of an IP's 40 are floods; the first ones count.
 */
export const BURST_CLICKS: Record<Burst, number> = { device: 16, ip: 40 };

/** The same phone with a bot's user agent. */
export function botDevice(d: PingDevice, pick: number): PingDevice {
  return { ...d, ua: BOT_UAS[Math.min(BOT_UAS.length - 1, Math.floor(pick * BOT_UAS.length))]! };
}

/** The devices of one burst: one phone clicking again and again, or many phones (fresh ids) behind one IP. */
export function burstDevices(kind: Burst, fresh: () => PingDevice): PingDevice[] {
  const first = fresh();
  return Array.from({ length: BURST_CLICKS[kind] }, (_, i) => (kind === 'device' || i === 0 ? first : { ...fresh(), ip: first.ip }));
}
