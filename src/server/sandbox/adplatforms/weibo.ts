/**
 * 微博超级粉丝通 ads API, as the sandbox speaks it. Sourced (2018 official SDKs, reference A5): host layout,
 * OAuth authorise/token/refresh, `Authorization: Bearer`, the Accept header, `customer_id` for agency calls,
 * REST resources `/campaigns`, `/ads`, `/creatives`, `PUT …/status/{id}`, `/insights/effect?data=<JSON>`,
 * `configured_status` / `effective_status` / creative status enums, and `/v3/track/activate`. Not sourced
 * (the current v3 paths, `/customers`, the hourly granularity value, the cost metric name, field names of
 * budget and bid): kept in `WEIBO_FACTS`, mirrored by the connector's `weibo/table.ts`. API answers
 * `{code, message, data}`; the token endpoint answers plain OAuth JSON (`{error, error_code, error_description}`).
 * Error codes follow the classic open.weibo.com table (21327 token expired, 21317 token rejected, 10023 rate).
 */
import { type Context, Hono } from 'hono';
import { chinaDay, chinaHour, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, intParam, jsonParam, pageOf, stamp, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Entity, WorldState } from './world.ts';

export const WEIBO_FACTS = {
  codes: { ok: 0, system: 10001, badParam: 10008, rateLimited: 10023, noPermission: 20003, tokenExpired: 21327, tokenInvalid: 21317 },
  oauth: { invalidClient: 21324, invalidGrant: 21325, expiredToken: 21327 },
  granularityHour: 'hour',
  costField: 'consume',
  behaviors: [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1100, 3003],
} as const;
const C = WEIBO_FACTS.codes;

const envelope = (c: Context, code: number, message: string, data: unknown = {}) => sendJson(c, { code, message, data });
const ok = (c: Context, data: unknown) => envelope(c, C.ok, 'OK', data);
export const weiboRateLimited = (c: Context) => envelope(c, C.rateLimited, '用户请求频次超过上限');
const oauthError = (c: Context, error: string, code: number, description: string) =>
  sendJson(c, { error, error_code: code, error_description: description }, 400);

/** ad `effective_status`: -1 已删除/结束, 1 待投放, 2 投放中, 3 用户暂停, 5 账户异常, 6 系列暂停, 7 余额不足, 8 到达账户日限额, 9 到达系列预算. */
const EFFECTIVE: Record<WorldState, number> = {
  delivering: 2,
  paused: 3,
  plan_paused: 3,
  auditing: 1,
  reauditing: 1,
  rejected: 5,
  balance_exceed: 7,
  budget_exceed: 9,
  campaign_budget_exceed: 9,
  campaign_paused: 6,
  not_started: 1,
  done: -1,
  deleted: -1,
};
/** creative `status`: 0 审核中, 1 正常, 2 审核异常, 4 暂停. */
const CREATIVE = (s: WorldState) =>
  s === 'auditing' || s === 'reauditing' ? 0 : s === 'rejected' ? 2 : s === 'paused' || s === 'plan_paused' ? 4 : 1;

export function weiboApp(ctx: PlatformContext, app: Hono): void {
  const { world, grants } = ctx;
  const p = 'weibo';
  consentRoutes(
    app,
    '/oauth/authorize',
    {
      platform: p,
      appIdParam: 'client_id',
      codeParam: 'code',
      check: (q) => (q.response_type === 'code' ? null : 'response_type 须为 code'),
    },
    world,
    grants,
  );

  const token = (g: Grant) => ({
    access_token: g.accessToken,
    refresh_token: g.refreshToken,
    expires_in: g.accessExpiresAt - world.now(),
    refresh_expires_in: g.refreshExpiresAt - world.now(),
    token_type: 'bearer',
    uid: g.userId,
  });
  app.get('/oauth/token', (c) => {
    const q = c.req.query();
    if (!q.client_id || world.appSecret(p, q.client_id) !== q.client_secret)
      return oauthError(c, 'invalid_client', WEIBO_FACTS.oauth.invalidClient, 'client_id 或 client_secret 错误');
    if (q.grant_type !== 'authorization_code' || !q.code || !q.redirect_uri)
      return oauthError(c, 'invalid_request', 21323, 'grant_type=authorization_code、code、redirect_uri 必填');
    const r = grants.redeem(q.client_id, q.code, q.redirect_uri);
    if (!r.ok)
      return oauthError(
        c,
        'invalid_grant',
        WEIBO_FACTS.oauth.invalidGrant,
        r.reason === 'used' ? 'code 已被使用' : r.reason === 'redirect_mismatch' ? 'redirect_uri 不匹配' : 'code 无效或已过期',
      );
    return sendJson(c, token(r.grant));
  });
  app.post('/oauth/refresh_token', async (c) => {
    const b = await readObject(c);
    if (!b || typeof b.client_id !== 'string' || !world.appSecret(p, b.client_id))
      return oauthError(c, 'invalid_client', WEIBO_FACTS.oauth.invalidClient, 'client_id 无效');
    if (typeof b.refresh_token !== 'string') return oauthError(c, 'invalid_request', 21323, 'refresh_token 必填');
    const r = grants.refresh(b.client_id, b.refresh_token);
    if (!r.ok)
      return r.reason === 'expired'
        ? oauthError(c, 'expired_token', WEIBO_FACTS.oauth.expiredToken, 'refresh_token 已过期')
        : oauthError(c, 'invalid_grant', WEIBO_FACTS.oauth.invalidGrant, 'refresh_token 无效');
    return sendJson(c, token(r.grant));
  });

  type Env = { Variables: { grant: Grant; customer: string } };
  const api = new Hono<Env>();
  api.use(async (c, next) => {
    const m = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '');
    const r = grants.check(m?.[1]);
    if (!r.ok)
      return r.reason === 'expired' ? envelope(c, C.tokenExpired, 'access_token 已过期') : envelope(c, C.tokenInvalid, 'access_token 无效');
    c.set('grant', r.grant);
    const cust = c.req.query('customer_id');
    if (cust !== undefined) {
      if (!idField(cust) || !r.grant.advertiserIds.includes(cust)) return envelope(c, C.noPermission, `无权访问客户 ${cust}`);
      c.set('customer', cust);
    } else c.set('customer', r.grant.advertiserIds[0] ?? '');
    return next();
  });
  const paging = (c: Context, max = 100) => {
    const page = intParam(c.req.query('page'), 1);
    const size = intParam(c.req.query('page_size'), 20);
    return page === null || page < 1 || size === null || size < 1 || size > max ? null : { page, size };
  };

  api.get('/customers', (c) => {
    const pg = paging(c);
    if (!pg) return envelope(c, C.badParam, 'page_size 取值范围 1-100');
    const all = c
      .get('grant')
      .advertiserIds.map((id) => world.advertiser(p, id))
      .filter((a) => a !== undefined);
    return ok(c, {
      list: pageOf(all, pg.page, pg.size).map((a) => ({ customer_id: wireId(a.id), name: a.name })),
      total_count: all.length,
    });
  });

  const render: Record<Level, (e: Entity) => Record<string, unknown>> = {
    campaign: (e) => ({
      id: wireId(e.id),
      name: e.name,
      configured_status: e.enabled ? 1 : 0,
      objective: 88020001,
      budget: yuan(e.budgetFen),
      created_time: stamp(e.createdAt),
      updated_time: stamp(e.updatedAt),
    }),
    plan: (e) => ({
      id: wireId(e.id),
      campaign_id: wireId(e.campaignId),
      name: e.name,
      configured_status: e.enabled ? 1 : 0,
      effective_status: EFFECTIVE[world.state(e)],
      billing_type: 8,
      bid_amount: yuan(e.bidFen),
      budget: yuan(e.budgetFen),
      landing_page_url: e.landingUrl ?? '',
      click_monitor_url: e.clickUrl ?? '',
      impression_monitor_url: e.showUrl ?? '',
      created_time: stamp(e.createdAt),
      updated_time: stamp(e.updatedAt),
    }),
    creative: (e) => ({
      id: wireId(e.id),
      ad_id: wireId(e.planId),
      campaign_id: wireId(e.campaignId),
      name: e.name,
      status: CREATIVE(world.state(e)),
      created_time: stamp(e.createdAt),
    }),
  };
  const listRoute = (path: string, level: Level) =>
    api.get(path, (c) => {
      const pg = paging(c);
      if (!pg) return envelope(c, C.badParam, 'page_size 取值范围 1-100');
      const { rows, total } = world.list(p, level, c.get('customer'), { offset: (pg.page - 1) * pg.size, limit: pg.size });
      return ok(c, { list: rows.map(render[level]), total_count: total, page: pg.page, page_size: pg.size });
    });
  listRoute('/campaigns', 'campaign');
  listRoute('/ads', 'plan');
  listRoute('/creatives', 'creative');

  const own = (c: Context<Env>, level: Level) => {
    const id = idField(c.req.param('id'));
    const e = id ? world.entity(p, level, id) : undefined;
    return e && e.advertiserId === c.get('customer') && !e.deleted ? e : null;
  };
  const statusRoute = (path: string, level: Level) =>
    api.put(`${path}/status/:id`, async (c) => {
      const e = own(c, level);
      if (!e) return envelope(c, C.badParam, '对象不存在或不属于该客户');
      const b = await readObject(c);
      const on = level === 'creative' ? b?.status === 'open' : b?.status === 1;
      const off = level === 'creative' ? b?.status === 'pause' : b?.status === 0;
      if ((level !== 'creative' && b?.update_status !== true) || (!on && !off))
        return envelope(c, C.badParam, level === 'creative' ? 'status 取值为 pause / open' : 'update_status 须为 true，status 取值 0 / 1');
      world.update(p, level, e.id, { enabled: on });
      return ok(c, { id: wireId(e.id) });
    });
  statusRoute('/campaigns', 'campaign');
  statusRoute('/ads', 'plan');
  statusRoute('/creatives', 'creative');
  api.put('/campaigns/:id', async (c) => {
    const e = own(c, 'campaign');
    const b = await readObject(c);
    if (!e) return envelope(c, C.badParam, '广告系列不存在');
    if (typeof b?.budget !== 'number' || (b.budget !== 0 && b.budget < 50))
      return envelope(c, C.badParam, 'budget 单位为元，不低于 50（0 表示不限）');
    const fen = Math.round(b.budget * 100);
    if (fen !== 0 && fen <= world.spendTodayFen(p, 'campaign', e.id)) return envelope(c, C.badParam, '预算须高于今日已消耗');
    world.update(p, 'campaign', e.id, { budgetFen: fen || null });
    return ok(c, { id: wireId(e.id) });
  });
  api.put('/ads/:id', async (c) => {
    const e = own(c, 'plan');
    const b = await readObject(c);
    if (!e) return envelope(c, C.badParam, '广告不存在');
    if (typeof b?.bid_amount !== 'number' || b.bid_amount <= 0) return envelope(c, C.badParam, 'bid_amount 单位为元，须大于 0');
    world.update(p, 'plan', e.id, { bidFen: Math.round(b.bid_amount * 100) });
    return ok(c, { id: wireId(e.id) });
  });

  api.get('/insights/effect', (c) => {
    const d = jsonParam(c.req.query('data')) as Record<string, unknown> | null | undefined;
    const range = Array.isArray(d?.time_interval) ? (d.time_interval as unknown[]).map(String) : [];
    const from = parseChinaTime(range[0] ?? '');
    const to = parseChinaTime(range[1] ?? '');
    if (!d || Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 30 * 86400)
      return envelope(c, C.badParam, 'data.time_interval 须为 [开始日期, 结束日期]，跨度不超过 31 天');
    const gran = Array.isArray(d.granularity) ? d.granularity.map(String) : [];
    const hourly = gran.includes(WEIBO_FACTS.granularityHour);
    const page = intParam(d.page, 1);
    const rowsPer = intParam(d.rows, 20);
    if (page === null || page < 1 || rowsPer === null || rowsPer < 1 || rowsPer > 1000)
      return envelope(c, C.badParam, 'data.rows 取值范围 1-1000');
    const merged = new Map<
      string,
      { date: string; hour: number; ad: string; campaign: string; pv: number; bhv: number; cost: number; conv: number }
    >();
    for (const r of world.report(p, c.get('customer'), from, to + 86399)) {
      const key = `${hourly ? r.hour : chinaDay(r.hour)}|${r.planId}`;
      const m = merged.get(key) ?? {
        date: chinaDay(r.hour),
        hour: hourly ? chinaHour(r.hour) : 0,
        ad: r.planId,
        campaign: r.campaignId,
        pv: 0,
        bhv: 0,
        cost: 0,
        conv: 0,
      };
      m.pv += r.shows;
      m.bhv += r.clicks;
      m.cost += r.costFen;
      m.conv += r.conversions;
      merged.set(key, m);
    }
    const all = [...merged.values()].map((m) => ({
      date: m.date,
      hour: m.hour,
      campaign_id: wireId(m.campaign),
      ad_id: wireId(m.ad),
      pv: m.pv,
      bhv: m.bhv,
      [WEIBO_FACTS.costField]: yuan(m.cost),
      conversion: m.conv,
    }));
    return ok(c, { list: pageOf(all, page, rowsPer), total: all.length });
  });

  /** `GET /v3/track/activate?time(ms)&behavior&mark_id&host` (Bearer); more than 2 h late counts as a natural conversion (kept, not attributed). */
  api.get('/v3/track/activate', (c) => {
    const q = c.req.query();
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, q), envelope(c, C.badParam, msg));
    if (!q.mark_id) return reject('mark_id 必填');
    if (!WEIBO_FACTS.behaviors.includes(Number(q.behavior) as 1001)) return reject(`behavior 无效：${q.behavior ?? ''}`);
    const t = Number(q.time);
    if (!Number.isInteger(t) || t < 1e12) return reject('time 须为毫秒时间戳');
    const click = world.click(p, { clickId: q.mark_id });
    if (!click) return reject('mark_id 无效');
    const late = world.now() - t / 1000 > 7200;
    world.recordConversion(p, true, late ? '超过 2 小时，计为自然转化' : '', late ? null : click.planId, q);
    return ok(c, {});
  });
  app.route('/', api);
}
