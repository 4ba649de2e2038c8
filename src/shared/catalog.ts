/** Codes of spec §3 with one Chinese label table per enum. */
export const CHANNELS = {
  2: '巨量引擎',
  3: '微博',
  4: '腾讯',
  5: '磁力引擎',
  6: 'B站',
  7: '支付宝',
  8: 'UCID',
  9: '小和',
  10: '小红书',
} as const;
export type Channel = keyof typeof CHANNELS;
export const channelName: Record<Channel, string> = {
  2: 'juliang',
  3: 'weibo',
  4: 'tengxun',
  5: 'kuaishou',
  6: 'bilibili',
  7: 'zhifubao',
  8: 'ucid',
  9: 'xiaohe',
  10: 'xiaohongshu',
};

export const PLATFORMS = {
  2: '淘宝',
  3: '京东',
  4: '淘宝新链接小程序',
  5: '拼多多',
  6: '微信小程序',
  7: 'UDSmart',
  8: '京东 CID',
} as const;
export type Platform = keyof typeof PLATFORMS;
export const platformName: Record<Platform, string> = {
  2: 'taobao',
  3: 'jingdong',
  4: 'miniapp',
  5: 'pinduoduo',
  6: 'wxminiapp',
  7: 'udsmart',
  8: 'jdsmart',
};

/** Jump type (isdirect): 1 direct, 2 indirect. */
export const JUMP = { 1: '直跳', 2: '非直跳' } as const;
/** How the landing page reaches the item. */
export const JUMPTYPES = { detail: '商品详情', taojimu: '淘积木', smart: '智能链接' } as const;
export type JumpType = keyof typeof JUMPTYPES;

export const isChannel = (n: number): n is Channel => n in CHANNELS;
export const isPlatform = (n: number): n is Platform => n in PLATFORMS;

/** The name of an ad channel (account type) from the one table; `unknown` for a code outside it (default 渠道 {n}). */
export const channelLabel = (n: number, unknown?: string): string => (isChannel(n) ? CHANNELS[n] : (unknown ?? `渠道 ${n}`));
/** The name of a shop platform from the one table; `unknown` for a code outside it (default ''). */
export const platformLabel = (n: number, unknown = ''): string => (isPlatform(n) ? PLATFORMS[n] : unknown);
