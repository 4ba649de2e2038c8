/**
 * The one table of envelope codes `{code, msg, data}` shared by server and console.
 * Spec §8: code 1 (or 200) is success; 1001 banned; 1009 / 6 / 1008 login expired.
 * Every other code is ours; each has a stable meaning and a Chinese message a person can act on.
 */
export const Code = {
  ok: 1,
  banned: 1001,
  accountExpired: 1010,
  loginExpired: 1009,
  invalidInput: 4000,
  malformedJson: 4001,
  forbidden: 4003,
  notFound: 4004,
  wrongCredentials: 4010,
  wrongResetCode: 4011,
  needsReauth: 4012,
  conflict: 4009,
  payloadTooLarge: 4013,
  rateLimited: 4029,
  upstreamFailed: 5020,
  notImplemented: 5010,
  internal: 5000,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Default Chinese message per code; a thrower may give a more precise one. */
export const defaultMessage: Record<CodeValue, string> = {
  [Code.ok]: '成功',
  [Code.banned]: '用户被禁止登录，请联系管理员',
  [Code.accountExpired]: '账号已到期，请联系管理员续期',
  [Code.loginExpired]: '登录信息已过期',
  [Code.invalidInput]: '请求参数错误',
  [Code.malformedJson]: '请求体不是合法的 JSON，请检查后重试',
  [Code.forbidden]: '没有权限执行该操作',
  [Code.notFound]: '请求的数据不存在',
  [Code.wrongCredentials]: '邮箱或密码错误',
  [Code.wrongResetCode]: '验证码错误或已过期',
  [Code.needsReauth]: '广告账户授权已失效，请重新授权',
  [Code.conflict]: '数据已存在',
  [Code.payloadTooLarge]: '请求内容过大',
  [Code.rateLimited]: '操作过于频繁，请稍后再试',
  [Code.upstreamFailed]: '外部平台请求失败，请稍后再试',
  [Code.notImplemented]: '该功能尚未开放',
  [Code.internal]: '服务器开小差了，请稍后再试',
};

/** HTTP status that accompanies each code (the body always carries the envelope). */
export const httpStatus: Record<CodeValue, number> = {
  [Code.ok]: 200,
  [Code.banned]: 403,
  [Code.accountExpired]: 403,
  [Code.loginExpired]: 401,
  [Code.invalidInput]: 400,
  [Code.malformedJson]: 400,
  [Code.forbidden]: 403,
  [Code.notFound]: 404,
  [Code.wrongCredentials]: 400,
  [Code.wrongResetCode]: 400,
  [Code.needsReauth]: 409,
  [Code.conflict]: 409,
  [Code.payloadTooLarge]: 413,
  [Code.rateLimited]: 429,
  [Code.upstreamFailed]: 502,
  [Code.notImplemented]: 501,
  [Code.internal]: 500,
};

/** Console side (spec §8): which body codes mean success and which mean the session ended. */
export const successCodes: readonly number[] = [1, 200];
export const expiredCodes: readonly number[] = [1009, 6, 1008];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
