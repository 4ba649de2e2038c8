import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import type { World } from './world.ts';

/**
 * Conversion dedupe exactly as each platform's source says (docs/attribution.md "Postback guarantees"): 巨量 keeps one
 * conversion per `properties.order_id` (bububa/oceanengine marketing-api/model/conversion/request.go: 系统会根据订单id
 * 辅助去重), 腾讯 one per `outer_action_id` (developers.e.qq.com v3.0 user_actions/add: 可以用于转化、OCPA 等去重使用).
 * No other platform's source says it drops repeats, so their sandboxes count every accepted conversion.
 */
export const DUPLICATE_REASON = '重复转化：该去重键已回传过，平台去重，不重复计数';

/** Whether a conversion already counted (accepted, on a plan) carries one of `keys` under `keysOf`. */
export function alreadyCounted(
  world: World,
  platform: AdPlatform,
  keys: readonly string[],
  keysOf: (payload: unknown) => string[],
): boolean {
  const wanted = new Set(keys.filter((k) => k !== ''));
  if (wanted.size === 0) return false;
  return world.conversions(platform).some((c) => c.accepted && c.planId !== null && keysOf(c.payload).some((k) => wanted.has(k)));
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const juliangKeys = (payload: unknown): string[] => [text(obj(obj(payload).properties).order_id)];
export const tengxunKeys = (payload: unknown): string[] =>
  (Array.isArray(obj(payload).actions) ? (obj(payload).actions as unknown[]) : []).map((a) => text(obj(a).outer_action_id));
