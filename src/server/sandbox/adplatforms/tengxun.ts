/**
 * 腾讯广告 Marketing API v3.0, as the sandbox speaks it (fixtures: tests/fixtures/platforms/tengxun/): consent at
 * `/oauth/authorize` (back with `authorization_code`), `GET /oauth/token` (code and refresh grants), and under `/v3.0/`
 * every call with query `access_token`, `timestamp` (±300 s) and a single-use `nonce` (≤ 32 chars): `advertiser/get`,
 * `organization_account_relation/get` (organisation tokens only), `adgroups/get`, `dynamic_creatives/get`,
 * `hourly_reports/get` (one day per call), configured status, daily budget and bid updates; conversions in
 * `./tengxun-conv.ts`. Envelope `{code, message, message_cn, data}` (`errors` only when there is key information);
 * money in fen. A grant of one account is that advertiser's own (`ACCOUNT_ROLE_TYPE_ADVERTISER`); a grant of several
 * is an organisation's (`ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_CORPORATION`, its own id derived from its accounts).
 * The refresh grant answers without `authorizer_info` and without a new refresh token (the current one stays valid).
 * 3.0 has no campaign level: adgroup = our campaign, dynamic creative = our plan.
 */
import { type Context, Hono } from 'hono';
import { chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { consentRoutes } from './consent.ts';
import type { Grant } from './grants.ts';
import { readObject, sendJson } from './kit.ts';
import { idField, idOfSet, intParam, jsonParam, pageOf, wireId } from './paging.ts';
import { tengxunConversions } from './tengxun-conv.ts';
import type { Entity, WorldState } from './world.ts';

/** Codes of developers.e.qq.com/v3.0/docs/errors where it names one (11003, 11004 for timestamp/nonce, 11023, 31001 and 50000 are the sandbox's). */
export const TENGXUN_CODES = {
  ok: 0,
  tokenExpired: 11000,
  tokenInvalid: 11002,
  timestampInvalid: 11003,
  nonceInvalid: 11004,
  appInvalid: 11007,
  authCodeExpired: 11009,
  refreshMalformed: 11010,
  authCodeInvalid: 11011,
  refreshExpired: 11012,
  authCodeUsed: 11013,
  missingParam: 12000,
  rateLimited: 11017,
  noPermission: 11023,
  badParam: 31001,
  system: 50000,
} as const;
const C = TENGXUN_CODES;

const envelope = (c: Context, code: number, messageCn: string, data: unknown = {}) =>
  sendJson(c, code === 0 ? { code, message: '', message_cn: '', data } : { code, message: `error ${code}`, message_cn: messageCn });
const ok = (c: Context, data: unknown) => envelope(c, C.ok, '', data);
export const tengxunRateLimited = (c: Context) => envelope(c, C.rateLimited, '请求过于频繁，请稍后重试');

export const ADGROUP_STATUS: Record<WorldState, string> = {
  delivering: 'ADGROUP_STATUS_ACTIVE',
  paused: 'ADGROUP_STATUS_SUSPEND',
  auditing: 'ADGROUP_STATUS_CREATIVE_STATUS_PENDING',
  reauditing: 'ADGROUP_STATUS_CREATIVE_STATUS_PENDING',
  rejected: 'ADGROUP_STATUS_STOP',
  balance_exceed: 'ADGROUP_STATUS_ACCOUNT_BALANCE_NOT_ENOUGH',
  budget_exceed: 'ADGROUP_STATUS_DAILY_BUDGET_REACHED',
  campaign_budget_exceed: 'ADGROUP_STATUS_DAILY_BUDGET_REACHED',
  campaign_paused: 'ADGROUP_STATUS_SUSPEND',
  plan_paused: 'ADGROUP_STATUS_SUSPEND',
  not_started: 'ADGROUP_STATUS_NOT_IN_DELIVERY_TIME',
  done: 'ADGROUP_STATUS_STOP',
  deleted: 'ADGROUP_STATUS_DELETED',
};
const approval = (s: WorldState) =>
  s === 'auditing' || s === 'reauditing'
    ? 'CREATIVE_SET_APPROVAL_STATUS_PENDING'
    : s === 'rejected'
      ? 'CREATIVE_SET_APPROVAL_STATUS_DENIED'
      : 'CREATIVE_SET_APPROVAL_STATUS_NORMAL';

export function tengxunApp(ctx: PlatformContext, app: Hono): void {
  const { world, grants } = ctx;
  const p = 'tengxun';
  consentRoutes(app, '/oauth/authorize', { platform: p, appIdParam: 'client_id', codeParam: 'authorization_code' }, world, grants);

  const tokenData = (g: Grant) => {
    const org = isOrganisation(g);
    const authorizer = org ? organisationOf(g.advertiserIds) : (g.advertiserIds[0] ?? '');
    return {
      authorizer_info: {
        account_uin: wireId(authorizer),
        account_id: wireId(authorizer),
        scope_list: ['ads_management', 'ads_insights', 'account_management', 'user_actions'],
        wechat_account_id: '',
        account_role_type: org ? 'ACCOUNT_ROLE_TYPE_ORGANIZATION_ADVERTISER_CORPORATION' : 'ACCOUNT_ROLE_TYPE_ADVERTISER',
        account_type: 'ACCOUNT_TYPE_ADVERTISER',
        role_type: 'ROLE_TYPE_ADMIN',
      },
      access_token: g.accessToken,
      refresh_token: g.refreshToken,
      access_token_expires_in: g.accessExpiresAt - world.now(),
      refresh_token_expires_in: g.refreshExpiresAt - world.now(),
    };
  };

  app.get('/oauth/token', (c) => {
    const q = c.req.query();
    if (!q.client_id || world.appSecret(p, q.client_id) !== q.client_secret)
      return envelope(c, C.appInvalid, 'client_id 或 client_secret 错误');
    if (q.grant_type === 'authorization_code') {
      if (!q.authorization_code || !q.redirect_uri) return envelope(c, C.badParam, 'authorization_code 与 redirect_uri 必填');
      const r = grants.redeem(q.client_id, q.authorization_code, q.redirect_uri);
      if (!r.ok)
        return r.reason === 'used'
          ? envelope(c, C.authCodeUsed, '授权码只能使用一次，authorization_code 已被使用')
          : r.reason === 'expired'
            ? envelope(c, C.authCodeExpired, '授权码过期，请重新发起授权流程')
            : envelope(c, C.authCodeInvalid, r.reason === 'redirect_mismatch' ? 'redirect_uri 与授权时不一致' : 'authorization_code 无效');
      return ok(c, tokenData(r.grant));
    }
    if (q.grant_type === 'refresh_token') {
      if (!q.refresh_token) return envelope(c, C.badParam, 'refresh_token 必填');
      const r = grants.refreshKeeping(q.client_id, q.refresh_token);
      if (!r.ok)
        return r.reason === 'expired'
          ? envelope(c, C.refreshExpired, 'refresh_token 过期，请重新发起授权流程')
          : envelope(c, C.refreshMalformed, 'refresh_token 无效');
      // The refresh answer: no authorizer_info, no new refresh token (the current one stays valid).
      return ok(c, { access_token: r.grant.accessToken, access_token_expires_in: r.grant.accessExpiresAt - world.now() });
    }
    return envelope(c, C.badParam, 'grant_type 取值为 authorization_code 或 refresh_token');
  });

  /** Every v3.0 call: token, timestamp within ±300 s, unused nonce of ≤ 32 characters; then the account must be granted. */
  const api = new Hono<{ Variables: { grant: Grant } }>();
  api.use(async (c, next) => {
    const q = c.req.query();
    const ts = Number(q.timestamp);
    if (!q.timestamp || !Number.isInteger(ts) || Math.abs(ts - world.now()) > 300)
      return envelope(c, C.timestampInvalid, 'timestamp 无效：须为当前时间前后 300 秒内的秒级时间戳');
    if (!q.nonce || q.nonce.length > 32 || !/^[A-Za-z0-9_-]+$/.test(q.nonce))
      return envelope(c, C.nonceInvalid, 'nonce 无效：须为不超过 32 位的随机字符串');
    if (!grants.takeNonce(q.nonce, 600)) return envelope(c, C.nonceInvalid, 'nonce 重复：同一 nonce 不能重复使用');
    const r = grants.check(q.access_token);
    if (!r.ok)
      return r.reason === 'expired' ? envelope(c, C.tokenExpired, 'access_token 已过期') : envelope(c, C.tokenInvalid, 'access_token 无效');
    c.set('grant', r.grant);
    return next();
  });
  const account = (c: Context<{ Variables: { grant: Grant } }>, v: unknown): string | Response => {
    const id = idField(v);
    if (!id) return envelope(c, C.badParam, 'account_id 必填');
    if (!c.get('grant').advertiserIds.includes(id)) return envelope(c, C.noPermission, `无权操作账户 ${id}`);
    return id;
  };
  const paging = (c: Context, q: Record<string, string>, max: number) => {
    const page = intParam(q.page, 1);
    const size = intParam(q.page_size, 10);
    if (page === null || page < 1 || size === null || size < 1 || size > max) return envelope(c, C.badParam, `page_size 取值范围 1-${max}`);
    return { page, size };
  };

  const accountPage = (c: Context, q: Record<string, string>, ids: string[]) => {
    if (q.pagination_mode !== 'PAGINATION_MODE_NORMAL' && q.pagination_mode !== 'PAGINATION_MODE_CURSOR')
      return envelope(c, C.badParam, 'pagination_mode 必填');
    const pg = paging(c, q, 100);
    if (pg instanceof Response) return pg;
    if (pg.page * pg.size > 1000) return envelope(c, C.badParam, '普通翻页模式需满足 page_size*page 小于等于 1000');
    const all = ids.map((id) => world.advertiser(p, id)).filter((a) => a !== undefined);
    return ok(c, {
      list: pageOf(all, pg.page, pg.size).map((a) => ({
        account_id: wireId(a.id),
        corporation_name: a.name,
        is_bid: true,
        is_mp: false,
        is_adx: false,
      })),
      page_info: { page: pg.page, page_size: pg.size, total_number: all.length, total_page: Math.ceil(all.length / pg.size) },
    });
  };
  /** Only 集团 / 主体 / 业务单元 tokens may list an organisation's accounts. */
  api.get('/organization_account_relation/get', (c) => {
    const g = c.get('grant');
    if (!isOrganisation(g)) return envelope(c, C.noPermission, '本接口仅支持集团、主体、业务单元 id 的 token 进行操作');
    return accountPage(c, c.req.query(), g.advertiserIds);
  });
  /** A direct advertiser must name its account_id; an organisation token may name any of its accounts. */
  api.get('/advertiser/get', (c) => {
    const q = c.req.query();
    const fields = jsonParam(q.fields);
    if (!Array.isArray(fields) || !fields.length) return envelope(c, C.badParam, 'fields 必填，须为 JSON 数组');
    if (!q.page_size) return envelope(c, C.badParam, 'page_size 必填');
    const g = c.get('grant');
    if (!q.account_id)
      return isOrganisation(g) ? envelope(c, C.badParam, 'account_id 必填') : envelope(c, C.badParam, '直客客户必须填写 account_id');
    const acc = account(c, q.account_id);
    if (acc instanceof Response) return acc;
    return accountPage(c, q, [acc]);
  });

  const render = (e: Entity) =>
    e.level === 'campaign'
      ? {
          adgroup_id: wireId(e.id),
          adgroup_name: e.name,
          configured_status: e.enabled ? 'AD_STATUS_NORMAL' : 'AD_STATUS_SUSPEND',
          system_status: ADGROUP_STATUS[world.state(e)],
          daily_budget: e.budgetFen ?? 0,
          bid_amount: e.bidFen ?? 0,
          created_time: e.createdAt,
          last_modified_time: e.updatedAt,
          is_deleted: e.deleted,
        }
      : {
          adgroup_id: wireId(e.campaignId),
          dynamic_creative_id: wireId(e.id),
          dynamic_creative_name: e.name,
          configured_status: e.enabled ? 'AD_STATUS_NORMAL' : 'AD_STATUS_SUSPEND',
          creative_set_approval_status: approval(world.state(e)),
          impression_tracking_url: e.showUrl ?? '',
          click_tracking_url: e.clickUrl ?? '',
          page_track_url: e.landingUrl ?? '',
          created_time: e.createdAt,
          last_modified_time: e.updatedAt,
          is_deleted: e.deleted,
        };

  const listRoute = (path: string, level: 'campaign' | 'plan') =>
    api.get(path, (c) => {
      const q = c.req.query();
      const acc = account(c, q.account_id);
      if (acc instanceof Response) return acc;
      const pg = paging(c, q, 100);
      if (pg instanceof Response) return pg;
      const fields = jsonParam(q.fields);
      if (!Array.isArray(fields) || !fields.length) return envelope(c, C.badParam, 'fields 必填，须为 JSON 数组');
      const { rows, total } = world.list(p, level, acc, { offset: (pg.page - 1) * pg.size, limit: pg.size });
      const pick = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => fields.includes(k)));
      return ok(c, {
        list: rows.map((e) => pick(render(e))),
        page_info: { page: pg.page, page_size: pg.size, total_number: total, total_page: Math.ceil(total / pg.size) },
      });
    });
  listRoute('/adgroups/get', 'campaign');
  listRoute('/dynamic_creatives/get', 'plan');

  api.get('/hourly_reports/get', (c) => {
    const q = c.req.query();
    const acc = account(c, q.account_id);
    if (acc instanceof Response) return acc;
    if (q.level !== 'REPORT_LEVEL_DYNAMIC_CREATIVE' && q.level !== 'REPORT_LEVEL_ADGROUP') return envelope(c, C.badParam, 'level 取值错误');
    const range = jsonParam(q.date_range) as { start_date?: string; end_date?: string } | null | undefined;
    const day = parseChinaTime(range?.start_date ?? '');
    if (!range || Number.isNaN(day) || range.start_date !== range.end_date)
      return envelope(c, C.badParam, 'date_range 必填，且小时报表仅支持查询单日');
    const groupBy = jsonParam(q.group_by);
    const fields = jsonParam(q.fields);
    if (!Array.isArray(groupBy) || !Array.isArray(fields) || !fields.length)
      return envelope(c, C.badParam, 'group_by 与 fields 必填，须为 JSON 数组');
    const pg = paging(c, q, 1000);
    if (pg instanceof Response) return pg;
    const byCreative = q.level === 'REPORT_LEVEL_DYNAMIC_CREATIVE';
    const merged = new Map<
      string,
      Record<string, unknown> & { view_count: number; valid_click_count: number; cost: number; conversions_count: number }
    >();
    for (const r of world.report(p, acc, chinaDayStart(day), chinaDayStart(day) + 86399)) {
      const key = `${r.hour}|${byCreative ? r.planId : r.campaignId}`;
      const row = merged.get(key) ?? {
        hour: (r.hour - chinaDayStart(day)) / 3600,
        account_id: wireId(acc),
        adgroup_id: wireId(r.campaignId),
        ...(byCreative ? { dynamic_creative_id: wireId(r.planId) } : {}),
        view_count: 0,
        valid_click_count: 0,
        cost: 0,
        conversions_count: 0,
      };
      row.view_count += r.shows;
      row.valid_click_count += r.clicks;
      row.cost += r.costFen;
      row.conversions_count += r.conversions;
      merged.set(key, row);
    }
    const all = [...merged.values()];
    return ok(c, {
      list: pageOf(all, pg.page, pg.size),
      page_info: { page: pg.page, page_size: pg.size, total_number: all.length, total_page: Math.ceil(all.length / pg.size) },
    });
  });

  /** Per-item results, like the platform: `list[{adgroup_id, code, message_cn}]` and `fail_id_list`. */
  const batch = (path: string, specKey: string, apply: (e: Entity, item: Record<string, unknown>) => string | null) =>
    api.post(path, async (c) => {
      const b = await readObject(c);
      const acc = account(c, b?.account_id);
      if (acc instanceof Response) return acc;
      const spec = Array.isArray(b?.[specKey]) ? (b[specKey] as Array<Record<string, unknown>>) : null;
      if (!spec || !spec.length || spec.length > 100) return envelope(c, C.badParam, `${specKey} 必填（1-100 项）`);
      const list = spec.map((item) => {
        const id = idField(item.adgroup_id);
        const e = id ? world.entity(p, 'campaign', id) : undefined;
        const problem = !id || !e || e.advertiserId !== acc || e.deleted ? '广告不存在' : apply(e, item);
        return {
          adgroup_id: id ? wireId(id) : 0,
          code: problem ? C.badParam : 0,
          message: problem ? 'failed' : '',
          message_cn: problem ?? '',
        };
      });
      return ok(c, { list, fail_id_list: list.filter((l) => l.code !== 0).map((l) => l.adgroup_id) });
    });
  batch('/adgroups/update_configured_status', 'update_configured_status_spec', (e, item) => {
    if (item.configured_status !== 'AD_STATUS_NORMAL' && item.configured_status !== 'AD_STATUS_SUSPEND')
      return 'configured_status 取值错误';
    world.update(p, 'campaign', e.id, { enabled: item.configured_status === 'AD_STATUS_NORMAL' });
    return null;
  });
  batch('/adgroups/update_daily_budget', 'update_daily_budget_spec', (e, item) => {
    const fen = item.daily_budget;
    if (typeof fen !== 'number' || !Number.isInteger(fen)) return 'daily_budget 须为整数（分）';
    if (fen !== 0 && fen < 5000) return '日预算不能低于 50 元（0 表示不限）';
    const floor = world.spendTodayFen(p, 'campaign', e.id) + 5000;
    if (fen !== 0 && fen < floor) return `日预算须高于今日已消耗 50 元以上：不低于 ${floor / 100} 元`;
    world.update(p, 'campaign', e.id, { budgetFen: fen === 0 ? null : fen });
    return null;
  });
  batch('/adgroups/update_bid_amount', 'update_bid_amount_spec', (e, item) => {
    const fen = item.bid_amount;
    if (typeof fen !== 'number' || !Number.isInteger(fen) || fen < 10 || fen > 500_000) return '出价须为 10-500000 分之间的整数';
    world.update(p, 'campaign', e.id, { bidFen: fen });
    return null;
  });

  api.post('/dynamic_creatives/update', async (c) => {
    const b = await readObject(c);
    const acc = account(c, b?.account_id);
    if (acc instanceof Response) return acc;
    const id = idField(b?.dynamic_creative_id);
    const e = id ? world.entity(p, 'plan', id) : undefined;
    if (!id || !e || e.advertiserId !== acc || e.deleted) return envelope(c, C.badParam, '创意不存在');
    if (b?.configured_status !== undefined) {
      if (b.configured_status !== 'AD_STATUS_NORMAL' && b.configured_status !== 'AD_STATUS_SUSPEND')
        return envelope(c, C.badParam, 'configured_status 取值错误');
      world.update(p, 'plan', id, { enabled: b.configured_status === 'AD_STATUS_NORMAL' });
    }
    return ok(c, { dynamic_creative_id: wireId(id) });
  });
  // Conversions are authenticated by headers, not by the query the other /v3.0 calls carry: routed before them.
  tengxunConversions(ctx, app, envelope, C);
  app.route('/v3.0', api);
}

/** A grant of several accounts stands for an organisation (主体) holding them; of one, for that advertiser. */
const isOrganisation = (g: Grant) => g.advertiserIds.length > 1;
/** The organisation's own id: stable for the same set of accounts, 8 digits like a 腾讯 account id. */
export const organisationOf = (ids: string[]): string => idOfSet('7', 7, ids);
