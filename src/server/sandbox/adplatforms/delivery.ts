/**
 * Delivery: every delivering plan shows and gets clicked over time, and the sandbox really pings the plan's
 * show/click monitor URLs with the channel's macros filled and visits its landing URL with the channel's
 * click-id parameter — over loopback only (any other host is skipped), at a bounded rate that follows the
 * China day. A plan that is not delivering (paused, in audit, over budget, out of balance) sends nothing.
 * What was sent is recorded per plan-hour; reports add a small excess on top (see world.ts EXCESS).
 * It is the demo world's traffic (DEMO_TRAFFIC): the old standalone loop (`sandbox/traffic.ts`) is gone.
 */

import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { hourStart } from '../../../shared/china-clock.ts';
import { mulberry32 } from '../../../shared/mulberry32.ts';
import { CHINA_OFFSET_SECONDS } from '../../../shared/time.ts';
import { recordTarget } from './drivers.ts';
import { type Burst, botDevice, burstDevices, type InvalidTrafficOptions, NO_INVALID } from './invalid-traffic.ts';
import { isV3 } from './juliang-world.ts';
import { fillMacros, knownMacros, macroValues, type PingDevice } from './macros.ts';
import { PROFILES } from './profiles.ts';
import { tengxunCb } from './tengxun-conv.ts';
import type { Entity, World } from './world.ts';

export interface DeliveryOptions {
  /** Root of the sandbox as the outside sees it, e.g. http://127.0.0.1:4321/sandbox (callback URLs point here). */
  publicBase: string;
  /** Shows per second at the daily peak, over all plans. */
  peakShowsPerSecond: number;
  maxInFlight: number;
  clickThroughRate: number;
  /** Share of clicks that reach the landing page. */
  landingRate: number;
  /** Share of landing visits whose shopper follows the page's jump to the item (the union records that click). */
  followRate: number;
  /** Seed of the device/user randomness (reports are deterministic whatever it is). */
  seed: number;
  tickMs: number;
  /**
   * URL prefixes to send elsewhere before the loopback check: in-process, the product's public base URL
   * (what its monitor links carry) maps to its loopback address, so traffic stays on the machine.
   */
  rewrite: Array<[from: string, to: string]>;
  /** The live loop's bot clicks and click-farm bursts (invalid-traffic.ts); none by default. */
  invalid: InvalidTrafficOptions;
}
export const DEFAULT_DELIVERY: DeliveryOptions = {
  publicBase: 'http://127.0.0.1:4321/sandbox',
  peakShowsPerSecond: 20,
  maxInFlight: 64,
  clickThroughRate: 0.04,
  landingRate: 0.8,
  followRate: 0.35,
  seed: 1,
  tickMs: 1000,
  rewrite: [],
  invalid: NO_INVALID,
};

/** Share of the daily peak by China-time hour (quiet at night, evening peak). */
export function dayShape(epochSeconds: number): number {
  const hour = Math.floor(((((epochSeconds + CHINA_OFFSET_SECONDS) % 86400) + 86400) % 86400) / 3600);
  return [0.25, 0.15, 0.1, 0.08, 0.08, 0.1, 0.2, 0.4, 0.6, 0.7, 0.75, 0.8, 0.85, 0.75, 0.7, 0.7, 0.75, 0.8, 0.85, 0.95, 1, 1, 0.8, 0.5][
    hour
  ]!;
}

const UAS = [
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  'Mozilla/5.0 (Linux; Android 12; PEHM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 Kwai/11.2',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 discover/8.40',
];
/** The user agent of the platform's landing-page review (reviewLandingPages). */
export const REVIEW_UA = 'Mozilla/5.0 (compatible; SandboxAdReview/1.0; +landing-page review)';
const MODELS = ['V2309A', 'iPhone15,2', 'PEHM00', 'SM-S9180'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const isLoopbackUrl = (url: string): boolean => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && LOOPBACK.has(u.hostname);
  } catch {
    return false;
  }
};

export interface Sent {
  shows: number;
  clicks: number;
  visits: number;
  /** Landing visits whose shopper followed the page's jump into the union. */
  follows: number;
  skipped: number;
  /** Of the clicks asked for, those made by bots or in a burst (invalid-traffic.ts), sent or skipped. */
  invalid: number;
}
const nothingSent = (): Sent => ({ shows: 0, clicks: 0, visits: 0, follows: 0, skipped: 0, invalid: 0 });

/** Extra clicks of one delivery that are invalid traffic: made by bots, or one click farm's burst. */
export interface InvalidClicks {
  bots?: number;
  burst?: Burst;
}

/** The jump a landing page offers: its `data-web` attribute (the web URL its button and script go to), '' when none. */
export function jumpTarget(html: string): string {
  const m = /<body[^>]*\sdata-web="([^"]*)"/.exec(html);
  if (!m) return '';
  return m[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export class DeliveryEngine {
  private readonly world: World;
  private readonly opts: DeliveryOptions;
  private readonly rand: () => number;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private carry = 0;
  private running = false;
  readonly totals: Sent = nothingSent();
  /** Bursts sent by the live loop (they alternate between one device and one IP). */
  private bursts = 0;

  constructor(world: World, opts: Partial<DeliveryOptions> = {}) {
    this.world = world;
    this.opts = { ...DEFAULT_DELIVERY, ...opts };
    this.rand = mulberry32(this.opts.seed);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.opts.tickMs);
    this.timer.unref();
  }
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let i = 0; i < 100 && this.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    this.agent.destroy();
  }

  /** Plans delivering right now, by platform state. */
  deliveringPlans(): Entity[] {
    return this.world.plansWithMonitors().filter((p) => this.world.state(p) === 'delivering');
  }

  /** One tick of the live loop: the day-shaped share of the peak rate, spread over delivering plans by weight. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.carry += (this.opts.peakShowsPerSecond * dayShape(this.world.now()) * this.opts.tickMs) / 1000;
      const n = Math.floor(this.carry);
      this.carry -= n;
      const plans = this.deliveringPlans();
      if (!plans.length || !n) return;
      const weights = plans.reduce((s, p) => s + p.weight, 0);
      const { botShare, burstsPerHour } = this.opts.invalid;
      const per = new Map<Entity, { shows: number; clicks: number; bots: number; burst?: Burst }>();
      for (let i = 0; i < n; i++) {
        if (this.inFlight >= this.opts.maxInFlight) break;
        const plan = this.pickByWeight(plans, this.rand() * weights);
        const e = per.get(plan) ?? { shows: 0, clicks: 0, bots: 0 };
        e.shows += 1;
        if (this.rand() < this.opts.clickThroughRate) {
          if (botShare > 0 && this.rand() < botShare) e.bots += 1;
          else e.clicks += 1;
        }
        per.set(plan, e);
      }
      if (burstsPerHour > 0 && this.rand() < (burstsPerHour * this.opts.tickMs) / 3_600_000) {
        const plan = this.pickByWeight(plans, this.rand() * weights);
        const e = per.get(plan) ?? { shows: 0, clicks: 0, bots: 0 };
        e.burst = this.bursts++ % 2 ? 'ip' : 'device';
        per.set(plan, e);
      }
      await Promise.all(
        [...per].map(([plan, c]) =>
          this.deliver(plan, c.shows, c.clicks, this.opts.landingRate, this.opts.followRate, { bots: c.bots, burst: c.burst }),
        ),
      );
    } finally {
      this.running = false;
    }
  }

  private pickByWeight(plans: Entity[], point: number): Entity {
    let left = point;
    for (const p of plans) {
      left -= p.weight;
      if (left < 0) return p;
    }
    return plans[plans.length - 1]!;
  }

  /**
   * Send exactly `shows` impressions and `clicks` clicks of one plan now (the admin API uses this for
   * deterministic tests), wait for the pings, and record them with their cost (each click costs the bid).
   * `invalid` adds bot clicks (a bot's UA macro; its landing visit, at `landingRate`, by that bot, never followed)
   * and a click farm's burst (no landing visits): the platform records and bills them like the others.
   */
  async deliver(
    plan: Entity,
    shows: number,
    clicks: number,
    landingRate = 1,
    followRate = this.opts.followRate,
    invalid: InvalidClicks = {},
  ): Promise<Sent> {
    const profile = PROFILES[plan.platform];
    const known = knownMacros(profile.channel);
    const creatives = this.world.creativesOf(plan.platform, plan.id);
    const campaign = plan.campaignId ? this.world.entity(plan.platform, 'campaign', plan.campaignId) : undefined;
    const sent: Sent = nothingSent();
    const jobs: Promise<unknown>[] = [];
    const event = (device: () => PingDevice = () => this.device()) => {
      const creative = creatives.length ? creatives[Math.floor(this.rand() * creatives.length)]! : undefined;
      const clickId = plan.platform === 'tengxun' ? `wx0${randomBytes(8).toString('hex')}` : randomBytes(12).toString('hex');
      const callback = this.callbackFor(plan.platform, clickId);
      const values = macroValues(
        plan.platform,
        {
          advertiserId: plan.advertiserId,
          campaignId: campaign?.id ?? '',
          campaignName: campaign?.name ?? '',
          planId: plan.id,
          creativeId: creative?.id ?? '',
          juliangV3: plan.platform === 'juliang' && isV3(this.world, plan.advertiserId),
        },
        device(),
        { clickId, callback, requestId: randomBytes(10).toString('hex'), nowMs: this.world.now() * 1000 },
      );
      // 快手's __CALLBACK__ is an http address; the click is known (and its landing page told) by the parameter inside it
      const token = plan.platform === 'kuaishou' ? (new URL(callback).searchParams.get('callback') ?? callback) : callback;
      return { clickId, callback, token, values, ua: values.UA ?? UAS[0]!, ip: values.IP ?? '' };
    };
    for (let i = 0; i < shows; i++) {
      const ev = event();
      if (plan.showUrl) jobs.push(this.get(fillMacros(plan.showUrl, ev.values, known), ev.ua, sent, 'shows'));
      else sent.shows += 1;
    }
    const click = (device: (() => PingDevice) | undefined, visitRate: number, follow: number) => {
      const ev = event(device);
      this.world.recordClick(plan.platform, ev.clickId, plan.id, ev.token);
      if (plan.clickUrl) jobs.push(this.get(fillMacros(plan.clickUrl, ev.values, known), ev.ua, sent, 'clicks'));
      else sent.clicks += 1;
      if (plan.landingUrl && visitRate > 0 && this.rand() < visitRate) {
        const u = new URL(plan.landingUrl);
        // 巨量 appends the project, promotion and creative type to a 2.0 landing URL, beside its clickid
        if (plan.platform === 'juliang') {
          if (campaign) u.searchParams.set('projectid', campaign.id);
          u.searchParams.set('promotionid', plan.id);
          u.searchParams.set('creativetype', '5');
        }
        u.searchParams.set(profile.landingParam, plan.platform === 'kuaishou' ? ev.token : ev.clickId);
        jobs.push(this.visit(plan, u.toString(), ev.ua, ev.ip, sent, follow));
      }
    };
    for (let i = 0; i < clicks; i++) click(undefined, landingRate, followRate);
    for (let i = 0; i < (invalid.bots ?? 0); i++) click(() => botDevice(this.device(), this.rand()), landingRate, 0);
    const farm = invalid.burst ? burstDevices(invalid.burst, () => this.device()) : [];
    for (const d of farm) click(() => d, 0, 0);
    sent.invalid = (invalid.bots ?? 0) + farm.length;
    await Promise.all(jobs);
    const cost = sent.clicks * (plan.bidFen ?? campaign?.bidFen ?? 50);
    if (sent.shows || sent.clicks)
      this.world.recordDelivery(plan.platform, plan, hourStart(this.world.now()), sent.shows, sent.clicks, cost);
    this.totals.shows += sent.shows;
    this.totals.clicks += sent.clicks;
    this.totals.visits += sent.visits;
    this.totals.follows += sent.follows;
    this.totals.skipped += sent.skipped;
    this.totals.invalid += sent.invalid;
    return sent;
  }

  /** 腾讯 clicks issued so far: their callbacks alternate between the two forms. */
  private tengxunClicks = 0;

  private callbackFor(platform: AdPlatform, clickId: string): string {
    const token = randomBytes(18).toString('base64url');
    const base = this.opts.publicBase.replace(/\/$/, '');
    switch (platform) {
      case 'juliang':
        return `B.${token}`;
      case 'tengxun': {
        // 腾讯's two documented callback forms (tengxun-conv.ts), one click each in turn
        const cb = tengxunCb(clickId, token.slice(0, 8));
        const path = this.tengxunClicks++ % 2 ? 'v3.0/user_actions/add' : 'conv';
        return `${base}/tengxun/${path}?cb=${cb}&conv_id=10001`;
      }
      case 'ucid':
        return `${base}/ucid/callback/appapi?click_id=${clickId}&uctrackid=${clickId}&event_type=0`;
      case 'weibo':
        return clickId;
      case 'kuaishou':
        // as 快手 fills __CALLBACK__: its conversion address with the click's callback parameter (kwai-marketing-api activate_request.go)
        return `${base}/kuaishou/track/activate?callback=${token}`;
      default:
        return token;
    }
  }

  private device(): PingDevice {
    const r = this.rand;
    const hex = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
    const ios = r() < 0.38;
    // Documentation ranges only (RFC 5737): they look like client IPs; nothing is ever sent there.
    const ip = `${['203.0.113', '198.51.100', '192.0.2'][Math.floor(r() * 3)]}.${1 + Math.floor(r() * 254)}`;
    return {
      ios,
      ip,
      ua: UAS[Math.floor(r() * UAS.length)]!,
      model: MODELS[Math.floor(r() * MODELS.length)]!,
      oaid: hex(32),
      idfa: ios ? hex(32) : '',
      imei: hex(15),
      androidId: hex(16),
      mac: hex(12),
    };
  }

  /**
   * A shopper on the landing page: the visit, and with `followRate` the jump the page offers (`data-web`, the union's
   * promotion URL), from the same browser and address — the union sees the click and its shoppers may order.
   */
  private async visit(plan: Entity, url: string, ua: string, ip: string, sent: Sent, followRate: number): Promise<void> {
    const headers = { 'user-agent': ua, 'x-forwarded-for': ip };
    const page = await this.get(url, ua, sent, 'visits', headers, true);
    const target = page ? jumpTarget(page) : '';
    if (target) recordTarget(this.world, plan.platform, plan.id, target);
    if (target && this.rand() < followRate) await this.get(target, ua, sent, 'follows', headers);
  }

  /**
   * The platform's review of its plans' landing pages (real platforms fetch them in 审核): one fetch of each distinct
   * landing URL of `platform`'s plans, whose jump (drivers.ts) is remembered for every plan that carries it. Made when history is back-filled, so the plans'
   * history can be followed into the unions before any shopper visits. Returns the pages read.
   */
  async reviewLandingPages(platform: AdPlatform): Promise<number> {
    const plans = this.world.store
      .all<{ id: string; landing_url: string }>(
        "SELECT id, landing_url FROM entities WHERE platform = ? AND level = 'plan' AND deleted = 0 AND landing_url IS NOT NULL",
        platform,
      )
      .filter((p) => isLoopbackUrl(this.rewritten(p.landing_url)));
    const sent: Sent = nothingSent();
    const byUrl = new Map<string, string[]>();
    for (const p of plans) byUrl.set(p.landing_url, [...(byUrl.get(p.landing_url) ?? []), String(p.id)]);
    let read = 0;
    for (const [url, ids] of byUrl) {
      const page = await this.get(url, REVIEW_UA, sent, 'visits', { 'user-agent': REVIEW_UA }, true);
      const target = page ? jumpTarget(page) : '';
      if (target) for (const id of ids) recordTarget(this.world, platform, id, target);
      read += page ? 1 : 0;
    }
    return read;
  }

  private rewritten(original: string): string {
    const rule = this.opts.rewrite.find(([from]) => from && original.startsWith(from));
    return rule ? rule[1] + original.slice(rule[0].length) : original;
  }

  /** GET over loopback; a non-loopback URL is skipped (the sandbox never sends traffic to the internet). */
  private get(
    original: string,
    ua: string,
    sent: Sent,
    key: 'shows' | 'clicks' | 'visits' | 'follows',
    headers: Record<string, string> = { 'user-agent': ua },
    keepBody = false,
  ): Promise<string | null> {
    const url = this.rewritten(original);
    if (!isLoopbackUrl(url)) {
      sent.skipped += 1;
      return Promise.resolve(null);
    }
    this.inFlight += 1;
    return new Promise((resolve) => {
      let body = '';
      const done = (ok: boolean) => {
        this.inFlight -= 1;
        if (ok) sent[key] += 1;
        resolve(ok && keepBody ? body : null);
      };
      const req = request(url, { agent: this.agent, headers, timeout: 10_000 }, (res) => {
        if (keepBody && body.length < 256 * 1024) res.on('data', (d: Buffer) => (body += d.toString('utf8')));
        else res.resume();
        res.on('end', () => done(true));
        res.on('error', () => done(false));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => done(false));
      req.end();
    });
  }
}
