/**
 * 微博超级粉丝通, the current management API as the sandbox speaks it (bububa/biz-weibo; fixtures:
 * tests/fixtures/platforms/weibo/): consent `/oauth/authorize` (response_code or response_type = code) → `code`;
 * `GET /oauth/token` (no secret, as the SDK) answers a flat token; `POST /oauth/refresh_token {client_id (number),
 * refresh_token}` answers `{code, message, data}`; `GET /oauth/get_user_info`. Under Bearer: `/v3/account`,
 * `/v3/account/manage-list`, `/v3/campaigns` and `/v3/ads` (flat `{list, total, page_total, …}`), `/v4/creatives`
 * (wrapped in `data`), the status updates (bare arrays; creatives `{data: […]}`), `POST /v3/campaigns/{id}` (budget);
 * reports and conversions in `./weibo-data.ts`. Refusals `{trace_id, code, message}` (codes: the classic
 * open.weibo.com table, the SDK names none). A grant of one account is that advertiser's own token; a grant of several
 * is an agency's (its own account manages them: `manage-list`); `advertiser_id` names a managed advertiser and must not
 * be sent for the token's own account (为空则为token对应账户，不使用请勿下发).
 */
import { type Context, Hono } from 'hono';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, idList, intParam, jsonParam, stamp, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import { weiboData } from './weibo-data.ts';
import { ownOf, WEIBO_FACTS, type WeiboEnv, weiboRefusal } from './weibo-wire.ts';
import type { Entity, WorldState } from './world.ts';

export { weiboRateLimited } from './weibo-wire.ts';

const C = WEIBO_FACTS.codes;

const money = (fen: number | null | undefined) => yuan(fen).toFixed(2);

/** ad `effective_status` (enum/effective_status.go). */
const EFFECTIVE: Record<WorldState, number> = {
  delivering: 2,
  paused: 3,
  plan_paused: 3,
  auditing: 1,
  reauditing: 1,
  rejected: 5,
  balance_exceed: 7,
  budget_exceed: 10,
  campaign_budget_exceed: 9,
  campaign_paused: 6,
  not_started: 1,
  done: -1,
  deleted: -99,
};
/** creative `effective_status` (enum/creative_effective_status.go): 0 审核中, 1 正常, 2 审核异常, 4 暂停. */
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
      check: (q) => (q.response_code === 'code' || q.response_type === 'code' ? null : 'response_code 须为 code'),
    },
    world,
    grants,
  );

  const token = (g: Grant) => ({
    access_token: g.accessToken,
    expires_in: g.accessExpiresAt - world.now(),
    refresh_token: g.refreshToken,
    refresh_expires_in: g.refreshExpiresAt - world.now(),
    token_type: 'bearer',
  });
  app.get('/oauth/token', (c) => {
    const q = c.req.query();
    if (!q.client_id || !world.appSecret(p, q.client_id)) return weiboRefusal(c, WEIBO_FACTS.oauth.invalidClient, 'client_id 无效');
    if (q.grant_type !== 'authorization_code' || !q.code || !q.redirect_uri)
      return weiboRefusal(c, WEIBO_FACTS.oauth.invalidRequest, 'grant_type=authorization_code、code、redirect_uri 必填');
    const r = grants.redeem(q.client_id, q.code, q.redirect_uri);
    if (!r.ok)
      return weiboRefusal(
        c,
        WEIBO_FACTS.oauth.invalidGrant,
        r.reason === 'used' ? 'code 已被使用' : r.reason === 'redirect_mismatch' ? 'redirect_uri 不匹配' : 'code 无效或已过期',
      );
    return sendJson(c, token(r.grant));
  });
  app.post('/oauth/refresh_token', async (c) => {
    const b = await readObject(c);
    if (!/"client_id"\s*:\s*\d/.test(await c.req.text()) || !world.appSecret(p, String(b?.client_id)))
      return weiboRefusal(c, WEIBO_FACTS.oauth.invalidClient, 'client_id 须为应用 id（数字）');
    if (typeof b?.refresh_token !== 'string') return weiboRefusal(c, WEIBO_FACTS.oauth.invalidRequest, 'refresh_token 必填');
    const r = grants.refresh(String(b.client_id), b.refresh_token);
    if (!r.ok)
      return r.reason === 'expired'
        ? weiboRefusal(c, WEIBO_FACTS.oauth.expiredToken, 'refresh_token 已过期')
        : weiboRefusal(c, WEIBO_FACTS.oauth.invalidGrant, 'refresh_token 无效');
    return sendJson(c, { code: 0, message: '', data: token(r.grant) });
  });
  app.get('/oauth/get_user_info', (c) => {
    const r = grants.check(c.req.query('access_token'));
    if (!r.ok) return weiboRefusal(c, r.reason === 'expired' ? C.tokenExpired : C.tokenInvalid, 'access_token 无效');
    const own = ownOf(r.grant);
    return sendJson(c, {
      code: 0,
      data: { uid: wireId(own), name: world.advertiser(p, own)?.name ?? '代理商账户', access_token: r.grant.accessToken, user_type: 1 },
    });
  });

  const api = new Hono<WeiboEnv>();
  api.use(async (c, next) => {
    const m = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '');
    const r = grants.check(m?.[1]);
    if (!r.ok) return weiboRefusal(c, r.reason === 'expired' ? C.tokenExpired : C.tokenInvalid, 'access_token 无效或已过期');
    c.set('grant', r.grant);
    const b = c.req.method === 'POST' ? await readObject(c) : null;
    const asked = c.req.query('advertiser_id') ?? (b?.advertiser_id === undefined ? undefined : String(b.advertiser_id));
    const own = ownOf(r.grant);
    if (asked !== undefined) {
      if (asked === own) return weiboRefusal(c, C.badParam, 'advertiser_id 为 token 对应账户时请勿下发');
      if (!idField(asked) || !r.grant.advertiserIds.includes(asked)) return weiboRefusal(c, C.noPermission, `无权访问广告主 ${asked}`);
    }
    c.set('customer', asked ?? own);
    return next();
  });
  const paging = (c: Context, max = 100) => {
    const page = intParam(c.req.query('page'), 1);
    const size = intParam(c.req.query('page_size'), 20);
    return page === null || page < 1 || size === null || size < 1 || size > max ? null : { page, size };
  };

  api.get('/v3/account', (c) => {
    const id = c.get('customer');
    const a = world.advertiser(p, id);
    const at = stamp(world.now());
    return sendJson(c, {
      id: wireId(id),
      customer_id: wireId(id),
      name: a?.name ?? '代理商账户',
      profile_image: '',
      disable_reason: '',
      spend_cap: '0.00',
      reverse_spend_cap: '0.00',
      version: 3,
      enrich_type: 1,
      block: 0,
      created_at: at,
      updated_at: at,
      migrated_at: '',
      configured_status: 1,
      effective_status: 1,
    });
  });
  api.get('/v3/account/manage-list', (c) => {
    const pg = paging(c);
    if (!pg) return weiboRefusal(c, C.badParam, 'page_size 取值范围 1-100');
    const g = c.get('grant');
    const own = ownOf(g);
    const children = g.advertiserIds.length > 1 ? g.advertiserIds : [];
    const list = children.slice((pg.page - 1) * pg.size, pg.page * pg.size).map((id, i) => ({
      id: i + 1,
      child_id: wireId(id),
      main_id: wireId(own),
      main_name: '代理商账户',
      role: 1,
      effective_status: 1,
      configured_status: 1,
      created_at: stamp(world.now()),
      updated_at: stamp(world.now()),
    }));
    return sendJson(c, {
      total: children.length,
      page_total: Math.ceil(children.length / pg.size),
      page_size: pg.size,
      page: pg.page,
      list,
    });
  });

  const render: Record<Level, (e: Entity) => Record<string, unknown>> = {
    campaign: (e) => ({
      id: wireId(e.id),
      customer_id: wireId(e.advertiserId),
      name: e.name,
      objective: 88030006,
      guaranteed_delivery: 0,
      configured_status: e.deleted ? 9 : e.enabled ? 1 : 0,
      effective_status: e.deleted ? 2 : e.enabled ? 1 : 0,
      budget_type: 2,
      lifetime_budget: 0,
      daily_budget: money(e.budgetFen),
      is_recycled: e.deleted ? 1 : 0,
    }),
    plan: (e) => ({
      id: wireId(e.id),
      name: e.name,
      campaign_id: wireId(e.campaignId),
      customer_id: wireId(e.advertiserId),
      objective: 88030006,
      daily_budget: money(e.budgetFen),
      bid_amount: money(e.bidFen),
      billing_type: 8,
      configured_status: e.enabled ? 1 : 0,
      effective_status: EFFECTIVE[world.state(e)],
      is_recycled: e.deleted ? 1 : 0,
      created_at: stamp(e.createdAt),
      updated_at: stamp(e.updatedAt),
      subject: { obj_type: 1, obj_url: e.landingUrl ?? '', url_h5: '', monitor_api: e.clickUrl ?? '', convert_monitor_type: 3 },
    }),
    creative: (e) => ({
      id: wireId(e.id),
      configured_status: e.enabled ? 1 : 0,
      effective_status: CREATIVE(world.state(e)),
      version: 4,
      billing_type: 8,
      objective: 88030006,
      created_at: stamp(e.createdAt),
      updated_at: stamp(e.updatedAt),
      campaign: { id: wireId(e.campaignId) },
      ad: { id: wireId(e.planId), campaign_id: wireId(e.campaignId) },
    }),
  };
  const listRoute = (path: string, level: Level, wrap: boolean) =>
    api.get(path, (c) => {
      const pg = paging(c);
      if (!pg) return weiboRefusal(c, C.badParam, 'page_size 取值范围 1-100');
      const idsParam = jsonParam(c.req.query('ids'));
      const ids = idsParam === undefined ? undefined : idList(idsParam);
      if (ids === null) return weiboRefusal(c, C.badParam, 'ids 须为 JSON 数组');
      const { rows, total } = world.list(p, level, c.get('customer'), {
        ids: ids ?? undefined,
        offset: (pg.page - 1) * pg.size,
        limit: pg.size,
      });
      const page = { total, page_total: Math.ceil(total / pg.size), page_size: pg.size, page: pg.page };
      const list = rows.map(render[level]);
      return sendJson(c, wrap ? { code: 0, data: { list, ...page } } : { ...page, list });
    });
  listRoute('/v3/campaigns', 'campaign', false);
  listRoute('/v3/ads', 'plan', false);
  listRoute('/v4/creatives', 'creative', true);

  const own = (c: Context<WeiboEnv>, level: Level, id: string) => {
    const e = world.entity(p, level, id);
    return e && e.advertiserId === c.get('customer') && !e.deleted ? e : null;
  };
  const statusRoute = (path: string, level: Level, idsKey: string, idKey: string, wrap: boolean) =>
    api.post(path, async (c) => {
      const b = await readObject(c);
      const ids = idList(b?.[idsKey]);
      if (!ids || !ids.length || ids.length > 100 || (b?.configured_status !== 0 && b?.configured_status !== 1))
        return weiboRefusal(c, C.badParam, `${idsKey}（1-100 个）与 configured_status（0 / 1）必填`);
      const results = ids.map((id) => {
        const e = own(c, level, id);
        if (!e) return { [idKey]: wireId(id), status: false, error_message: '对象不存在或不属于该广告主' };
        if (b.configured_status === 1 && world.state(e) === 'done')
          return { [idKey]: wireId(id), status: false, error_message: '已结束，不能开启' };
        world.update(p, level, id, { enabled: b.configured_status === 1 });
        return { [idKey]: wireId(id), status: true, error_message: '' };
      });
      return sendJson(c, wrap ? { code: 0, data: results } : results);
    });
  statusRoute('/v3/campaigns/update-status', 'campaign', 'ids', 'campaign_id', false);
  statusRoute('/v3/ads/update-status', 'plan', 'ids', 'ad_id', false);
  statusRoute('/v4/creatives/update_status_batch', 'creative', 'creative_ids', 'creative_id', true);

  api.post('/v3/campaigns/:id', async (c) => {
    const id = idField(c.req.param('id'));
    const e = id ? own(c, 'campaign', id) : null;
    const b = await readObject(c);
    if (!e || idField(b?.id) !== id) return weiboRefusal(c, C.badParam, '广告系列不存在');
    if (b?.budget_type !== 2 || typeof b.daily_budget !== 'number' || (b.daily_budget !== 0 && b.daily_budget < 50))
      return weiboRefusal(c, C.badParam, 'budget_type 须为 2（日预算），daily_budget 单位为元，不低于 50（0 表示不限）');
    const fen = Math.round(b.daily_budget * 100);
    if (fen !== 0 && fen <= world.spendTodayFen(p, 'campaign', e.id)) return weiboRefusal(c, C.badParam, '预算须高于今日已消耗');
    world.update(p, 'campaign', e.id, { budgetFen: fen || null });
    return sendJson(c, render.campaign(world.entity(p, 'campaign', e.id) ?? e));
  });

  weiboData(ctx, api, paging);
  app.route('/', api);
}
