/**
 * 巨量 升级版 (v3.0) as the sandbox speaks it, for advertisers seeded with `model: 'v3'`: the world's campaigns are
 * 项目 and its plans 广告 (no creative level is served). `GET v3.0/project/list/`, `GET v3.0/promotion/list/`
 * (page_size 1–10), `GET v3.0/report/custom/get/` (BASIC_DATA, stat_time_hour, values as strings), and
 * `POST v3.0/{project,promotion}/status/update/`, `v3.0/{project,promotion}/budget/update/`,
 * `v3.0/promotion/bid/update/` (yuan, per-item `errors`). Shapes from oceanengine/ad_open_sdk_go and
 * bububa/oceanengine (docs/ad-platforms.md); a v2 advertiser has no projects.
 */
import type { Context, Hono } from 'hono';
import { chinaDay, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import type { Grant } from './grants.ts';
import { C, envelope, ok } from './juliang-wire.ts';
import { isV3 } from './juliang-world.ts';
import { readObject } from './kit.ts';
import { idField, idList, intParam, jsonParam, pageOf, stamp, wireId, yuan } from './paging.ts';
import type { Entity, WorldState } from './world.ts';

const p = 'juliang';
type Authed = (c: Context, advertiserId: string | null) => { grant: Grant } | Response;

/** status_first / status_second of a project (model_project_list_v3_0_data_list_status_{first,second}.go). */
function projectStatus(s: WorldState): [string, string[]] {
  if (s === 'deleted') return ['PROJECT_STATUS_DELETE', []];
  if (s === 'done') return ['PROJECT_STATUS_DONE', []];
  if (s === 'paused') return ['PROJECT_STATUS_DISABLE', ['PROJECT_STATUS_STOP']];
  if (s === 'budget_exceed') return ['PROJECT_STATUS_DISABLE', ['PROJECT_STATUS_BUDGET_EXCEED']];
  if (s === 'not_started') return ['PROJECT_STATUS_DISABLE', ['PROJECT_STATUS_NOT_START']];
  return ['PROJECT_STATUS_ENABLE', []];
}
/** status_first / status_second of a promotion (model_promotion_list_v3_0_data_list_status_{first,second}.go). */
const PROMOTION_SECOND: Partial<Record<WorldState, string>> = {
  paused: 'DISABLED',
  plan_paused: 'DISABLED',
  campaign_paused: 'PROJECT_DISABLED',
  auditing: 'AUDIT',
  reauditing: 'REAUDIT',
  rejected: 'AUDIT_DENY',
  balance_exceed: 'OFFLINE_BALANCE',
  budget_exceed: 'PROMOTION_OFFLINE_BUDGET',
  campaign_budget_exceed: 'PROJECT_OFFLINE_BUDGET',
  not_started: 'TIME_NO_REACH',
};
function promotionStatus(s: WorldState): [string, string[]] {
  if (s === 'deleted') return ['PROMOTION_STATUS_DELETED', []];
  if (s === 'done') return ['PROMOTION_STATUS_DONE', []];
  const second = PROMOTION_SECOND[s];
  return second ? ['PROMOTION_STATUS_DISABLE', [second]] : ['PROMOTION_STATUS_ENABLE', []];
}

export function juliangV3(ctx: PlatformContext, app: Hono, authed: Authed): void {
  const { world } = ctx;
  const opt = (e: Entity) => (e.enabled ? 'ENABLE' : 'DISABLE');

  const project = (e: Entity) => {
    const [first, second] = projectStatus(world.state(e));
    const monitored = world
      .list(p, 'plan', e.advertiserId, { parentId: e.id, offset: 0, limit: 50 })
      .rows.find((x) => x.clickUrl || x.showUrl);
    return {
      project_id: wireId(e.id),
      advertiser_id: wireId(e.advertiserId),
      name: e.name,
      landing_type: 'LINK',
      status: second[0] ?? first,
      status_first: first,
      status_second: second,
      opt_status: opt(e),
      delivery_setting: { budget: yuan(e.budgetFen), budget_mode: e.budgetFen ? 'BUDGET_MODE_DAY' : 'BUDGET_MODE_INFINITE' },
      track_url_setting: {
        track_url: monitored?.showUrl ? [monitored.showUrl] : [],
        action_track_url: monitored?.clickUrl ? [monitored.clickUrl] : [],
        send_type: 'SERVER_SEND',
      },
      project_create_time: stamp(e.createdAt),
      project_modify_time: stamp(e.updatedAt),
    };
  };
  const promotion = (e: Entity) => {
    const [first, second] = promotionStatus(world.state(e));
    return {
      promotion_id: wireId(e.id),
      project_id: wireId(e.campaignId),
      advertiser_id: wireId(e.advertiserId),
      promotion_name: e.name,
      status: second[0] ?? 'OK',
      status_first: first,
      status_second: second,
      opt_status: opt(e),
      budget: yuan(e.budgetFen),
      budget_mode: 'BUDGET_MODE_DAY',
      bid: yuan(e.bidFen),
      cpa_bid: 0,
      promotion_materials: { external_url_material_list: e.landingUrl ? [e.landingUrl] : [] },
      promotion_create_time: stamp(e.createdAt),
      promotion_modify_time: stamp(e.updatedAt),
    };
  };

  const listRoute = (path: string, level: 'campaign' | 'plan') =>
    app.get(path, (c) => {
      const q = c.req.query();
      const adv = idField(q.advertiser_id);
      if (!adv) return envelope(c, C.badParam, 'advertiser_id 必填');
      const a = authed(c, adv);
      if (a instanceof Response) return a;
      const page = intParam(q.page, 1);
      const size = intParam(q.page_size, 10);
      if (page === null || page < 1) return envelope(c, C.badParam, 'page 必须大于 0');
      if (size === null || size < 1 || size > 10) return envelope(c, C.badParam, 'page_size 取值范围 1-10');
      const filtering = jsonParam(q.filtering) as Record<string, unknown> | null | undefined;
      if (filtering === null) return envelope(c, C.badParam, 'filtering 不是合法的 JSON');
      const ids = filtering?.ids === undefined ? undefined : idList(filtering.ids);
      if (ids === null) return envelope(c, C.badParam, 'filtering.ids 必须是数字 ID 数组');
      const parent = level === 'plan' && filtering?.project_id !== undefined ? String(filtering.project_id) : undefined;
      const { rows, total } = isV3(world, adv)
        ? world.list(p, level, adv, { ids, parentId: parent, offset: (page - 1) * size, limit: size })
        : { rows: [], total: 0 };
      return ok(c, {
        list: rows.map((e): Record<string, unknown> => (level === 'campaign' ? project(e) : promotion(e))),
        page_info: { page, page_size: size, total_number: total, total_page: Math.ceil(total / size) },
      });
    });
  listRoute('/open_api/v3.0/project/list/', 'campaign');
  listRoute('/open_api/v3.0/promotion/list/', 'plan');

  app.get('/open_api/v3.0/report/custom/get/', (c) => {
    const q = c.req.query();
    const adv = idField(q.advertiser_id);
    if (!adv) return envelope(c, C.badParam, 'advertiser_id 必填');
    const a = authed(c, adv);
    if (a instanceof Response) return a;
    const dims = jsonParam(q.dimensions);
    const metrics = jsonParam(q.metrics);
    if (!Array.isArray(dims) || !Array.isArray(metrics) || !Array.isArray(jsonParam(q.filters)) || !Array.isArray(jsonParam(q.order_by)))
      return envelope(c, C.badParam, 'dimensions、metrics、filters、order_by 必填，且为 JSON 数组');
    const from = parseChinaTime(q.start_time ?? '');
    const to = parseChinaTime(q.end_time ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(q.start_time ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(q.end_time ?? '') || to < from)
      return envelope(c, C.badParam, 'start_time / end_time 格式为 YYYY-MM-DD');
    if (to - from > 29 * 86400) return envelope(c, C.badParam, '时间跨度不能超过 30 天');
    const page = intParam(q.page, 1);
    const size = intParam(q.page_size, 20);
    if (page === null || page < 1 || size === null || size < 1 || size > 1000) return envelope(c, C.badParam, 'page_size 取值范围 1-1000');
    const hourly = dims.includes('stat_time_hour');
    const merged = new Map<
      string,
      { time: string; plan: string; campaign: string; cost: number; show: number; click: number; convert: number }
    >();
    for (const r of isV3(world, adv) ? world.report(p, adv, from, to + 86399) : []) {
      const time = hourly ? stamp(r.hour) : chinaDay(r.hour);
      const key = `${time}|${r.planId}`;
      const m = merged.get(key) ?? { time, plan: r.planId, campaign: r.campaignId, cost: 0, show: 0, click: 0, convert: 0 };
      m.cost += r.costFen;
      m.show += r.shows;
      m.click += r.clicks;
      m.convert += r.conversions;
      merged.set(key, m);
    }
    const all = [...merged.values()];
    const values = (m: { cost: number; show: number; click: number; convert: number }) => ({
      stat_cost: (m.cost / 100).toFixed(2),
      show_cnt: String(m.show),
      click_cnt: String(m.click),
      convert_cnt: String(m.convert),
    });
    const sum = all.reduce(
      (t, m) => ({ cost: t.cost + m.cost, show: t.show + m.show, click: t.click + m.click, convert: t.convert + m.convert }),
      {
        cost: 0,
        show: 0,
        click: 0,
        convert: 0,
      },
    );
    return ok(c, {
      rows: pageOf(all, page, size).map((m) => ({
        dimensions: { [hourly ? 'stat_time_hour' : 'stat_time_day']: m.time, cdp_project_id: m.campaign, cdp_promotion_id: m.plan },
        metrics: values(m),
      })),
      total_metrics: values(sum),
      page_info: { page, page_size: size, total_number: all.length, total_page: Math.ceil(all.length / size) },
    });
  });

  /** `POST v3.0/<entity>/<what>/update/ {advertiser_id, data: [{<entity>_id, …}]}` → `{<entity>_ids, errors}`. */
  const change = (path: string, level: 'campaign' | 'plan', apply: (e: Entity, item: Record<string, unknown>) => string | null) =>
    app.post(path, async (c) => {
      const b = await readObject(c);
      const adv = idField(b?.advertiser_id);
      const data = Array.isArray(b?.data) ? (b.data as Array<Record<string, unknown>>) : null;
      if (!adv || !data || !data.length || data.length > 100) return envelope(c, C.badParam, 'advertiser_id 与 data（1-100 项）必填');
      const a = authed(c, adv);
      if (a instanceof Response) return a;
      const key = level === 'campaign' ? 'project_id' : 'promotion_id';
      const okIds: unknown[] = [];
      const errors: Array<Record<string, unknown>> = [];
      for (const item of data) {
        const id = idField(item[key]);
        const e = id ? world.entity(p, level, id) : undefined;
        const problem = !id || !e || e.advertiserId !== adv || e.deleted || !isV3(world, adv) ? `${key} 不存在` : apply(e, item);
        if (problem) errors.push({ [key]: id ? wireId(id) : 0, error_message: problem });
        else okIds.push(wireId(id));
      }
      return ok(c, { [`${key}s`]: okIds, errors });
    });
  const status = (e: Entity, item: Record<string, unknown>) => {
    if (item.opt_status !== 'ENABLE' && item.opt_status !== 'DISABLE') return 'opt_status 取值为 ENABLE / DISABLE';
    world.update(p, e.level, e.id, { enabled: item.opt_status === 'ENABLE' });
    return null;
  };
  const yuanToFen = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v) && Math.round(v * 100) === v * 100 ? Math.round(v * 100) : null;
  change('/open_api/v3.0/project/status/update/', 'campaign', status);
  change('/open_api/v3.0/promotion/status/update/', 'plan', status);
  change('/open_api/v3.0/project/budget/update/', 'campaign', (e, item) => {
    if (item.budget_mode === 'BUDGET_MODE_INFINITE') return (world.update(p, 'campaign', e.id, { budgetFen: null }), null);
    const fen = yuanToFen(item.budget);
    if (item.budget_mode !== 'BUDGET_MODE_DAY' || fen === null || fen < 30000)
      return '预算格式错误：日预算不低于 300 元，单位元，最多两位小数';
    world.update(p, 'campaign', e.id, { budgetFen: fen });
    return null;
  });
  change('/open_api/v3.0/promotion/budget/update/', 'plan', (e, item) => {
    const fen = yuanToFen(item.budget);
    if (!item.budget_mode) return 'budget_mode 必填（预算类型不支持修改）';
    if (fen === null || fen < 30000) return '预算格式错误：不低于 300 元，单位元，最多两位小数';
    world.update(p, 'plan', e.id, { budgetFen: fen });
    return null;
  });
  change('/open_api/v3.0/promotion/bid/update/', 'plan', (e, item) => {
    const fen = yuanToFen(item.bid);
    if (fen === null || fen <= 0) return '出价必须大于 0，单位元，最多两位小数';
    world.update(p, 'plan', e.id, { bidFen: fen });
    return null;
  });
}
