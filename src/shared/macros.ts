import type { Channel } from './catalog.ts';

/**
 * Monitor URL parameters: our query key → the macro each ad platform substitutes
 * (../shared/reference/ad-platform-protocols.md §5). The same table drives URL generation
 * (console, links API) and ping parsing (tracking), so the two cannot drift apart.
 * Keys: adv advertiser/account, camp campaign/project, aid ad/plan/unit/promotion, cid creative,
 * cb callback (kept for conversion postback), clickid the platform click id.
 */
export type MacroTable = Readonly<Record<string, string>>;

const juliang: MacroTable = {
  adv: '__ADVERTISER_ID__',
  camp: '__CAMPAIGN_ID__',
  proj: '__PROJECT_ID__',
  aid: '__AID__',
  promo: '__PROMOTION_ID__',
  cid: '__CID__',
  req: '__REQUEST_ID__',
  cb: '__CALLBACK_PARAM__',
  cburl: '__CALLBACK_URL__',
  track: '__TRACK_ID__',
  ctype: '__CTYPE__',
  site: '__CSITE__',
  union: '__UNION_SITE__',
  imei: '__IMEI__',
  idfa: '__IDFA__',
  androidid: '__ANDROIDID__',
  oaid: '__OAID__',
  caid: '__CAID__',
  os: '__OS__',
  mac: '__MAC__',
  ip: '__IP__',
  ua: '__UA__',
  geo: '__GEO__',
  ts: '__TS__',
  model: '__MODEL__',
};

const tengxunClick: MacroTable = {
  adv: '__ACCOUNT_ID__',
  camp: '__CAMPAIGN_ID__',
  aid: '__ADGROUP_ID__',
  adid: '__AD_ID__',
  cid: '__DYNAMIC_CREATIVE_ID__',
  clickid: '__CLICK_ID__',
  clicktime: '__CLICK_TIME__',
  cb: '__CALLBACK__',
  req: '__REQUEST_ID__',
  site: '__SITE_SET_NAME__',
  muid: '__MUID__',
  oaid: '__HASH_OAID__',
  androidid: '__HASH_ANDROID_ID__',
  os: '__DEVICE_OS_TYPE__',
  ip: '__IP__',
  ua: '__USER_AGENT__',
  page: '__PAGE_URL__',
};
const tengxunShow: MacroTable = {
  adv: '__ACCOUNT_ID__',
  camp: '__CAMPAIGN_ID__',
  aid: '__ADGROUP_ID__',
  cid: '__DYNAMIC_CREATIVE_ID__',
  imp: '__IMPRESSION_ID__',
  imptime: '__IMPRESSION_TIME__',
  req: '__REQUEST_ID__',
  site: '__SITE_SET_NAME__',
  muid: '__MUID__',
  os: '__DEVICE_OS_TYPE__',
  ip: '__IP__',
  ua: '__USER_AGENT__',
};

const kuaishou: MacroTable = {
  adv: '__ACCOUNTID__',
  did: '__DID__',
  dname: '__DNAME__',
  aid: '__AID__',
  cid: '__CID__',
  cb: '__CALLBACK__',
  imei: '__IMEI2__',
  oaid: '__OAID__',
  idfa: '__IDFA2__',
  androidid: '__ANDROIDID2__',
  mac: '__MAC2__',
  ip: '__IP__',
  ua: '__UA__',
  ts: '__TS__',
};

const xiaohongshu: MacroTable = {
  adv: '__ADVERTISER_ID__',
  camp: '__CAMPAIGN_ID__',
  aid: '__UNIT_ID__',
  cid: '__CREATIVITY_ID__',
  clickid: '__CLICK_ID__',
  cb: '__CALLBACK_PARAM__',
  oaid: '__OAID__',
  site: '__PLACEMENT__',
};

/** UC / 汇川: weakly sourced (protocol reference §0); kept in this one table so it is easy to correct. */
const ucid: MacroTable = {
  adv: '{ACCOUNT_ID}',
  camp: '{CAMPAIGN_ID}',
  aid: '{UNIT_ID}',
  cid: '{CREATIVE_ID}',
  cb: '{CALLBACK_URL}',
  imei: '{IMEI_SUM1}',
  oaid: '{OAID}',
  idfa: '{IDFA}',
  os: '{OS}',
  ip: '{IP}',
  ua: '{UA}',
  ts: '{TS}',
};

export const clickMacros: Partial<Record<Channel, MacroTable>> = { 2: juliang, 4: tengxunClick, 5: kuaishou, 8: ucid, 10: xiaohongshu };
export const showMacros: Partial<Record<Channel, MacroTable>> = { 2: juliang, 4: tengxunShow, 5: kuaishou, 8: ucid, 10: xiaohongshu };

/** Landing-page query parameters that carry the platform's click id (spec issue 4; 微博 appends `mark_id`). */
export const LANDING_CLICK_PARAMS = ['clickid', 'gdt_vid', 'qz_gdt', 'uctrackid', 'callback', 'mark_id'] as const;

/**
 * Landing parameters that carry the ad's ids: 巨量 appends `projectid`, `promotionid`, `creativetype`, `clickid` to
 * a 2.0 landing URL (`adid`, `creativeid`, `clickid` in 1.0). Keys as in the monitor tables (camp, aid, cid).
 */
export const LANDING_AD_PARAMS = { camp: ['projectid'], aid: ['promotionid', 'adid'], cid: ['creativeid'] } as const;

/**
 * Channels whose landing click id is itself the postback callback (ad-platform-protocols §6, -2 A8): 巨量's landing
 * `clickid` goes back as `context.ad.callback`, 快手's landing `callback`, 小红书's `click_id`, 微博's `mark_id`.
 * 腾讯 (gdt_vid) and UC (uctrackid) need the callback URL their click-monitor ping carried (UC's carries the uctrackid:
 * CALLBACK_CLICK_ID).
 */
export const LANDING_ID_IS_CALLBACK: Readonly<Partial<Record<Channel, true>>> = { 2: true, 3: true, 5: true, 10: true };

/**
 * Channels whose click id reaches us only inside the callback URL of the click ping, by the parameter that carries it.
 * UC 汇川: `{CALLBACK_URL}` decodes to `https://huichuan.uc.cn/callback/appapi?click_id=…&…&uctrackid=…`, and the landing
 * URL receives the same `uctrackid=` (../shared/reference/ad-platform-protocols-2.md A6, from code samples only: weakly
 * sourced, kept in this one table so it is easy to correct). The ping's click id is read from there, so the landing
 * visit ties to its click by id (tracking/visit-ties.ts) and gets the click's callback for the postback.
 */
export const CALLBACK_CLICK_ID: Readonly<Partial<Record<Channel, string>>> = { 8: 'uctrackid' };

/** The click id a callback URL carries for `channel` (CALLBACK_CLICK_ID), '' when none or not a URL. */
export function clickIdOfCallback(channel: number, callback: string): string {
  const param = CALLBACK_CLICK_ID[channel as Channel];
  if (!param || !callback) return '';
  try {
    return new URL(callback).searchParams.get(param)?.trim() ?? '';
  } catch {
    return '';
  }
}

export type MonitorKind = 'click' | 'show';
/** Path prefixes of the monitor endpoints: `/m/c/{pageid}` (click), `/m/s/{pageid}` (show). */
export const MONITOR_PATH: Record<MonitorKind, string> = { click: '/m/c/', show: '/m/s/' };

/**
 * The monitor URL for one link and channel. Macros stay literal (the ad platform replaces them);
 * `{}` and `_` are left unescaped so platforms recognise them. Channels without a table get a plain URL.
 */
export function monitorUrl(baseUrl: string, kind: MonitorKind, channel: number, pageid: string): string {
  const table = (kind === 'click' ? clickMacros : showMacros)[channel as Channel];
  const query = table
    ? Object.entries(table)
        .map(([k, macro]) => `${k}=${macro}`)
        .join('&')
    : '';
  return `${baseUrl.replace(/\/$/, '')}${MONITOR_PATH[kind]}${pageid}${query ? `?ch=${channel}&${query}` : `?ch=${channel}`}`;
}
