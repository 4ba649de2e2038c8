/**
 * Ping parsing, off the hot path: a raw monitor query string → the fields we keep.
 * The channel's macro table (src/shared/macros.ts) says which values are still unsubstituted macros.
 */

import { type Channel, isChannel } from '../../shared/catalog.ts';
import { clickIdOfCallback, clickMacros, LANDING_AD_PARAMS, LANDING_CLICK_PARAMS, showMacros } from '../../shared/macros.ts';
import { decodePart, LIMITS, PingReject, Query } from './query.ts';
import type { MonitorEventsTable } from './tables.ts';

export { LIMITS, PingReject, Query, type RejectReason } from './query.ts';

/** `__X__` (juliang, tengxun, kuaishou, xiaohongshu) or `{X}` (UC): a macro the platform did not substitute. */
const UNSUBSTITUTED = /^(?:__[A-Z0-9_]+__|\{[A-Z0-9_]+\})$/;

/** Decode every parameter (tests, tools). */
export function decodeQuery(query: string): Map<string, string> {
  const q = new Query(query);
  const out = new Map<string, string>();
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodePart(eq < 0 ? part : part.slice(0, eq), part);
    if (!out.has(key)) out.set(key, q.get(key));
  }
  return out;
}

/** The event columns a ping carries; `ts` is the platform's event time in epoch seconds, 0 when absent or implausible. */
export type ParsedPing = Pick<
  MonitorEventsTable,
  'channel' | 'adv' | 'camp' | 'aid' | 'cid' | 'clickid' | 'callback' | 'os' | 'ip' | 'ua' | 'ts'
>;

/** juliang __OS__ 0/1/3, tengxun __DEVICE_OS_TYPE__ android/ios, free text elsewhere → android | ios | other | ''. */
export function normalizeOs(v: string): string {
  const s = v.trim().toLowerCase();
  if (!s) return '';
  if (s === '0' || s.startsWith('android')) return 'android';
  if (s === '1' || s === 'ios' || s.startsWith('iphone') || s.startsWith('ipad')) return 'ios';
  return 'other';
}

/** 10-digit seconds or 13-digit milliseconds → seconds; anything else 0. */
export function parseTs(v: string): number {
  if (v.length !== 10 && v.length !== 13) return 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return 0;
  }
  return v.length === 13 ? Math.floor(Number(v) / 1000) : Number(v);
}

/** A value the platform substituted: '' when absent or still its macro (the channel's table, or any `__X__` / `{X}`). */
function filled(params: Query, table: Readonly<Record<string, string>>, key: string): string {
  const v = params.get(key);
  if (!v) return '';
  if (v === table[key]) return '';
  // the pattern starts with `_` or `{`: other values skip it
  const c = v.charCodeAt(0);
  if ((c === 95 || c === 123) && UNSUBSTITUTED.test(v)) return '';
  return v;
}

/** The first of `keys` with an id (not empty, not 0); an overlong id is refused. */
function idOf(params: Query, table: Readonly<Record<string, string>>, keys: readonly string[]): string {
  for (const k of keys) {
    const v = filled(params, table, k).trim();
    if (v && v !== '0') {
      if (v.length > LIMITS.id) throw new PingReject('field_too_long', k);
      return v;
    }
  }
  return '';
}

const ADV = ['adv'];
const CAMP = ['proj', 'camp', 'did'];
const AID = ['promo', 'aid', 'adid'];
const CID = ['cid'];
const CLICKID = ['clickid'];

/**
 * Parse a monitor ping. `fallbackChannel` is the link's channel, used when `ch` is absent or invalid.
 * Throws PingReject for malformed input; unsubstituted macros read as empty.
 */
export function parsePing(kind: 'click' | 'show', query: string, fallbackChannel: number): ParsedPing {
  return parsePingQuery(kind, query, fallbackChannel).ping;
}

/** `parsePing`, with the decoded query (the invalid-traffic verdicts read it again: tracking/verdict/signals.ts). */
export function parsePingQuery(kind: 'click' | 'show', query: string, fallbackChannel: number): { ping: ParsedPing; params: Query } {
  if (query.length > LIMITS.query) throw new PingReject('too_long', `query ${query.length} chars`);
  const params = new Query(query);
  const chRaw = Number(params.get('ch'));
  const channel = Number.isInteger(chRaw) && isChannel(chRaw) ? chRaw : fallbackChannel;
  const table = (kind === 'click' ? clickMacros : showMacros)[channel as Channel] ?? {};
  const get = (key: string): string => filled(params, table, key);
  const id = (keys: readonly string[]): string => idOf(params, table, keys);
  const callback = get('cb') || get('cburl');
  // UC sends its click id only inside the callback URL (macros.ts CALLBACK_CLICK_ID); an overlong one is not an id
  const inCallback = clickIdOfCallback(channel, callback);
  const ping: ParsedPing = {
    channel,
    adv: id(ADV),
    // 巨量 升级版 fills __PROJECT_ID__ / __PROMOTION_ID__ (bububa/oceanengine api/track/click.go project_id,
    // promotion_id); on a v2 ad they stay unsubstituted and __CAMPAIGN_ID__ / __AID__ carry the ids
    camp: id(CAMP),
    aid: id(AID),
    cid: id(CID),
    clickid: id(CLICKID) || (inCallback.length <= LIMITS.id ? inCallback : ''),
    callback,
    os: normalizeOs(get('os')),
    ip: get('ip').slice(0, 64),
    ua: get('ua').slice(0, LIMITS.ua),
    ts: parseTs(get('ts') || get('clicktime') || get('imptime')),
  };
  return { ping, params };
}

/** The dedupe key of a click: its click id, else its callback, else none (counted every time). */
export function clickKey(p: Pick<ParsedPing, 'clickid' | 'callback'>): string {
  if (p.clickid) return `id:${p.clickid}`;
  if (p.callback) return `cb:${p.callback.slice(0, 512)}`;
  return '';
}

export interface ParsedVisit {
  click_param: string;
  clickid: string;
  /** Ad ids the channel put on the landing URL (巨量: projectid, promotionid / adid, creativeid), '' when absent. */
  camp: string;
  aid: string;
  cid: string;
}

/** Landing visit: which parameter carries the click id (first found in LANDING_CLICK_PARAMS order), and the ad ids. */
export function parseVisit(query: string): ParsedVisit {
  return parseVisitQuery(query).visit;
}

/** `parseVisit`, with the decoded query. */
export function parseVisitQuery(query: string): { visit: ParsedVisit; params: Query } {
  if (query.length > LIMITS.query) throw new PingReject('too_long', `query ${query.length} chars`);
  const params = new Query(query);
  const first = (keys: readonly string[]): string => {
    for (const key of keys) {
      const v = params.get(key).trim();
      if (v && !UNSUBSTITUTED.test(v)) return v.slice(0, LIMITS.id);
    }
    return '';
  };
  let click = { click_param: '', clickid: '' };
  for (const key of LANDING_CLICK_PARAMS) {
    const v = params.get(key).trim();
    if (v && !UNSUBSTITUTED.test(v)) {
      click = { click_param: key, clickid: v.slice(0, 512) };
      break;
    }
  }
  const visit = { ...click, camp: first(LANDING_AD_PARAMS.camp), aid: first(LANDING_AD_PARAMS.aid), cid: first(LANDING_AD_PARAMS.cid) };
  return { visit, params };
}

export const isPageId = (s: string): boolean => s.length > 0 && s.length <= LIMITS.pageid && /^\d+$/.test(s);
