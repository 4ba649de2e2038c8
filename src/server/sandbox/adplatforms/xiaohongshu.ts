/**
 * 小红书聚光 Marketing API, as the sandbox speaks it: consent at `/aurora/openApiAuth` (scope a JSON array,
 * back with `auth_code`), and under `/api/open/` (POST JSON, header `Access-Token`): `oauth2/access_token`
 * and `refresh_token` (the token answer names the granted advertisers), `jg/campaign/list`, `jg/unit/list`,
 * `jg/creativity/search`, reports `jg/data/report/offline/unit` (yesterday and earlier) and
 * `jg/data/report/realtime/unit` (today's totals so far per unit, no hours), `fee` in yuan (sent as strings),
 * status and budget updates (fen), and `conversion` with the operations-issued pair (refused when more than 1 h
 * late). Envelope `{success, code, msg, data, request_id}`. Error codes are not public: `XHS_CODES` is the
 * sandbox's table; the product treats them as unclassified.
 */

import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { SANDBOX_XIAOHONGSHU_CONVERSION } from '../../../shared/ad-platforms.ts';
import { chinaDay, chinaDayStart, chinaHour, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, idList, intParam, pageOf, stamp, wireId } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Entity, WorldState } from './world.ts';

export const XHS_CODES = {
  ok: 0,
  badParam: 10001,
  appInvalid: 10002,
  authCodeInvalid: 10003,
  tokenExpired: 10004,
  tokenInvalid: 10005,
  refreshExpired: 10006,
  refreshInvalid: 10007,
  noPermission: 10008,
  rateLimited: 10009,
  system: 10500,
} as const;
const C = XHS_CODES;

const envelope = (c: Context, code: number, msg: string, data: unknown = null) =>
  sendJson(c, { success: code === 0, code, msg, data, request_id: randomBytes(8).toString('hex') });
const ok = (c: Context, data: unknown) => envelope(c, C.ok, '成功', data);
export const xiaohongshuRateLimited = (c: Context) => envelope(c, C.rateLimited, '请求频率超限，请稍后重试');

/** campaign_filter_state: 1 有效, 2 暂停, 3 已删除, 4 计划预算不足, 5 现金余额不足, 7 账户日预算不足. */
const CAMPAIGN_STATE = (s: WorldState) =>
  s === 'deleted' ? 3 : s === 'paused' ? 2 : s === 'budget_exceed' ? 4 : s === 'balance_exceed' ? 5 : 1;
/** creativity_status: 1 已删除, 3 暂停, 4 已被单元暂停, 5 已被计划暂停, 8 有效, 10 单元未开始, 11 单元已结束. */
const CREATIVE_STATE: Record<WorldState, number> = {
  deleted: 1,
  paused: 3,
  plan_paused: 4,
  campaign_paused: 5,
  delivering: 8,
  auditing: 8,
  reauditing: 8,
  rejected: 3,
  not_started: 10,
  done: 11,
  balance_exceed: 8,
  budget_exceed: 8,
  campaign_budget_exceed: 8,
};
/** audit_status (the sandbox's reading): 1 审核中, 2 审核通过, 3 审核拒绝. */
const AUDIT = (s: WorldState) => (s === 'auditing' || s === 'reauditing' ? 1 : s === 'rejected' ? 3 : 2);

export function xiaohongshuApp(ctx: PlatformContext, app: Hono): void {
  const { world, grants } = ctx;
  const p = 'xiaohongshu';
  consentRoutes(app, '/aurora/openApiAuth', { platform: p, appIdParam: 'app_id', codeParam: 'auth_code' }, world, grants);

  const appOk = (b: Record<string, unknown> | null) =>
    typeof b?.secret === 'string' && world.appSecret(p, String(b.app_id ?? '')) === b.secret;
  const tokenData = (g: Grant) => ({
    access_token: g.accessToken,
    access_token_expires_in: g.accessExpiresAt - world.now(),
    refresh_token: g.refreshToken,
    refresh_token_expires_in: g.refreshExpiresAt - world.now(),
    user_id: `u${g.userId}`,
    approval_role_type: 4, // spotlight-mapi model/oauth/access_token.go: 4 品牌, 601 代理商
    role_type: 1, // 1 品牌开发者
    platform_type: 1, // 1 聚光
    approval_advertisers: g.advertiserIds.map((id) => ({
      advertiser_id: wireId(id),
      advertiser_name: world.advertiser(p, id)?.name ?? '',
    })),
  });
  app.post('/api/open/oauth2/access_token', async (c) => {
    const b = await readObject(c);
    if (typeof b?.auth_code !== 'string' || !b.auth_code) return envelope(c, C.badParam, 'auth_code 不能为空');
    if (!appOk(b)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.redeem(String(b.app_id), b.auth_code);
    if (!r.ok) return envelope(c, C.authCodeInvalid, r.reason === 'used' ? 'auth_code 已使用' : 'auth_code 无效或已过期');
    return ok(c, tokenData(r.grant));
  });
  app.post('/api/open/oauth2/refresh_token', async (c) => {
    const b = await readObject(c);
    if (typeof b?.refresh_token !== 'string' || !b.refresh_token) return envelope(c, C.badParam, 'refresh_token 不能为空');
    if (!appOk(b)) return envelope(c, C.appInvalid, 'app_id 或 secret 错误');
    const r = grants.refresh(String(b.app_id), b.refresh_token);
    if (!r.ok)
      return r.reason === 'expired'
        ? envelope(c, C.refreshExpired, 'refresh_token 已过期')
        : envelope(c, C.refreshInvalid, 'refresh_token 无效');
    return ok(c, tokenData(r.grant));
  });

  /**
   * Registered before the token-checking sub-app below (it carries its credentials in the body). Conversions
   * (spotlight-mapi model/conversion/request.go): `{app_id, access_token, event_type, timestamp (ms), click_id,
   * context: {ad: {callback_param}, product: {order_id, order_count, pay_amount}}}`; `app_id` / `access_token` are the
   * pair 小红书 operations issue (`SANDBOX_XIAOHONGSHU_CONVERSION`), never the OAuth app or a grant's token. More than
   * 1 h late is refused (the sandbox's rule; no source states one).
   */
  app.post('/api/open/conversion', async (c) => {
    const b = await readObject(c);
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, b ?? null), envelope(c, C.badParam, msg));
    if (!b || b.app_id !== SANDBOX_XIAOHONGSHU_CONVERSION.appId || b.access_token !== SANDBOX_XIAOHONGSHU_CONVERSION.token)
      return reject('app_id 或 access_token 无效（转化回传凭证由小红书运营提供）');
    if (![1, 101, 141].includes(Number(b.event_type))) return reject(`event_type 无效：${String(b.event_type)}`);
    const ts = Number(b.timestamp);
    if (!Number.isInteger(ts) || ts < 1e12) return reject('timestamp 须为毫秒时间戳');
    if (world.now() - ts / 1000 > 3600) return reject('转化发生超过 1 小时后才回传，已拒绝');
    const product = (b.context as { product?: Record<string, unknown> } | undefined)?.product;
    if (product !== undefined && (typeof product !== 'object' || product === null || typeof product.order_id !== 'string'))
      return reject('context.product.order_id 须为字符串');
    const click = world.click(p, { clickId: String(b.click_id ?? '') });
    if (!click) return reject('click_id 无效');
    world.recordConversion(p, true, '', click.planId, b);
    return ok(c, null);
  });

  const api = new Hono<{ Variables: { adv: string; body: Record<string, unknown> } }>();
  api.use(async (c, next) => {
    const r = grants.check(c.req.header('Access-Token'));
    if (!r.ok)
      return r.reason === 'expired' ? envelope(c, C.tokenExpired, 'access_token 已过期') : envelope(c, C.tokenInvalid, 'access_token 无效');
    const b = await readObject(c);
    const adv = idField(b?.advertiser_id);
    if (!b || !adv) return envelope(c, C.badParam, 'advertiser_id 不能为空');
    if (!r.grant.advertiserIds.includes(adv)) return envelope(c, C.noPermission, `无权限访问广告主 ${adv}`);
    c.set('adv', adv);
    c.set('body', b);
    return next();
  });

  const render: Record<Level, (e: Entity) => Record<string, unknown>> = {
    campaign: (e) => ({
      campaign_id: wireId(e.id),
      campaign_name: e.name,
      campaign_filter_state: CAMPAIGN_STATE(world.state(e)),
      campaign_enable: e.enabled ? 1 : 0,
      limit_day_budget: e.budgetFen ? 1 : 0,
      campaign_day_budget: e.budgetFen ?? 0,
      budget_state: e.budgetFen && world.spendTodayFen(p, 'campaign', e.id) >= e.budgetFen ? 0 : 1,
      campaign_create_time: stamp(e.createdAt),
    }),
    plan: (e) => ({
      id: wireId(e.id),
      campaign_id: wireId(e.campaignId),
      name: e.name,
      enable: e.enabled ? 1 : 0,
      event_bid: e.bidFen ?? 0,
      landing_page_url: e.landingUrl ?? '',
      create_time: stamp(e.createdAt),
      update_time: stamp(e.updatedAt),
    }),
    creative: (e) => {
      const plan = e.planId ? world.entity(p, 'plan', e.planId) : undefined;
      return {
        advertiser_id: wireId(e.advertiserId),
        campaign_id: wireId(e.campaignId),
        unit_id: wireId(e.planId),
        creative_id: wireId(e.id),
        creative_name: e.name,
        creativity_enable: e.enabled ? 1 : 0,
        creativity_status: CREATIVE_STATE[world.state(e)],
        audit_status: AUDIT(world.state(e)),
        click_urls: plan?.clickUrl ? [plan.clickUrl] : [],
        expo_urls: plan?.showUrl ? [plan.showUrl] : [],
        jump_url: plan?.landingUrl ?? '',
        material_type: Number(e.materialType ?? 1) || 1,
        creativity_create_time: stamp(e.createdAt),
      };
    },
  };
  /** Campaigns and creatives page with `page: {page_index, page_size}`; units with `page`/`page_size`. */
  const pageDto = (b: Record<string, unknown>) => {
    const pg = b.page as { page_index?: unknown; page_size?: unknown } | undefined;
    return { page: intParam(pg?.page_index, 1), size: intParam(pg?.page_size, 20) };
  };
  const list = (c: Context, level: Level, page: number | null, size: number | null, parent?: string) => {
    if (page === null || page < 1 || size === null || size < 1 || size > 100) return null;
    return world.list(p, level, c.get('adv'), { parentId: parent, offset: (page - 1) * size, limit: size });
  };
  api.post('/jg/campaign/list', (c) => {
    const { page, size } = pageDto(c.get('body'));
    const r = list(c, 'campaign', page, size);
    if (!r) return envelope(c, C.badParam, 'page.page_size 取值范围 1-100');
    return ok(c, { page: { page_index: page, total_count: r.total }, base_campaign_dtos: r.rows.map(render.campaign) });
  });
  api.post('/jg/unit/list', (c) => {
    const b = c.get('body');
    const r = list(c, 'plan', intParam(b.page, 1), intParam(b.page_size, 20), idField(b.campaign_id) ?? undefined);
    if (!r) return envelope(c, C.badParam, 'page_size 取值范围 1-100');
    return ok(c, { total_count: r.total, unit_infos: r.rows.map(render.plan) });
  });
  api.post('/jg/creativity/search', (c) => {
    const { page, size } = pageDto(c.get('body'));
    const r = list(c, 'creative', page, size, idField(c.get('body').unit_id) ?? undefined);
    if (!r) return envelope(c, C.badParam, 'page.page_size 取值范围 1-100');
    return ok(c, { page: { page_index: page, total_count: r.total }, creativity_dtos: r.rows.map(render.creative) });
  });

  /** Per unit and bucket (an hour, a day, or today as a whole for the realtime report). */
  const facts = (adv: string, from: number, to: number, bucket: (hour: number) => string) => {
    const merged = new Map<
      string,
      { time: string; unit: string; campaign: string; fee: number; imp: number; click: number; conv: number }
    >();
    for (const r of world.report(p, adv, from, to + 86399)) {
      const time = bucket(r.hour);
      const key = `${time}|${r.planId}`;
      const m = merged.get(key) ?? { time, unit: r.planId, campaign: r.campaignId, fee: 0, imp: 0, click: 0, conv: 0 };
      m.fee += r.costFen;
      m.imp += r.shows;
      m.click += r.clicks;
      m.conv += r.conversions;
      merged.set(key, m);
    }
    return [...merged.values()];
  };
  /** The metrics as DataReportDTO carries them (spotlight-mapi model/report/report.go): numbers as strings, fee in yuan. */
  const metrics = (m: { fee: number; imp: number; click: number; conv: number }) => ({
    fee: (m.fee / 100).toFixed(2),
    impression: String(m.imp),
    click: String(m.click),
    goods_order: String(m.conv),
    ctr: m.imp ? `${((m.click / m.imp) * 100).toFixed(2)}%` : '0.00%',
  });
  const span = (c: Context) => {
    const b = c.get('body') as Record<string, unknown>;
    const from = parseChinaTime(String(b.start_date ?? ''));
    const to = parseChinaTime(String(b.end_date ?? ''));
    const page = intParam(b.page_num, 1);
    const size = intParam(b.page_size, 20);
    if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 29 * 86400)
      return envelope(c, C.badParam, 'start_date / end_date 须为 yyyy-MM-dd，跨度不超过 30 天');
    if (page === null || page < 1 || size === null || size < 1 || size > 1000) return envelope(c, C.badParam, 'page_size 取值范围 1-1000');
    return { b, from, to, page, size, today: chinaDayStart(world.now()) };
  };

  /** Offline (yesterday and earlier): `data: {data_list, total_count}`, `time_unit` DAY / HOUR / SUMMARY. */
  api.post('/jg/data/report/offline/unit', (c) => {
    const s = span(c);
    if (s instanceof Response) return s;
    if (s.to >= s.today) return envelope(c, C.badParam, '离线报表仅支持查询昨天及以前的数据，今天的数据请用实时报表');
    if (!['DAY', 'HOUR', 'SUMMARY'].includes(String(s.b.time_unit ?? 'DAY')))
      return envelope(c, C.badParam, 'time_unit 取值为 DAY / HOUR / SUMMARY');
    const hourly = s.b.time_unit === 'HOUR';
    const entity = world.entityLookup(p);
    const all = facts(c.get('adv'), s.from, s.to, (h) =>
      hourly ? `${chinaDay(h)} ${String(chinaHour(h)).padStart(2, '0')}:00` : chinaDay(h),
    ).map((m) => ({
      time: m.time,
      campaign_id: wireId(m.campaign),
      campaign_name: entity('campaign', m.campaign)?.name ?? '',
      unit_id: wireId(m.unit),
      unit_name: entity('plan', m.unit)?.name ?? '',
      ...metrics(m),
    }));
    return ok(c, { data_list: pageOf(all, s.page, s.size), total_count: all.length });
  });

  /**
   * Realtime (today only): no time dimension — today's totals so far per unit, `{page, unit_dtos: [{base_unit_dto,
   * base_campaign_dto, data}], total_data}` beside the envelope (spotlight-mapi model/report/realtime/unit.go).
   */
  api.post('/jg/data/report/realtime/unit', (c) => {
    const s = span(c);
    if (s instanceof Response) return s;
    if (s.from !== s.today || s.to !== s.today) return envelope(c, C.badParam, '实时报表仅支持查询今天的数据');
    const entity = world.entityLookup(p);
    const units = facts(c.get('adv'), s.from, s.to, () => 'today');
    const sum = units.reduce((t, m) => ({ fee: t.fee + m.fee, imp: t.imp + m.imp, click: t.click + m.click, conv: t.conv + m.conv }), {
      fee: 0,
      imp: 0,
      click: 0,
      conv: 0,
    });
    const unit_dtos = pageOf(units, s.page, s.size).map((m) => {
      const u = entity('plan', m.unit);
      const camp = entity('campaign', m.campaign);
      return {
        base_unit_dto: {
          unit_id: wireId(m.unit),
          unit_name: u?.name ?? '',
          unit_create_time: u ? stamp(u.createdAt) : '',
          unit_enable: u?.enabled ? 1 : 0,
          campaign_id: wireId(m.campaign),
          event_bid: u?.bidFen ?? 0,
        },
        base_campaign_dto: { campaign_id: wireId(m.campaign), campaign_name: camp?.name ?? '' },
        data: metrics(m),
      };
    });
    return sendJson(c, {
      success: true,
      code: 0,
      msg: '成功',
      request_id: randomBytes(8).toString('hex'),
      page: { page_index: s.page, total_count: units.length },
      unit_dtos,
      total_data: metrics(sum),
    });
  });

  const statusRoute = (path: string, level: Level, idsKey: string, actionKey: string) =>
    api.post(path, (c) => {
      const b = c.get('body');
      const ids = idList(b[idsKey]);
      if (!ids || !ids.length || ids.length > 20) return envelope(c, C.badParam, `${idsKey} 不能为空，最多 20 个`);
      const action = b[actionKey];
      if (action !== 1 && action !== 2 && action !== 3) return envelope(c, C.badParam, `${actionKey} 取值为 1 开启、2 暂停、3 删除`);
      const bad = ids.find((id) => {
        const e = world.entity(p, level, id);
        return !e || e.advertiserId !== c.get('adv') || e.deleted;
      });
      if (bad) return envelope(c, C.badParam, `${bad} 不存在或已删除`);
      for (const id of ids) world.update(p, level, id, action === 3 ? { deleted: true } : { enabled: action === 1 });
      return ok(c, { [idsKey]: ids.map((id) => wireId(id)) });
    });
  statusRoute('/jg/campaign/status/update', 'campaign', 'campaign_ids', 'action_type');
  statusRoute('/jg/unit/update/status', 'plan', 'unit_ids', 'status');
  statusRoute('/jg/creativity/status/update', 'creative', 'creativity_ids', 'action_type');

  api.post('/jg/campaign/update', (c) => {
    const b = c.get('body');
    const id = idField(b.campaign_id);
    const e = id ? world.entity(p, 'campaign', id) : undefined;
    if (!id || !e || e.advertiserId !== c.get('adv') || e.deleted) return envelope(c, C.badParam, 'campaign_id 不存在');
    if (b.limit_day_budget === 0) return (world.update(p, 'campaign', id, { budgetFen: null }), ok(c, { campaign_id: wireId(id) }));
    if (b.limit_day_budget !== 1) return envelope(c, C.badParam, 'limit_day_budget 取值为 0（不限）或 1（指定预算）');
    const fen = b.campaign_day_budget;
    if (typeof fen !== 'number' || !Number.isInteger(fen) || fen < 10_000 || fen >= 99_999_900)
      return envelope(c, C.badParam, 'campaign_day_budget 单位为分，取值 10000 ≤ x < 99999900');
    const spent = world.spendTodayFen(p, 'campaign', id);
    if (fen <= spent) return envelope(c, C.badParam, `计划日预算须高于今日已消耗（${(spent / 100).toFixed(2)} 元）`);
    world.update(p, 'campaign', id, { budgetFen: fen });
    return ok(c, { campaign_id: wireId(id) });
  });
  api.post('/jg/unit/update', (c) => {
    const b = c.get('body');
    const id = idField(b.unit_id);
    const e = id ? world.entity(p, 'plan', id) : undefined;
    if (!id || !e || e.advertiserId !== c.get('adv')) return envelope(c, C.badParam, 'unit_id 不存在');
    if (typeof b.event_bid !== 'number' || !Number.isInteger(b.event_bid) || b.event_bid < 10)
      return envelope(c, C.badParam, 'event_bid 单位为分，不低于 10');
    world.update(p, 'plan', id, { bidFen: b.event_bid });
    return ok(c, { unit_id: wireId(id) });
  });
  app.route('/api/open', api);
}
