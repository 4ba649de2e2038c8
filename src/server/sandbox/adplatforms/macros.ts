/**
 * How a platform fills our monitor URLs: the macros it knows (the channel's tables in
 * `src/shared/macros.ts`, plus the few it always sends) get values of the real entity that was shown or
 * clicked; a macro the platform does not know stays literal, as on the real platforms.
 */
import { createHash } from 'node:crypto';
import type { Channel } from '../../../shared/catalog.ts';
import { clickMacros, showMacros } from '../../../shared/macros.ts';

export interface PingIds {
  advertiserId: string;
  campaignId: string;
  campaignName: string;
  planId: string;
  creativeId: string;
  /** 巨量: the advertiser is on 升级版 (v3.0). */
  juliangV3?: boolean;
}
export interface PingDevice {
  ios: boolean;
  ip: string;
  ua: string;
  model: string;
  oaid: string;
  idfa: string;
  imei: string;
  androidId: string;
  mac: string;
}

/** The macro tokens (`__AID__`, `{OAID}`) a channel fills. */
export function knownMacros(channel: number): Set<string> {
  const out = new Set<string>();
  for (const t of [clickMacros[channel as Channel], showMacros[channel as Channel]]) for (const v of Object.values(t ?? {})) out.add(v);
  return out;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Values by macro name (without `__`/`{}`) for one event. Which id goes in which macro is per platform. */
export function macroValues(
  platform: string,
  ids: PingIds,
  d: PingDevice,
  ev: { clickId: string; callback: string; requestId: string; nowMs: number },
): Record<string, string> {
  const s = String(Math.floor(ev.nowMs / 1000));
  const common: Record<string, string> = {
    IP: d.ip,
    IPV4: d.ip,
    UA: d.ua,
    USER_AGENT: d.ua,
    TS: String(ev.nowMs),
    MODEL: d.model,
    REQUEST_ID: ev.requestId,
    OAID: d.oaid,
    HASH_OAID: md5(d.oaid),
    OAID_SUM: md5(d.oaid),
    IDFA: d.idfa,
    IDFA2: d.idfa,
    IMEI: md5(d.imei),
    IMEI2: md5(d.imei),
    IMEI_SUM1: md5(d.imei),
    ANDROIDID: md5(d.androidId),
    ANDROIDID2: md5(d.androidId),
    HASH_ANDROID_ID: md5(d.androidId),
    MAC: md5(d.mac),
    MAC2: md5(d.mac),
    MUID: md5(d.imei),
  };
  switch (platform) {
    case 'juliang':
      return {
        ...common,
        ADVERTISER_ID: ids.advertiserId,
        // a v2 ad fills __CAMPAIGN_ID__ / __AID__, an 升级版 one __PROJECT_ID__ / __PROMOTION_ID__; the other pair stays literal
        ...(ids.juliangV3 ? { PROJECT_ID: ids.campaignId, PROMOTION_ID: ids.planId } : { CAMPAIGN_ID: ids.campaignId, AID: ids.planId }),
        CID: ids.creativeId,
        CALLBACK_PARAM: ev.callback,
        CALLBACK_URL: `https://ad.oceanengine.com/track/activate/?callback=${ev.callback}`,
        TRACK_ID: ev.requestId.slice(0, 16),
        CTYPE: '15',
        CSITE: '10001',
        UNION_SITE: '',
        OS: d.ios ? '1' : '0',
        GEO: '',
        CAID: '',
      };
    case 'tengxun':
      // 腾讯 3.0 has no campaign level: __CAMPAIGN_ID__ is 0; the adgroup is our campaign, the dynamic creative our plan.
      return {
        ...common,
        ACCOUNT_ID: ids.advertiserId,
        CAMPAIGN_ID: '0',
        ADGROUP_ID: ids.campaignId,
        AD_ID: ids.planId,
        DYNAMIC_CREATIVE_ID: ids.planId,
        CLICK_ID: ev.clickId,
        CLICK_TIME: s,
        CALLBACK: ev.callback,
        IMPRESSION_ID: ev.requestId,
        IMPRESSION_TIME: s,
        SITE_SET_NAME: 'SITE_SET_WECHAT',
        DEVICE_OS_TYPE: d.ios ? 'ios' : 'android',
        PAGE_URL: '',
      };
    case 'kuaishou':
      return {
        ...common,
        ACCOUNTID: ids.advertiserId,
        DID: ids.campaignId,
        DNAME: ids.campaignName,
        AID: ids.planId,
        CID: ids.creativeId,
        CALLBACK: ev.callback,
      };
    case 'xiaohongshu':
      return {
        ...common,
        ADVERTISER_ID: ids.advertiserId,
        CAMPAIGN_ID: ids.campaignId,
        UNIT_ID: ids.planId,
        CREATIVITY_ID: ids.creativeId,
        CLICK_ID: ev.clickId,
        CALLBACK_PARAM: ev.callback,
        PLACEMENT: '1',
      };
    case 'ucid':
      return {
        ...common,
        ACCOUNT_ID: ids.advertiserId,
        CAMPAIGN_ID: ids.campaignId,
        UNIT_ID: ids.planId,
        AID: ids.planId,
        CID: ids.creativeId,
        CREATIVE_ID: ids.creativeId,
        CALLBACK_URL: ev.callback,
        OS: d.ios ? '1' : '0',
      };
    default:
      return common;
  }
}

/** Replace the known macros of `url` (URL-encoding each value); unknown ones stay as they are. */
export function fillMacros(url: string, values: Record<string, string>, known: Set<string>): string {
  return url.replace(/__([A-Z0-9_]+?)__|\{([A-Z0-9_]+)\}/g, (m, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    return known.has(m) && values[name] !== undefined ? encodeURIComponent(values[name]) : m;
  });
}
