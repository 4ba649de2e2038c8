/**
 * 巨量 sandbox wire pieces shared by its files: the code table, the envelope, the token check. An expired or
 * unknown access token answers 40105 (access_token 无效 — the one access-token code a public source documents,
 * westng/oceanengine-sdk-php ERROR_CODES_GUIDE.md); the other codes are the sandbox's own: the product treats them
 * as unclassified (retried with back-off, never re-authorise; connectors/errors.ts). Refusals use the guide's
 * documented refusal codes: 50003 参数错误 (bad parameters, an unknown/used authorisation code, wrong app
 * credentials) and 50004 权限不足 (an advertiser outside the grant).
 */

import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { PlatformContext } from './admin.ts';
import type { Grant } from './grants.ts';
import { reaches } from './juliang-world.ts';
import { sendJson } from './kit.ts';

export const JULIANG_CODES = {
  ok: 0,
  badParam: 50003,
  noPermission: 50004,
  rateLimited: 40100,
  developerRateLimited: 40110,
  tokenExpired: 40105,
  refreshExpired: 40103,
  tokenMissing: 40104,
  tokenInvalid: 40105,
  refreshInvalid: 40107,
  authCodeInvalid: 50003,
  appInvalid: 50003,
  system: 50000,
} as const;
export const C = JULIANG_CODES;

export const envelope = (c: Context, code: number, message: string, data: unknown = {}) =>
  sendJson(c, { code, message, request_id: `${Date.now()}${randomBytes(6).toString('hex')}`, data });
export const ok = (c: Context, data: unknown) => envelope(c, C.ok, 'OK', data);
export const juliangRateLimited = (c: Context) => envelope(c, C.rateLimited, '请求过于频繁，请稍后再试');

/** Access-Token header check, then the advertiser must be in the grant or held by a granted 管家 / 代理商. */
export const juliangAuth =
  (ctx: PlatformContext) =>
  (c: Context, advertiserId: string | null): { grant: Grant } | Response => {
    const r = ctx.grants.check(c.req.header('Access-Token'));
    if (!r.ok) {
      const [code, msg] =
        r.reason === 'missing'
          ? [C.tokenMissing, 'Access-Token 为空']
          : r.reason === 'expired'
            ? [C.tokenExpired, 'access_token 已过期']
            : [C.tokenInvalid, 'access_token 无效'];
      return envelope(c, code, msg);
    }
    if (advertiserId !== null && !reaches(ctx.world, r.grant.advertiserIds, advertiserId))
      return envelope(c, C.noPermission, `没有权限访问广告主 ${advertiserId}`);
    return { grant: r.grant };
  };
