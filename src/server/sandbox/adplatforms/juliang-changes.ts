/**
 * 巨量 sandbox, the changing calls: status (all-or-nothing), budget (the platform's rules), bid, and
 * conversions at `analytics/api/v2/conversion`.
 */
import type { Context, Hono } from 'hono';
import type { PlatformContext } from './admin.ts';
import { alreadyCounted, DUPLICATE_REASON, juliangKeys } from './dedupe.ts';
import type { Grant } from './grants.ts';
import { C, envelope, ok } from './juliang-wire.ts';
import { readObject } from './kit.ts';
import { idField, idList, wireId } from './paging.ts';
import type { Level } from './profiles.ts';

export function juliangChanges(
  ctx: PlatformContext,
  app: Hono,
  authed: (c: Context, advertiserId: string | null) => { grant: Grant } | Response,
): void {
  const { world } = ctx;
  const p = 'juliang';
  /** All-or-nothing status change, as the platform documents it (one bad id fails the whole call). */
  const statusRoute = (path: string, level: Level, idsKey: string) =>
    app.post(path, async (c) => {
      const b = await readObject(c);
      const adv = idField(b?.advertiser_id);
      const ids = idList(b?.[idsKey]);
      const opt = b?.opt_status;
      if (!adv || !ids || !ids.length || ids.length > 100) return envelope(c, C.badParam, `advertiser_id 与 ${idsKey}（1-100 个）必填`);
      if (opt !== 'enable' && opt !== 'disable' && opt !== 'delete')
        return envelope(c, C.badParam, 'opt_status 取值为 enable / disable / delete');
      const a = authed(c, adv);
      if (a instanceof Response) return a;
      const bad = ids.find((id) => {
        const e = world.entity(p, level, id);
        return !e || e.advertiserId !== adv || e.deleted;
      });
      if (bad) return envelope(c, C.badParam, `${bad} 不存在、不属于该广告主或已删除，全部修改未生效`);
      for (const id of ids) world.update(p, level, id, opt === 'delete' ? { deleted: true } : { enabled: opt === 'enable' });
      return ok(c, { [idsKey]: ids.map((id) => wireId(id)), errors: [] });
    });
  statusRoute('/open_api/2/campaign/update/status/', 'campaign', 'campaign_ids');
  statusRoute('/open_api/2/ad/update/status/', 'plan', 'ad_ids');
  statusRoute('/open_api/2/creative/status/update_v2/', 'creative', 'creative_ids');

  /** Budget rules of `2/ad/update/budget/`: ≥ 300 yuan, a change of ≥ 100 yuan, ≥ 105 % of today's spend rounded up to 100 yuan, ≤ 20 changes a day. */
  app.post('/open_api/2/ad/update/budget/', async (c) => {
    const b = await readObject(c);
    const adv = idField(b?.advertiser_id);
    const data = Array.isArray(b?.data) ? (b.data as Array<Record<string, unknown>>) : null;
    if (!adv || !data || !data.length || data.length > 100) return envelope(c, C.badParam, 'advertiser_id 与 data（1-100 项）必填');
    const a = authed(c, adv);
    if (a instanceof Response) return a;
    const okIds: unknown[] = [];
    const errors: Array<{ ad_id: unknown; error_message: string }> = [];
    for (const item of data) {
      const id = idField(item.ad_id);
      const budget = typeof item.budget === 'number' ? item.budget : Number.NaN;
      const e = id ? world.entity(p, 'plan', id) : undefined;
      const fail = (msg: string) => errors.push({ ad_id: id ? wireId(id) : 0, error_message: msg });
      if (!id || !e || e.advertiserId !== adv || e.deleted) {
        fail('计划不存在');
        continue;
      }
      if (!Number.isFinite(budget) || Math.round(budget * 100) !== budget * 100) {
        fail('预算格式错误，单位元，最多两位小数');
        continue;
      }
      const fen = Math.round(budget * 100);
      const floor = Math.ceil((world.spendTodayFen(p, 'plan', id) * 1.05) / 10000) * 10000;
      if (fen < 30000) fail('预算不能低于 300 元');
      else if (e.budgetFen !== null && Math.abs(fen - e.budgetFen) < 10000) fail('单次修改预算幅度不能低于 100 元');
      else if (fen < floor) fail(`修改后预算不能低于当日已消耗的 105%（向上取整到百元）：${floor / 100} 元`);
      else if (world.budgetChangesToday(p, id) >= 20) fail('今日修改预算次数已达 20 次上限');
      else {
        world.countBudgetChange(p, id);
        world.update(p, 'plan', id, { budgetFen: fen });
        okIds.push(wireId(id));
      }
    }
    return ok(c, { ad_ids: okIds, errors });
  });

  app.post('/open_api/2/ad/update/bid/', async (c) => {
    const b = await readObject(c);
    const adv = idField(b?.advertiser_id);
    const data = Array.isArray(b?.data) ? (b.data as Array<Record<string, unknown>>) : null;
    if (!adv || !data || !data.length || data.length > 100) return envelope(c, C.badParam, 'advertiser_id 与 data（1-100 项）必填');
    const a = authed(c, adv);
    if (a instanceof Response) return a;
    const okIds: unknown[] = [];
    const errors: Array<{ ad_id: unknown; error_message: string }> = [];
    for (const item of data) {
      const id = idField(item.ad_id);
      const e = id ? world.entity(p, 'plan', id) : undefined;
      const fen = typeof item.bid === 'number' ? Math.round(item.bid * 100) : Number.NaN;
      if (!id || !e || e.advertiserId !== adv) errors.push({ ad_id: id ? wireId(id) : 0, error_message: '计划不存在' });
      else if (!Number.isFinite(fen) || fen <= 0) errors.push({ ad_id: wireId(id), error_message: '出价必须大于 0' });
      else if (e.budgetFen !== null && fen > e.budgetFen) errors.push({ ad_id: wireId(id), error_message: '出价不能大于预算' });
      else world.update(p, 'plan', id, { bidFen: fen }), okIds.push(wireId(id));
    }
    return ok(c, { ad_ids: okIds, errors });
  });

  const EVENTS = new Set([
    'active',
    'active_register',
    'active_pay',
    'in_app_order',
    'in_app_pay',
    'shopping',
    'form',
    'consult',
    'effective_consult',
    'download_start',
  ]);
  app.post('/analytics/api/v2/conversion', async (c) => {
    const b = await readObject(c);
    const callback = (b?.context as { ad?: { callback?: unknown } } | undefined)?.ad?.callback;
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, b ?? null), envelope(c, C.badParam, msg));
    if (!b || typeof b.event_type !== 'string' || typeof callback !== 'string' || !callback)
      return reject('event_type 与 context.ad.callback 必填');
    if (!EVENTS.has(b.event_type)) return reject(`不支持的 event_type：${b.event_type}`);
    const ts = typeof b.timestamp === 'number' ? b.timestamp : Number.NaN;
    if (!Number.isFinite(ts) || ts < 1e12 || Math.abs(ts / 1000 - world.now()) > 7 * 86400)
      return reject('timestamp 须为毫秒时间戳，且在 7 天内');
    // the click's __CALLBACK_PARAM__, or the `clickid` its landing page received (both identify the click)
    const click = world.click(p, { callback }) ?? world.click(p, { clickId: callback });
    if (!click) return reject('callback 无效：找不到对应的点击');
    // 巨量 dedupes on properties.order_id (dedupe.ts): a repeat is accepted and not counted again
    const repeat = alreadyCounted(world, p, juliangKeys(b), juliangKeys);
    world.recordConversion(p, true, repeat ? DUPLICATE_REASON : '', repeat ? null : click.planId, b);
    return envelope(c, C.ok, '成功');
  });
}
