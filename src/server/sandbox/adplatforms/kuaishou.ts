/**
 * 磁力引擎 (快手) Marketing API, as the sandbox speaks it: consent at `/tools/authorize` (back with
 * `auth_code`), `POST /rest/openapi/oauth2/authorize/{access_token,refresh_token,approval/list}`, and under
 * `/rest/openapi/v1/` (POST JSON, header `Access-Token`): advertiser info, campaign / ad_unit / creative
 * lists, `report/unit_report` (HOURLY, charge in yuan), status, day budget and bid (厘 = 0.001 yuan!).
 * Conversions at `/track/activate` (GET, `{"result":1}`): the click's `__CALLBACK__` is this address with its
 * `callback` parameter, and only that parameter identifies the click. Envelope `{code, message, request_id, data}`.
 * 快手's error codes are not public: `KUAISHOU_CODES` is the sandbox's own table; the product treats them as
 * unclassified (retried with back-off, never re-authorise; docs/ad-platforms.md).
 */

import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { chinaDay, chinaHour, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, idList, intParam, pageOf, stamp, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Entity, WorldState } from './world.ts';

export const KUAISHOU_CODES = {
  ok: 0,
  badParam: 400002,
  tokenExpired: 401000,
  tokenInvalid: 401001,
  refreshExpired: 401002,
  refreshInvalid: 401003,
  authCodeInvalid: 401004,
  appInvalid: 401005,
  noPermission: 402000,
  rateLimited: 429000,
  system: 500000,
} as const;
const C = KUAISHOU_CODES;

const envelope = (c: Context, code: number, message: string, data: unknown = {}) =>
  sendJson(c, { code, message, request_id: randomBytes(10).toString('hex'), data });
const ok = (c: Context, data: unknown) => envelope(c, C.ok, 'OK', data);
export const kuaishouRateLimited = (c: Context) => envelope(c, C.rateLimited, '请求过于频繁，请稍后重试');

/** ad_unit `status` (spec §4 快手 group codes). */
export const UNIT_STATUS: Record<WorldState, number> = {
  delivering: 20,
  paused: 15,
  plan_paused: 15,
  auditing: 11,
  reauditing: 11,
  rejected: 12,
  balance_exceed: 6,
  budget_exceed: 17,
  campaign_budget_exceed: 3,
  campaign_paused: 1,
  not_started: 19,
  done: 14,
  deleted: 14,
};
/** creative `status` (kwai-marketing-api model/creative/creative.go): 52 投放中, 46 已暂停, 41 审核中, 42 审核未通过, 40 已删除, and the unit's codes. */
export const CREATIVE_STATUS: Record<WorldState, number> = {
  delivering: 52,
  paused: 46,
  plan_paused: 15,
  auditing: 41,
  reauditing: 41,
  rejected: 42,
  balance_exceed: 6,
  budget_exceed: 17,
  campaign_budget_exceed: 3,
  campaign_paused: 1,
  not_started: 19,
  done: 14,
  deleted: 40,
};
/** campaign `status` (weakly sourced): 1 已暂停, 3 超预算, 4 有效, 5 已删除, 6 余额不足. */
const campaignStatus = (s: WorldState) =>
  s === 'deleted' ? 5 : s === 'paused' ? 1 : s === 'budget_exceed' ? 3 : s === 'balance_exceed' ? 6 : 4;
const li = (fen: number | null) => (fen ?? 0) * 10;

export function kuaishouApp(ctx: PlatformContext, app: Hono): void {
  const { world, grants } = ctx;
  const p = 'kuaishou';
  consentRoutes(
    app,
    '/tools/authorize',
    {
      platform: p,
      appIdParam: 'app_id',
      codeParam: 'auth_code',
      check: (q) => {
        try {
          return Array.isArray(JSON.parse(q.scope ?? '')) ? null : 'scope 须为 JSON 数组';
        } catch {
          return 'scope 须为 JSON 数组，如 ["ad_query","ad_manage","report_service"]';
        }
      },
    },
    world,
    grants,
  );

  const appOk = (b: Record<string, unknown> | null) =>
    typeof b?.secret === 'string' && world.appSecret(p, String(b.app_id ?? '')) === b.secret;
  const tokenData = (g: Grant) => ({
    access_token: g.accessToken,
    refresh_token: g.refreshToken,
    access_token_expires_in: g.accessExpiresAt - world.now(),
    refresh_token_expires_in: g.refreshExpiresAt - world.now(),
    advertiser_id: wireId(g.advertiserIds[0]),
    advertiser_ids: g.advertiserIds.map((id) => wireId(id)),
    user_id: wireId('80000001'),
    approval_type: 1,
  });
  const oauth = '/rest/openapi/oauth2/authorize';
  app.post(`${oauth}/access_token`, async (c) => {
    const b = await readObject(c);
    if (typeof b?.auth_code !== 'string' || !b.auth_code) return envelope(c, C.badParam, 'auth_code 必填');
    if (!appOk(b)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.redeem(String(b.app_id), b.auth_code);
    if (!r.ok) return envelope(c, C.authCodeInvalid, r.reason === 'used' ? 'auth_code 已被使用' : 'auth_code 无效或已过期');
    return ok(c, tokenData(r.grant));
  });
  app.post(`${oauth}/refresh_token`, async (c) => {
    const b = await readObject(c);
    if (typeof b?.refresh_token !== 'string' || !b.refresh_token) return envelope(c, C.badParam, 'refresh_token 必填');
    if (!appOk(b)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.refresh(String(b.app_id), b.refresh_token);
    if (!r.ok)
      return r.reason === 'expired'
        ? envelope(c, C.refreshExpired, 'refresh_token 已过期')
        : envelope(c, C.refreshInvalid, 'refresh_token 无效');
    return ok(c, tokenData(r.grant));
  });
  app.post(`${oauth}/approval/list`, async (c) => {
    const b = await readObject(c);
    if (!appOk(b)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const page = intParam(b?.page_no, 0);
    const size = intParam(b?.page_size, 0);
    if (!page || page < 1 || !size || size < 1 || size > 1000) return envelope(c, C.badParam, 'page_no 与 page_size（1-1000）必填');
    const r = grants.check(typeof b?.access_token === 'string' ? b.access_token : null);
    if (!r.ok)
      return r.reason === 'expired' ? envelope(c, C.tokenExpired, 'access_token 已过期') : envelope(c, C.tokenInvalid, 'access_token 无效');
    const ids = pageOf(r.grant.advertiserIds, page, size);
    return ok(c, { details: ids.map((id) => wireId(id)), isEnd: page * size >= r.grant.advertiserIds.length });
  });

  const api = new Hono<{ Variables: { grant: Grant; adv: string; body: Record<string, unknown> } }>();
  api.use(async (c, next) => {
    const r = grants.check(c.req.header('Access-Token'));
    if (!r.ok)
      return r.reason === 'expired'
        ? envelope(c, C.tokenExpired, 'access_token 已过期')
        : envelope(c, C.tokenInvalid, 'access_token 无效或缺失');
    const b = await readObject(c);
    const adv = idField(b?.advertiser_id);
    if (!b || !adv) return envelope(c, C.badParam, 'advertiser_id 必填');
    if (!r.grant.advertiserIds.includes(adv)) return envelope(c, C.noPermission, `没有广告主 ${adv} 的权限`);
    c.set('grant', r.grant);
    c.set('adv', adv);
    c.set('body', b);
    return next();
  });

  api.post('/advertiser/info', (c) => {
    const a = world.advertiser(p, c.get('adv'))!;
    return ok(c, { user_id: wireId('80000001'), corporation_name: a.name, user_name: a.name, industry_id: 1001, industry_name: '电商' });
  });

  const render: Record<Level, (e: Entity) => Record<string, unknown>> = {
    campaign: (e) => ({
      campaign_id: wireId(e.id),
      campaign_name: e.name,
      status: campaignStatus(world.state(e)),
      put_status: e.deleted ? 3 : e.enabled ? 1 : 2,
      day_budget: li(e.budgetFen),
      create_channel: 0,
      campaign_type: 2,
      create_time: stamp(e.createdAt),
      update_time: stamp(e.updatedAt),
    }),
    plan: (e) => ({
      unit_id: wireId(e.id),
      campaign_id: wireId(e.campaignId),
      unit_name: e.name,
      status: UNIT_STATUS[world.state(e)],
      put_status: e.deleted ? 3 : e.enabled ? 1 : 2,
      day_budget: li(e.budgetFen),
      bid: li(e.bidFen),
      bid_type: 1,
      url: e.landingUrl ?? '',
      create_time: stamp(e.createdAt),
      update_time: stamp(e.updatedAt),
    }),
    creative: (e) => {
      const plan = e.planId ? world.entity(p, 'plan', e.planId) : undefined;
      return {
        creative_id: wireId(e.id),
        unit_id: wireId(e.planId),
        campaign_id: wireId(e.campaignId),
        creative_name: e.name,
        status: CREATIVE_STATUS[world.state(e)],
        put_status: e.deleted ? 3 : e.enabled ? 1 : 2,
        creative_material_type: Number(e.materialType ?? 1) || 1,
        click_track_url: plan?.clickUrl ?? '',
        impression_url: plan?.showUrl ?? '',
        actionbar_click_url: plan?.clickUrl ?? '',
        create_time: stamp(e.createdAt),
        update_time: stamp(e.updatedAt),
      };
    },
  };
  const listRoute = (path: string, level: Level) =>
    api.post(path, (c) => {
      const b = c.get('body');
      const page = intParam(b.page, 1);
      const size = intParam(b.page_size, 20);
      if (page === null || page < 1 || size === null || size < 1 || size > 500) return envelope(c, C.badParam, 'page_size 取值范围 1-500');
      const parent = level === 'plan' ? idField(b.campaign_id) : level === 'creative' ? idField(b.unit_id) : null;
      const { rows, total } = world.list(p, level, c.get('adv'), { parentId: parent ?? undefined, offset: (page - 1) * size, limit: size });
      return ok(c, { total_count: total, details: rows.map(render[level]) });
    });
  listRoute('/campaign/list', 'campaign');
  listRoute('/ad_unit/list', 'plan');
  listRoute('/creative/list', 'creative');

  api.post('/report/unit_report', (c) => {
    const b = c.get('body');
    const from = parseChinaTime(String(b.start_date ?? ''));
    const to = parseChinaTime(String(b.end_date ?? ''));
    if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 29 * 86400)
      return envelope(c, C.badParam, 'start_date / end_date 须为 yyyy-MM-dd，跨度不超过 30 天');
    if (b.temporal_granularity !== 'DAILY' && b.temporal_granularity !== 'HOURLY')
      return envelope(c, C.badParam, 'temporal_granularity 取值为 DAILY 或 HOURLY');
    const page = intParam(b.page, 1);
    const size = intParam(b.page_size, 20);
    if (page === null || page < 1 || size === null || size < 1 || size > 2000) return envelope(c, C.badParam, 'page_size 取值范围 1-2000');
    const hourly = b.temporal_granularity === 'HOURLY';
    const merged = new Map<
      string,
      { stat_date: string; stat_hour: number; unit: string; campaign: string; charge: number; show: number; clicks: number; conv: number }
    >();
    for (const r of world.report(p, c.get('adv'), from, to + 86399)) {
      const key = `${hourly ? r.hour : chinaDay(r.hour)}|${r.planId}`;
      const m = merged.get(key) ?? {
        stat_date: chinaDay(r.hour),
        stat_hour: hourly ? chinaHour(r.hour) : 0,
        unit: r.planId,
        campaign: r.campaignId,
        charge: 0,
        show: 0,
        clicks: 0,
        conv: 0,
      };
      m.charge += r.costFen;
      m.show += r.shows;
      m.clicks += r.clicks;
      m.conv += r.conversions;
      merged.set(key, m);
    }
    const entity = world.entityLookup(p);
    const all = [...merged.values()].map((m) => ({
      stat_date: m.stat_date,
      stat_hour: m.stat_hour,
      campaign_id: wireId(m.campaign),
      unit_id: wireId(m.unit),
      unit_name: entity('plan', m.unit)?.name ?? '',
      charge: yuan(m.charge),
      show: m.show,
      aclick: m.show,
      photo_click: m.clicks,
      bclick: m.clicks,
      conversion_num: m.conv,
    }));
    return ok(c, { total_count: all.length, details: pageOf(all, page, size) });
  });

  const statusRoute = (path: string, level: Level, idsKey: string) =>
    api.post(path, (c) => {
      const b = c.get('body');
      const ids = idList(b[idsKey]);
      if (!ids || !ids.length || ids.length > 20) return envelope(c, C.badParam, `${idsKey} 必填，最多 20 个`);
      if (b.put_status !== 1 && b.put_status !== 2 && b.put_status !== 3)
        return envelope(c, C.badParam, 'put_status 取值为 1（投放）、2（暂停）、3（删除）');
      const bad = ids.find((id) => {
        const e = world.entity(p, level, id);
        return !e || e.advertiserId !== c.get('adv') || e.deleted;
      });
      if (bad) return envelope(c, C.badParam, `${bad} 不存在或已删除`);
      for (const id of ids) world.update(p, level, id, b.put_status === 3 ? { deleted: true } : { enabled: b.put_status === 1 });
      return ok(c, { [idsKey]: ids.map((id) => wireId(id)) });
    });
  statusRoute('/campaign/update/status', 'campaign', 'campaign_ids');
  statusRoute('/ad_unit/update/status', 'plan', 'unit_ids');
  statusRoute('/creative/update/status', 'creative', 'creative_ids');

  /** Budgets in 厘: 0 = unlimited; unit ≥ 100 yuan, campaign ≥ 500 yuan; never under 120 % of today's spend. */
  const budget = (c: Context, level: 'campaign' | 'plan', id: string | null, v: unknown, minYuan: number) => {
    const e = id ? world.entity(p, level, id) : undefined;
    if (!id || !e || e.advertiserId !== c.get('adv') || e.deleted)
      return envelope(c, C.badParam, `${level === 'plan' ? 'unit_id' : 'campaign_id'} 不存在`);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return envelope(c, C.badParam, 'day_budget 须为非负整数，单位厘');
    if (v !== 0 && v < minYuan * 1000) return envelope(c, C.badParam, `日预算不能低于 ${minYuan} 元`);
    const floor = Math.ceil(world.spendTodayFen(p, level, id) * 1.2) * 10;
    if (v !== 0 && v < floor) return envelope(c, C.badParam, `日预算不能低于当日消耗的 120%：${floor / 1000} 元`);
    world.update(p, level, id, { budgetFen: v === 0 ? null : Math.round(v / 10) });
    return ok(c, {});
  };
  api.post('/ad_unit/update/day_budget', (c) => budget(c, 'plan', idField(c.get('body').unit_id), c.get('body').day_budget, 100));
  api.post('/campaign/update', (c) => budget(c, 'campaign', idField(c.get('body').campaign_id), c.get('body').day_budget, 500));
  api.post('/ad_unit/update/bid', (c) => {
    const b = c.get('body');
    const id = idField(b.unit_id);
    const e = id ? world.entity(p, 'plan', id) : undefined;
    if (!id || !e || e.advertiserId !== c.get('adv')) return envelope(c, C.badParam, 'unit_id 不存在');
    if (typeof b.bid !== 'number' || !Number.isInteger(b.bid) || b.bid < 200 || b.bid > 100_000_000)
      return envelope(c, C.badParam, 'bid 须为 200-100000000 厘之间的整数');
    world.update(p, 'plan', id, { bidFen: Math.round(b.bid / 10) });
    return ok(c, {});
  });
  app.route('/rest/openapi/v1', api);

  /** Conversion callback: `GET /track/activate?callback&event_type&event_time(ms)[&purchase_amount(yuan)]` → `{"result":1}`. */
  const EVENTS = new Set([1, 2, 3, 4, 5, 7, 14, 15, 143]);
  app.get('/track/activate', (c) => {
    const q = c.req.query();
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, q), sendJson(c, { result: 0, error_msg: msg }));
    const click = world.click(p, { callback: q.callback ?? '' });
    if (!q.callback || !click) return reject('callback 无效');
    if (!EVENTS.has(Number(q.event_type))) return reject(`event_type 无效：${q.event_type ?? ''}`);
    const t = Number(q.event_time);
    if (!Number.isInteger(t) || t < 1e12 || t > (world.now() + 300) * 1000) return reject('event_time 须为毫秒时间戳');
    if (q.purchase_amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(q.purchase_amount))
      return reject('purchase_amount 须为元，最多两位小数');
    world.recordConversion(p, true, '', click.planId, q);
    return sendJson(c, { result: 1 });
  });
}
