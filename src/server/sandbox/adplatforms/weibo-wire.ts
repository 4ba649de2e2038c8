/** 微博 sandbox wire pieces shared by `weibo.ts` and `weibo-data.ts`: codes, the refusal envelope, whose account a token is. */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Grant } from './grants.ts';
import { sendJson } from './kit.ts';
import { idOfSet } from './paging.ts';

export const WEIBO_FACTS = {
  codes: { system: 10001, badParam: 10008, rateLimited: 10023, noPermission: 20003, tokenExpired: 21327, tokenInvalid: 21332 },
  oauth: { invalidClient: 21324, invalidGrant: 21325, expiredToken: 21327, invalidRequest: 21323 },
  behaviors: [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1100, 1024, 1025, 1026, 2001, 3001, 3002, 3003, 3004],
} as const;

export const weiboRefusal = (c: Context, code: number, message: string) =>
  sendJson(c, { trace_id: randomBytes(8).toString('hex'), code, message });
export const weiboRateLimited = (c: Context) => weiboRefusal(c, WEIBO_FACTS.codes.rateLimited, '用户请求频次超过上限');

/** The own account of a grant of several advertisers (an agency): stable for the same set. */
export const agencyOf = (ids: string[]): string => idOfSet('69', 8, ids);
export const ownOf = (g: Grant): string => (g.advertiserIds.length > 1 ? agencyOf(g.advertiserIds) : (g.advertiserIds[0] ?? ''));

export type WeiboEnv = { Variables: { grant: Grant; customer: string } };
