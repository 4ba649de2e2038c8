/**
 * 巨量引擎 (Ocean Engine) Marketing API v2, as the sandbox speaks it: OAuth (`/audit/oauth.html`,
 * `oauth2/access_token/`, `oauth2/refresh_token/`, `oauth2/advertiser/get`), `2/campaign/get/`, `2/ad/get/`,
 * `2/creative/get/`, `2/report/ad/get/` (hourly), status/budget/bid updates, and conversions at
 * `analytics/api/v2/conversion`. Envelope `{code, message, request_id, data}`; money in yuan; header
 * `Access-Token`. Error codes: see `JULIANG_CODES` (docs/ad-platforms.md says which are sourced).
 */

import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { chinaDay, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, idList, intParam, jsonParam, pageOf, stamp, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Entity, WorldState } from './world.ts';

export const JULIANG_CODES = {
  ok: 0,
  badParam: 40001,
  noPermission: 40002,
  rateLimited: 40100,
  tokenExpired: 40102,
  refreshExpired: 40103,
  tokenMissing: 40104,
  tokenInvalid: 40105,
  refreshInvalid: 40107,
  authCodeInvalid: 40112,
  appInvalid: 40113,
  system: 50000,
} as const;
const C = JULIANG_CODES;

const envelope = (c: Context, code: number, message: string, data: unknown = {}) =>
  sendJson(c, { code, message, request_id: `${Date.now()}${randomBytes(6).toString('hex')}`, data });
const ok = (c: Context, data: unknown) => envelope(c, C.ok, 'OK', data);
export const juliangRateLimited = (c: Context) => envelope(c, C.rateLimited, '请求过于频繁，请稍后再试');

const AD_STATUS: Record<WorldState, string> = {
  delivering: 'AD_STATUS_DELIVERY_OK',
  paused: 'AD_STATUS_DISABLE',
  auditing: 'AD_STATUS_AUDIT',
  reauditing: 'AD_STATUS_REAUDIT',
  rejected: 'AD_STATUS_AUDIT_DENY',
  balance_exceed: 'AD_STATUS_BALANCE_EXCEED',
  budget_exceed: 'AD_STATUS_BUDGET_EXCEED',
  campaign_budget_exceed: 'AD_STATUS_CAMPAIGN_EXCEED',
  campaign_paused: 'AD_STATUS_CAMPAIGN_DISABLE',
  plan_paused: 'AD_STATUS_DISABLE',
  not_started: 'AD_STATUS_NOT_START',
  done: 'AD_STATUS_DONE',
  deleted: 'AD_STATUS_DELETE',
};
const creativeStatus = (s: WorldState) =>
  s === 'plan_paused' ? 'CREATIVE_STATUS_AD_DISABLE' : AD_STATUS[s].replace('AD_STATUS_', 'CREATIVE_STATUS_');
const campaignStatus = (e: Entity) =>
  e.deleted ? 'CAMPAIGN_STATUS_DELETE' : e.enabled ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE';

export function juliangApp(ctx: PlatformContext, app: Hono): void {
  const { world, grants } = ctx;
  const p = 'juliang';
  consentRoutes(app, '/audit/oauth.html', { platform: p, appIdParam: 'app_id', codeParam: 'auth_code' }, world, grants);
  consentRoutes(app, '/openapi/audit/oauth.html', { platform: p, appIdParam: 'app_id', codeParam: 'auth_code' }, world, grants);

  const appOk = (appId: unknown, secret: unknown) => typeof secret === 'string' && world.appSecret(p, String(appId ?? '')) === secret;
  const tokenData = (g: Grant) => ({
    access_token: g.accessToken,
    expires_in: g.accessExpiresAt - world.now(),
    refresh_token: g.refreshToken,
    refresh_token_expires_in: g.refreshExpiresAt - world.now(),
    advertiser_id: wireId(g.advertiserIds[0]),
    advertiser_ids: g.advertiserIds.map((id) => wireId(id)),
  });

  app.post('/open_api/oauth2/access_token/', async (c) => {
    const b = await readObject(c);
    if (!b || b.grant_type !== 'auth_code' || typeof b.auth_code !== 'string')
      return envelope(c, C.badParam, 'grant_type 必须为 auth_code，且 auth_code 必填');
    if (!appOk(b.app_id, b.secret)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.redeem(String(b.app_id), b.auth_code);
    if (!r.ok)
      return envelope(
        c,
        C.authCodeInvalid,
        r.reason === 'used' ? 'auth_code 已被使用' : r.reason === 'expired' ? 'auth_code 已过期' : 'auth_code 无效',
      );
    return ok(c, tokenData(r.grant));
  });

  app.post('/open_api/oauth2/refresh_token/', async (c) => {
    const b = await readObject(c);
    if (!b || b.grant_type !== 'refresh_token' || typeof b.refresh_token !== 'string')
      return envelope(c, C.badParam, 'grant_type 必须为 refresh_token，且 refresh_token 必填');
    if (!appOk(b.app_id, b.secret)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.refresh(String(b.app_id), b.refresh_token);
    if (!r.ok)
      return r.reason === 'expired'
        ? envelope(c, C.refreshExpired, 'refresh_token 已过期')
        : envelope(c, C.refreshInvalid, 'refresh_token 无效');
    return ok(c, tokenData(r.grant));
  });

  /** Access-Token header check, then the advertiser must be in the grant. */
  const authed = (c: Context, advertiserId: string | null): { grant: Grant } | Response => {
    const r = grants.check(c.req.header('Access-Token'));
    if (!r.ok) {
      const [code, msg] =
        r.reason === 'missing'
          ? [C.tokenMissing, 'Access-Token 为空']
          : r.reason === 'expired'
            ? [C.tokenExpired, 'access_token 已过期']
            : [C.tokenInvalid, 'access_token 无效'];
      return envelope(c, code, msg);
    }
    if (advertiserId !== null && !r.grant.advertiserIds.includes(advertiserId))
      return envelope(c, C.noPermission, `没有权限访问广告主 ${advertiserId}`);
    return { grant: r.grant };
  };

  app.get('/open_api/oauth2/advertiser/get', (c) => {
    const q = c.req.query();
    if (!appOk(q.app_id, q.secret)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.check(q.access_token);
    if (!r.ok)
      return envelope(
        c,
        r.reason === 'expired' ? C.tokenExpired : C.tokenInvalid,
        r.reason === 'expired' ? 'access_token 已过期' : 'access_token 无效',
      );
    const list = r.grant.advertiserIds
      .map((id) => world.advertiser(p, id))
      .filter((a) => a !== undefined)
      .map((a) => ({
        advertiser_id: wireId(a.id),
        advertiser_name: a.name,
        advertiser_role: 1,
        is_valid: true,
        account_role: 'ADVERTISER',
      }));
    return ok(c, { list });
  });

  const renderers: Record<Level, (e: Entity) => Record<string, unknown>> = {
    campaign: (e) => ({
      id: wireId(e.id),
      name: e.name,
      advertiser_id: wireId(e.advertiserId),
      budget: yuan(e.budgetFen),
      budget_mode: e.budgetFen ? 'BUDGET_MODE_DAY' : 'BUDGET_MODE_INFINITE',
      landing_type: 'LINK',
      status: campaignStatus(e),
      campaign_create_time: stamp(e.createdAt),
      campaign_modify_time: stamp(e.updatedAt),
    }),
    plan: (e) => ({
      id: wireId(e.id),
      name: e.name,
      advertiser_id: wireId(e.advertiserId),
      campaign_id: wireId(e.campaignId),
      status: AD_STATUS[world.state(e)],
      opt_status: e.enabled ? 'AD_STATUS_ENABLE' : 'AD_STATUS_DISABLE',
      budget: yuan(e.budgetFen),
      budget_mode: e.budgetFen ? 'BUDGET_MODE_DAY' : 'BUDGET_MODE_INFINITE',
      pricing: 'PRICING_CPC',
      bid: yuan(e.bidFen),
      external_url: e.landingUrl ?? '',
      track_url: e.showUrl ? [e.showUrl] : [],
      action_track_url: e.clickUrl ? [e.clickUrl] : [],
      ad_create_time: stamp(e.createdAt),
      ad_modify_time: stamp(e.updatedAt),
      modify_time: String(e.updatedAt),
    }),
    creative: (e) => ({
      creative_id: wireId(e.id),
      ad_id: wireId(e.planId),
      advertiser_id: wireId(e.advertiserId),
      title: e.name,
      status: creativeStatus(world.state(e)),
      opt_status: e.enabled ? 'CREATIVE_STATUS_ENABLE' : 'CREATIVE_STATUS_DISABLE',
      image_mode: e.materialType ?? 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL',
      creative_create_time: stamp(e.createdAt),
      creative_modify_time: stamp(e.updatedAt),
    }),
  };

  const listRoute = (path: string, level: Level) =>
    app.get(path, (c) => {
      const q = c.req.query();
      const adv = idField(q.advertiser_id);
      if (!adv) return envelope(c, C.badParam, 'advertiser_id 必填');
      const a = authed(c, adv);
      if (a instanceof Response) return a;
      const page = intParam(q.page, 1);
      const size = intParam(q.page_size, 10);
      if (page === null || page < 1) return envelope(c, C.badParam, 'page 必须大于 0');
      if (size === null || size < 1 || size > 1000) return envelope(c, C.badParam, 'page_size 取值范围 1-1000');
      const filtering = jsonParam(q.filtering) as Record<string, unknown> | null | undefined;
      const fields = jsonParam(q.fields);
      if (filtering === null || fields === null || (fields !== undefined && !Array.isArray(fields)))
        return envelope(c, C.badParam, 'filtering / fields 不是合法的 JSON');
      const ids = filtering?.ids === undefined ? undefined : idList(filtering.ids);
      if (ids === null) return envelope(c, C.badParam, 'filtering.ids 必须是数字 ID 数组');
      const parent = level === 'plan' ? filtering?.campaign_id : level === 'creative' ? filtering?.ad_id : undefined;
      const { rows, total } = world.list(p, level, adv, {
        ids,
        parentId: parent === undefined ? undefined : String(parent),
        offset: (page - 1) * size,
        limit: size,
      });
      const pick = (o: Record<string, unknown>) =>
        Array.isArray(fields) && fields.length
          ? Object.fromEntries(Object.entries(o).filter(([k]) => k === 'id' || k === 'creative_id' || fields.includes(k)))
          : o;
      return ok(c, {
        list: rows.map((e) => pick(renderers[level](e))),
        page_info: { page, page_size: size, total_number: total, total_page: Math.ceil(total / size) },
      });
    });
  listRoute('/open_api/2/campaign/get/', 'campaign');
  listRoute('/open_api/2/ad/get/', 'plan');
  listRoute('/open_api/2/creative/get/', 'creative');

  app.get('/open_api/2/report/ad/get/', (c) => {
    const q = c.req.query();
    const adv = idField(q.advertiser_id);
    if (!adv) return envelope(c, C.badParam, 'advertiser_id 必填');
    const a = authed(c, adv);
    if (a instanceof Response) return a;
    const from = parseChinaTime(q.start_date ?? '');
    const to = parseChinaTime(q.end_date ?? '');
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(q.start_date ?? '') ||
      !/^\d{4}-\d{2}-\d{2}$/.test(q.end_date ?? '') ||
      Number.isNaN(from) ||
      Number.isNaN(to) ||
      to < from
    ) {
      return envelope(c, C.badParam, 'start_date / end_date 格式为 YYYY-MM-DD，且结束日期不早于开始日期');
    }
    if (to - from > 29 * 86400) return envelope(c, C.badParam, '时间跨度不能超过 30 天');
    const gran = q.time_granularity ?? 'STAT_TIME_GRANULARITY_DAILY';
    if (gran !== 'STAT_TIME_GRANULARITY_DAILY' && gran !== 'STAT_TIME_GRANULARITY_HOURLY')
      return envelope(c, C.badParam, 'time_granularity 取值错误');
    const page = intParam(q.page, 1);
    const size = intParam(q.page_size, 20);
    if (page === null || page < 1 || size === null || size < 1 || size > 1000) return envelope(c, C.badParam, 'page_size 取值范围 1-1000');
    const groupBy = jsonParam(q.group_by);
    if (groupBy === null || (groupBy !== undefined && !Array.isArray(groupBy)))
      return envelope(c, C.badParam, 'group_by 不是合法的 JSON 数组');
    const rows = world.report(p, adv, from, to + 86400 - 1);
    const byKey = new Map<
      string,
      {
        stat_datetime: string;
        ad: Entity | undefined;
        planId: string;
        campaignId: string;
        cost: number;
        show: number;
        click: number;
        convert: number;
      }
    >();
    for (const r of rows) {
      const bucket = gran === 'STAT_TIME_GRANULARITY_HOURLY' ? stamp(r.hour) : `${chinaDay(r.hour)} 00:00:00`;
      const key = `${bucket}|${r.planId}`;
      const e = byKey.get(key) ?? {
        stat_datetime: bucket,
        ad: world.entity(p, 'plan', r.planId),
        planId: r.planId,
        campaignId: r.campaignId,
        cost: 0,
        show: 0,
        click: 0,
        convert: 0,
      };
      e.cost += r.costFen;
      e.show += r.shows;
      e.click += r.clicks;
      e.convert += r.conversions;
      byKey.set(key, e);
    }
    const all = [...byKey.values()].map((e) => ({
      stat_datetime: e.stat_datetime,
      ad_id: wireId(e.planId),
      ad_name: e.ad?.name ?? '',
      campaign_id: wireId(e.campaignId),
      campaign_name: e.ad?.campaignId ? (world.entity(p, 'campaign', e.ad.campaignId)?.name ?? '') : '',
      cost: yuan(e.cost),
      show: e.show,
      click: e.click,
      convert: e.convert,
      ctr: e.show ? Math.round((e.click / e.show) * 10000) / 100 : 0,
    }));
    return ok(c, {
      list: pageOf(all, page, size),
      page_info: { page, page_size: size, total_number: all.length, total_page: Math.ceil(all.length / size) },
    });
  });

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
    const click = world.click(p, { callback });
    if (!click) return reject('callback 无效：找不到对应的点击');
    world.recordConversion(p, true, '', click.planId, b);
    return envelope(c, C.ok, '成功');
  });
}
