/**
 * 微博超级粉丝通 (the current management API, bububa/biz-weibo @ ac4cc0c084159e607b523c35bf8732d3fa3bb87d): the paths
 * the connector calls, each from the SDK file named beside it, under the gateway `https://api.biz.weibo.com`; and, apart,
 * the few choices no source settles (which report metrics are our shows / clicks / conversions, the behaviour codes of
 * a conversion). Fixtures: tests/fixtures/platforms/weibo/.
 */
export const WEIBO_PATHS = {
  /** model/oauth/authorize.go */
  authorize: '/oauth/authorize',
  /** model/oauth/token.go (AccessTokenRequest: GET, no client_secret) */
  token: '/oauth/token',
  /** model/oauth/token.go (RefreshTokenRequest: POST JSON, answer wrapped in `data`) */
  refresh: '/oauth/refresh_token',
  /** model/oauth/info.go */
  userInfo: '/oauth/get_user_info',
  /** model/account/info.go — the token's own account, or `advertiser_id`'s */
  account: '/v3/account',
  /** model/account/manage.go — the advertisers the token's account manages (`child_id`) */
  manageList: '/v3/account/manage-list',
  /** model/campaign/campaigns.go, update.go (`/v3/campaigns/{id}`), update_status.go */
  campaigns: '/v3/campaigns',
  campaignStatus: '/v3/campaigns/update-status',
  /** model/ad/ads.go, update_status.go */
  ads: '/v3/ads',
  adStatus: '/v3/ads/update-status',
  /** model/creative/creatives.go, update_status_batch.go */
  creatives: '/v4/creatives',
  creativeStatus: '/v4/creatives/update_status_batch',
  /** model/report/ad.go — `group_by` date | hour | sum, page_size ≤ 200 */
  adReport: '/v3/report/effect/get_ad_data',
  /** model/track/activate.go */
  track: '/v3/track/activate',
} as const;

export const WEIBO_TABLE = {
  /** model/oauth/authorize.go: ads_read (只读) or ads_management (读写). */
  scope: 'ads_management',
  /** model/report/base.go metric names. Our choice: shows = pv (曝光量), clicks = traffic_bhv (导流数: clicks through to
   * the landing page, what the click monitor sees — not bhv, which counts every interaction), cost = consume (yuan),
   * conversions = bhv_71000007 (商品购买, the report side of behaviour 1007). */
  fields: { shows: 'pv', clicks: 'traffic_bhv', cost: 'consume', conversions: 'bhv_71000007' },
  reportPageSize: 200,
  /** model/track/behavior.go: 1007 商品购买 for a paid order; an order not yet paid has no behaviour of its own: 1100 其他. */
  behavior: { order: 1100, pay: 1007 },
};
