/**
 * 腾讯 conversions, as the sandbox takes them (tests/fixtures/platforms/tengxun/conversion-callback.json): the click's
 * `__CALLBACK__` is `<base>/conv?cb=…&conv_id=…` (the tracking.e.qq.com form) or
 * `<base>/v3.0/user_actions/add?cb=…&conv_id=…` (the api.e.qq.com form), and both are authenticated since 2025-03-31:
 * headers `access_token`, `timestamp` (±300 s) and `nonce`; the token's grant must cover the clicked plan's account.
 * `cb` is opaque to the advertiser; here it encodes the click id. Body `{actions: [{outer_action_id, action_time,
 * action_type, trace?, action_param?}]}` (1–50). 腾讯 dedupes on `outer_action_id` (dedupe.ts): a repeat is accepted and not
 * counted again.
 */
import type { Context, Hono } from 'hono';
import type { PlatformContext } from './admin.ts';
import { alreadyCounted, DUPLICATE_REASON, tengxunKeys } from './dedupe.ts';
import { readObject } from './kit.ts';

/** The `cb` of a click (what the platform puts in `__CALLBACK__`), and back. */
export const tengxunCb = (clickId: string, salt: string): string => Buffer.from(`${clickId}.${salt}`).toString('base64url');
const clickOfCb = (cb: string): string => Buffer.from(cb, 'base64url').toString('utf8').split('.')[0] ?? '';

const TYPES = new Set(['COMPLETE_ORDER', 'PURCHASE', 'ACTIVATE_APP', 'REGISTER', 'RESERVATION', 'ADD_TO_CART']);

export function tengxunConversions(
  ctx: PlatformContext,
  app: Hono,
  envelope: (c: Context, code: number, messageCn: string) => Response,
  codes: { ok: number; tokenExpired: number; tokenInvalid: number; badParam: number; noPermission: number; missingParam: number },
): void {
  const { world, grants } = ctx;
  const p = 'tengxun';
  const handle = async (c: Context) => {
    const b = await readObject(c);
    const q = c.req.query();
    const reject = (code: number, msg: string) => (world.recordConversion(p, false, msg, null, b ?? q), envelope(c, code, msg));
    const h = (k: string) => c.req.header(k) ?? '';
    if (!h('access_token') || !h('timestamp') || !h('nonce'))
      return reject(codes.missingParam, '回传须在请求头携带 access_token、timestamp 与 nonce');
    if (Math.abs(Number(h('timestamp')) - world.now()) > 300) return reject(codes.badParam, 'timestamp 无效：须为当前时间前后 300 秒内');
    if (!grants.takeNonce(h('nonce'), 600)) return reject(codes.badParam, 'nonce 重复');
    const g = grants.check(h('access_token'));
    if (!g.ok) return reject(g.reason === 'expired' ? codes.tokenExpired : codes.tokenInvalid, 'access_token 无效或已过期');
    const click = q.cb ? world.click(p, { clickId: clickOfCb(q.cb) }) : undefined;
    if (!click || !(q.conv_id || q.link_id)) return reject(codes.badParam, 'cb 无效：找不到对应的点击');
    const plan = world.entity(p, 'plan', click.planId);
    if (!plan || !g.grant.advertiserIds.includes(plan.advertiserId)) return reject(codes.noPermission, '该令牌无权回传此账户的转化');
    const actions = Array.isArray(b?.actions) ? (b.actions as Array<Record<string, unknown>>) : [];
    if (!actions.length || actions.length > 50) return reject(codes.badParam, 'actions 必填（1-50 条）');
    for (const a of actions) {
      if (typeof a.action_type !== 'string' || !TYPES.has(a.action_type))
        return reject(codes.badParam, `action_type 取值错误：${String(a.action_type)}`);
      const t = a.action_time;
      if (typeof t !== 'number' || t > world.now() + 300 || t < world.now() - 7 * 86400)
        return reject(codes.badParam, 'action_time 须为 7 天内的秒级时间戳');
    }
    // 腾讯 dedupes on outer_action_id (dedupe.ts): a repeat is accepted and not counted again
    const repeat = alreadyCounted(world, p, tengxunKeys(b), tengxunKeys);
    world.recordConversion(p, true, repeat ? DUPLICATE_REASON : '', repeat ? null : click.planId, b);
    return envelope(c, codes.ok, '');
  };
  app.post('/conv', handle);
  app.post('/v3.0/user_actions/add', handle);
}
