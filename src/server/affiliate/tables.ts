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

export interface AffiliateTables {
  affiliate_links: AffiliateLinksTable;
}
