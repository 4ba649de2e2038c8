/**
 * The ad platforms the product connects to (spec §1 account types, plus 微博 of the old version), keyed by
 * the name used in paths and configuration; the value is the spec's channel code.
 */
export const AD_PLATFORMS = { juliang: 2, weibo: 3, tengxun: 4, kuaishou: 5, ucid: 8, xiaohongshu: 10 } as const;
export type AdPlatform = keyof typeof AD_PLATFORMS;
export const AD_PLATFORM_KEYS = Object.keys(AD_PLATFORMS) as AdPlatform[];
export const isAdPlatform = (s: string): s is AdPlatform => s in AD_PLATFORMS;

/** Platforms that authorise with OAuth (UC authenticates every call with per-account credentials). */
export type OAuthPlatform = Exclude<AdPlatform, 'ucid'>;

/**
 * The application the in-process sandbox knows out of the box, and the default `<P>_APP_ID` /
 * `<P>_APP_SECRET` when no real credentials are configured. Ids have each platform's real shape.
 */
export const SANDBOX_APPS: Readonly<Record<OAuthPlatform, { appId: string; appSecret: string }>> = {
  juliang: { appId: '1780000000000001', appSecret: 'sandbox-juliang-secret-4d1c' },
  tengxun: { appId: '1112000001', appSecret: 'sandbox-tengxun-secret-8b2e' },
  kuaishou: { appId: '165900001', appSecret: 'sandbox-kuaishou-secret-5a7f' },
  xiaohongshu: { appId: '4001001', appSecret: 'sandbox-xiaohongshu-secret-c3d9' },
  weibo: { appId: '3710000001', appSecret: 'sandbox-weibo-secret-e6b0' },
};

/**
 * 小红书's conversion postback does not use the OAuth app and token: its `app_id` and `access_token` are issued by
 * 小红书 operations (bububa/spotlight-mapi model/conversion/request.go: "开发组id，联系运营获取"). The sandbox's pair.
 */
export const SANDBOX_XIAOHONGSHU_CONVERSION = { appId: 'jg-conversion-4001', token: 'sandbox-xhs-conversion-token-7e21' } as const;
