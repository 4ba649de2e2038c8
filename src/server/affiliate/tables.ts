/**
 * What the affiliate union issued for each promotion link: the tracking ids its promotion URL carries (and every
 * order bought through it echoes), the 淘宝 adzone it holds from the configured pool, and for UD the monitor and
 * landing URLs. The orders feature finds a link for an order through `tracking_key` (affiliate/lookup.ts).
 */
export interface AffiliateLinksTable {
  pageid: string;
  /** taobao · jd · pdd · ud */
  union_name: string;
  /** trackingKey(tracking) (connectors/affiliate.ts). */
  tracking_key: string;
  /** JSON of the connector's `Tracking`. */
  tracking: string;
  /** The 淘宝 adzone this link holds alone ('' when none, e.g. the pool was exhausted and the default adzone is shared). */
  adzone_id: string;
  /** The item the link promotes (ties an order to one of several links sharing a tracking key). */
  item_id: string;
  /** UD: JSON {clickUrl, deepLink, universalLink, pvMonitorUrl, clickMonitorUrl}; '{}' elsewhere. */
  urls: string;
  created_at: number;
  updated_at: number;
}

/**
 * 拼多多 pid + uid 备案 as last checked (`pdd.ddk.member.authority.query`): one row per pair a link's custom_parameters
 * named, the customer whose links use it, and the binding link (`pdd.ddk.rp.prom.url.generate`, channel_type 10) the
 * customer opens in the 拼多多 app while it is unbound. docs/affiliate-unions.md "拼多多 备案".
 */
export interface PddAuthoritiesTable {
  pid: string;
  uid: string;
  customerid: number;
  /** 1 bound (备案 done), 0 not (or not known yet: checked_at 0). */
  bound: number;
  bind_url: string;
  /** When 多多进宝 last answered (0: never); the last check's failure ('' when it answered). */
  checked_at: number;
  error: string;
  created_at: number;
  updated_at: number;
}

export interface AffiliateTables {
  affiliate_links: AffiliateLinksTable;
  pdd_authorities: PddAuthoritiesTable;
}
