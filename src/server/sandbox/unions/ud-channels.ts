/**
 * The macros the UD sandbox puts into the monitor and landing URLs it issues, per UD channel, and the parameter
 * each channel appends to a landing URL with its click id. Macro names follow each ad platform's documented set
 * (../shared/reference/ad-platform-protocols.md §5, -2 A6); 微博 and 百度 monitor macros are weakly sourced.
 */
export const UD_CHANNEL_IDS = ['1', '104', '105', '108', '109', '140', '102'] as const;
export type UdChannel = (typeof UD_CHANNEL_IDS)[number];

const MACROS: Record<UdChannel, Record<string, string>> = {
  '1': {
    click_id: '__CALLBACK_PARAM__',
    request_id: '__REQUEST_ID__',
    advertiser_id: '__ADVERTISER_ID__',
    project_id: '__PROJECT_ID__',
    promotion_id: '__PROMOTION_ID__',
    campaign_id: '__CAMPAIGN_ID__',
    adgroup_id: '__AID__',
    creative_id: '__CID__',
    mid1: '__MID1__',
    mid2: '__MID2__',
    mid3: '__MID3__',
    c_site: '__CSITE__',
    c_type: '__CTYPE__',
    ts: '__TS__',
    os: '__OS__',
    ip: '__IP__',
    ua: '__UA__',
  },
  '104': {
    click_id: '__CLICK_ID__',
    request_id: '__REQUEST_ID__',
    advertiser_id: '__ACCOUNT_ID__',
    campaign_id: '__CAMPAIGN_ID__',
    adgroup_id: '__ADGROUP_ID__',
    creative_id: '__DYNAMIC_CREATIVE_ID__',
    ts: '__CLICK_TIME__',
    ip: '__IP__',
    ua: '__USER_AGENT__',
  },
  '105': {
    click_id: '__CALLBACK__',
    advertiser_id: '__ACCOUNTID__',
    campaign_id: '__DID__',
    adgroup_id: '__AID__',
    creative_id: '__CID__',
    ts: '__TS__',
    ip: '__IP__',
    ua: '__UA__',
  },
  '108': {
    click_id: '__TRACKID__',
    request_id: '__REQUESTID__',
    advertiser_id: '__ACCOUNTID__',
    campaign_id: '__CAMPAIGNID__',
    adgroup_id: '__UNITID__',
    creative_id: '__CREATIVEID__',
    ts: '__TS__',
    ip: '__IP__',
    ua: '__UA__',
  },
  '109': {
    click_id: '__MARK_ID__',
    advertiser_id: '__ADVERTISER_ID__',
    campaign_id: '__CAMPAIGN_ID__',
    adgroup_id: '__AD_ID__',
    creative_id: '__CREATIVE_ID__',
    ts: '__TS__',
  },
  '140': {
    click_id: '__CLICK_ID__',
    advertiser_id: '__ADVERTISER_ID__',
    campaign_id: '__CAMPAIGN_ID__',
    adgroup_id: '__UNIT_ID__',
    creative_id: '__CREATIVITY_ID__',
  },
  '102': {
    click_id: '{{CLICK_ID}}',
    advertiser_id: '{{USER_ID}}',
    campaign_id: '{{PLAN_ID}}',
    adgroup_id: '{{UNIT_ID}}',
    creative_id: '{{IDEA_ID}}',
    ts: '{{TS}}',
    ip: '{{IP}}',
  },
};

/** The parameter a channel appends to the ad's landing URL with its click id. */
export const LANDING_CLICK_PARAM: Record<UdChannel, string[]> = {
  '1': ['clickid'],
  '104': ['gdt_vid', 'qz_gdt'],
  '105': ['callback'],
  '108': ['track_id'],
  '109': ['mark_id'],
  '140': ['click_id'],
  '102': ['bd_vid'],
};

const query = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** Query of the click monitor (all macros) and of the landing URL (ad ids only: the click id arrives as the channel's own parameter). */
export function monitorQuery(channel: UdChannel): string {
  return query(MACROS[channel]);
}
export function landingQuery(channel: UdChannel): string {
  const { click_id: _clickId, ...rest } = MACROS[channel];
  return query(rest);
}

/** A macro the platform could not fill stays literal (`__IMEI__`): read it as empty. */
export function macroValue(v: string | undefined): string {
  if (!v) return '';
  return /^(__[A-Z0-9_]+__|\{\{[A-Z0-9_]+\}\})$/.test(v) ? '' : v.slice(0, 500);
}
