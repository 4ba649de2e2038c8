/**
 * 巨量引擎 (Ocean Engine) Marketing API v2, as the sandbox speaks it: OAuth (`/audit/oauth.html`,
 * `oauth2/access_token/`, `oauth2/refresh_token/`, `oauth2/advertiser/get`), `2/campaign/get/`, `2/ad/get/`,
 * `2/creative/get/`, `2/report/ad/get/` (hourly), status/budget/bid updates, and conversions at
 * `analytics/api/v2/conversion`; 升级版 (v3.0) accounts in juliang-v3.ts, 管家 / 代理商 accounts in juliang-accounts.ts. Envelope `{code, message, request_id, data}`; money in yuan; header
 * `Access-Token`. Error codes: `JULIANG_CODES` in juliang-wire.ts (docs/ad-platforms.md says which are sourced);
 * the changing calls live in juliang-changes.ts.
 */

import type { Hono } from 'hono';
import { chinaDay, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { juliangAccountRoutes } from './juliang-accounts.ts';
import { juliangChanges } from './juliang-changes.ts';
import { juliangV3 } from './juliang-v3.ts';
import { C, envelope, juliangAuth, ok } from './juliang-wire.ts';
import { accountItemOf, isV3 } from './juliang-world.ts';
import { readObject } from './kit.ts';
import { idField, idList, intParam, jsonParam, pageOf, stamp, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Entity, WorldState } from './world.ts';

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

  const authed = juliangAuth(ctx);

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
    const list = r.grant.advertiserIds.filter((id) => world.advertiser(p, id)).map((id) => accountItemOf(world, id));
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
      // an account on 升级版 has no v2 entities: its 项目 / 广告 are under v3.0 (juliang-v3.ts)
      const { rows, total } = isV3(world, adv)
        ? { rows: [], total: 0 }
        : world.list(p, level, adv, {
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
    const rows = isV3(world, adv) ? [] : world.report(p, adv, from, to + 86400 - 1);
    const entity = world.entityLookup(p);
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
        ad: entity('plan', r.planId),
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
      campaign_name: e.ad?.campaignId ? (entity('campaign', e.ad.campaignId)?.name ?? '') : '',
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

  juliangChanges(ctx, app, authed);
  juliangAccountRoutes(ctx, app, authed);
  juliangV3(ctx, app, authed);
}
