import type { AdLevel } from './ad-levels.ts';
import type { AdPlatform } from './ad-platforms.ts';

/**
 * The bounds of a daily budget or a bid, in yuan, per platform and level: the form refuses a value outside
 * them naming the limit, and the server refuses it again before anything is sent (what is saved is what was
 * typed, never a clamped or sign-stripped number). The floors are the ones each platform's update call
 * enforces (docs/ad-platforms.md "Budgets and bids"; the sandboxes in src/server/sandbox/adplatforms/ answer
 * the same refusals): 巨量 `2/ad/update/budget/` ≥ 300 元; 腾讯 daily budget ≥ 50 元, bid 10–500 000 分;
 * 快手 unit ≥ 100 元, campaign ≥ 500 元, bid 200–100 000 000 厘; UC budget ≥ 50 元; 小红书 bid ≥ 10 分.
 * Where a platform names no ceiling, ours is 99 999 999 元 (the largest amount the API takes).
 */
export interface MoneyLimit {
  min: number;
  max: number;
}

export const MONEY_CEILING = 99_999_999;

const L = (min: number, max = MONEY_CEILING): MoneyLimit => ({ min, max });
const CENT = 0.01;

type Limits = Partial<Record<AdLevel, MoneyLimit>>;
export const MONEY_LIMITS: Readonly<Record<AdPlatform, { budget: Limits; bid: Limits }>> = {
  juliang: { budget: { plan: L(300) }, bid: { plan: L(CENT) } },
  tengxun: { budget: { campaign: L(50) }, bid: { campaign: L(0.1, 5000) } },
  kuaishou: { budget: { campaign: L(500), plan: L(100) }, bid: { plan: L(0.2, 100_000) } },
  ucid: { budget: { plan: L(50) }, bid: { plan: L(CENT) } },
  xiaohongshu: { budget: { campaign: L(CENT) }, bid: { plan: L(0.1) } },
  weibo: { budget: { campaign: L(CENT) }, bid: { plan: L(CENT) } },
};

export const moneyLimit = (platform: AdPlatform, level: AdLevel, field: 'budget' | 'bid'): MoneyLimit =>
  MONEY_LIMITS[platform][field][level] ?? L(CENT);

const yuanText = (n: number): string => String(n);

/**
 * A money value as typed (text) or sent (number), checked against its bounds: the yuan amount, or the
 * Chinese refusal naming the limit. Nothing is clamped, rounded or stripped of its sign.
 */
export function checkMoney(
  typed: string | number,
  label: string,
  limit: MoneyLimit,
  where: string,
): { ok: true; yuan: number } | { ok: false; message: string } {
  const text = typeof typed === 'number' ? String(typed) : typed.trim().replace(/,/g, '');
  if (text === '') return { ok: false, message: `请输入${label}` };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { ok: false, message: `${label}必须是数字（元）` };
  const n = Number(text);
  if (!Number.isFinite(n)) return { ok: false, message: `${label}必须是数字（元）` };
  if (n < 0) return { ok: false, message: `${label}不能为负数` };
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return { ok: false, message: `${label}最多两位小数` };
  if (n < limit.min) return { ok: false, message: `${label}不能低于 ${yuanText(limit.min)} 元（${where}）` };
  if (n > limit.max) return { ok: false, message: `${label}不能高于 ${yuanText(limit.max)} 元（${where}）` };
  return { ok: true, yuan: n };
}
