/**
 * The verdict on one click ping, show ping or landing visit: '' (valid) or the first reason that applies
 * (shared/invalid-traffic.ts). Pure but for the flood windows, which every click and visit passes through whatever
 * its verdict (a flood is counted on all the traffic). Never throws.
 *
 * Where the device is read: a monitor ping is sent by the ad platform's server, so its request's IP and user agent
 * are the platform's — only the `ip` / `ua` macros describe the device (a ping without them is not judged by IP or
 * user agent). A landing visit comes from the browser itself: its request's IP and user agent are the device's.
 * IP floods are counted on public addresses only (ip.ts: a loopback or private address is a proxy's or our own).
 * Where the operator provides an IP region database (region.ts), a device IP located outside the countries ads are
 * delivered to is `foreign_ip`; without one nothing is looked up.
 */
import type { InvalidReason } from '../../../shared/invalid-traffic.ts';
import type { VerdictThresholds } from './config.ts';
import type { FloodWindows } from './flood.ts';
import { isDeviceIp } from './ip.ts';
import type { IpRegion } from './region.ts';
import type { Signals } from './signals.ts';
import { isBotUa } from './ua.ts';

export type Verdict = InvalidReason | '';

export interface PingToJudge {
  kind: 'click' | 'show';
  pageid: string;
  received_at: number;
  /** The click's de-duplication key ('' = neither click id nor callback). */
  key: string;
  /** The device IP and user agent the platform's macros filled ('' when absent). */
  deviceIp: string;
  deviceUa: string;
  signals: Signals;
}

/** A click's flood verdict: it passes through the windows (every click does, whatever its other verdicts). */
export function pingFlood(p: PingToJudge, w: FloodWindows): Verdict {
  if (p.kind !== 'click') return '';
  const byIp = isDeviceIp(p.deviceIp) ? w.ip.hit(p.deviceIp, p.received_at) : false;
  const byDevice = p.signals.device ? w.device.hit(p.signals.device, p.received_at) : false;
  const byLink = p.key ? false : w.link.hit(p.pageid, p.received_at);
  return byIp ? 'flood_ip' : byDevice ? 'flood_device' : byLink ? 'flood_link' : '';
}

/**
 * `flood`: the ping's flood verdict when it was judged before (verdict/flood.ts `FloodReplay`); else it passes the
 * windows now. `region`: the operator's IP region database, null when none.
 */
export function judgePing(p: PingToJudge, w: FloodWindows, flood: Verdict = pingFlood(p, w), region: IpRegion | null = null): Verdict {
  if (p.signals.unfilled) return 'macro';
  if (p.signals.malformed) return 'malformed';
  if (isBotUa(p.deviceUa)) return 'bot';
  if (region?.foreign(p.deviceIp)) return 'foreign_ip';
  return flood;
}

export interface VisitToJudge {
  ip: string;
  ua: string;
  received_at: number;
  signals: Signals;
}

/** A visit's flood verdict: it passes through the visit-IP window. */
export function visitFlood(v: VisitToJudge, w: FloodWindows): Verdict {
  return isDeviceIp(v.ip) && w.visitIp.hit(v.ip, v.received_at) ? 'flood_ip' : '';
}

export function judgeVisit(v: VisitToJudge, w: FloodWindows, flood: Verdict = visitFlood(v, w), region: IpRegion | null = null): Verdict {
  if (v.signals.unfilled) return 'macro';
  if (v.signals.malformed) return 'malformed';
  if (isBotUa(v.ua)) return 'bot';
  if (region?.foreign(v.ip)) return 'foreign_ip';
  return flood;
}

/** Once the visit is tied to its click (visit-ties.ts): a visit of an invalid click, or long after it, is invalid too. */
export function judgeTiedVisit(
  own: Verdict,
  visitAt: number,
  click: { received_at: number; invalid: string } | null,
  t: Pick<VerdictThresholds, 'lateVisitSeconds'>,
): Verdict {
  if (own || !click) return own;
  if (click.invalid) return 'click_invalid';
  if (visitAt - click.received_at > t.lateVisitSeconds) return 'late_visit';
  return '';
}
