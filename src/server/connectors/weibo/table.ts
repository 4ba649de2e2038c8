/**
 * 微博超级粉丝通: what the public sources (the 2018 official SDKs, reference A5) do not settle, in one table.
 * The live API is versioned (v3) but its management paths are not public: every path is here and can be
 * overridden per deployment (`WeiboConnectorConfig.paths`). Also here: the hourly `granularity` value,
 * the cost metric name, the budget/bid field names and the behaviour codes of a conversion.
 */
export const WEIBO_TABLE = {
  paths: {
    authorize: '/oauth/authorize',
    token: '/oauth/token',
    refresh: '/oauth/refresh_token',
    customers: '/customers',
    campaigns: '/campaigns',
    ads: '/ads',
    creatives: '/creatives',
    insights: '/insights/effect',
    track: '/v3/track/activate',
  },
  scope: 'ads_read,ads_management,ads_insight',
  granularityHour: 'hour',
  metrics: ['pv', 'bhv', 'consume', 'conversion'],
  costField: 'consume',
  campaignBudgetField: 'budget',
  adBidField: 'bid_amount',
  /** behavior codes: 1007 商品购买; 1100 其他 (an order not yet paid). */
  behavior: { order: 1100, pay: 1007 },
};
export type WeiboPaths = typeof WEIBO_TABLE.paths;
