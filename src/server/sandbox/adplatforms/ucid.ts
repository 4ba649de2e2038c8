/**
 * UC 汇川 (ucid) API, as the sandbox speaks it (fixtures: tests/fixtures/platforms/ucid/): no OAuth — every call is
 * `POST /api/<service>/<method>` with `{header: {username, password, token[, target]}, body: {…}}` and answers
 * `{header: {desc, status, quota, left_quota[, failures]}, body}` (status 0 = success; disv5/opensdk). 推广组 (adgroup)
 * → 推广计划 (campaign) → 创意 are our campaign → plan → creative; plans come grouped,
 * `{adGroupCampaigns: [{adGroupId, campaignTypes: [{id, name, paused, state, budget, bids, objectives}]}]}`, with the
 * plan status codes of spec §4 in `state` (14 投放中, 4 未投放, 16 已终止, 12 已完成, -1 已删除); money as yuan
 * strings. Reports are asynchronous: `report/campaign` → an int64 `taskId` (19 digits here, so a client that rounds
 * it loses its report) → `report/getFile` until ready → `report/downloadFile` returns CSV (octet-stream; empty while
 * not ready). Not in the public sources, the sandbox's own table (`UC_FACTS`, mirrored by the connector's
 * `ucid/table.ts`): the report's time unit and columns, the failure codes, the adgroup and creative answers' shapes.
 */

import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { chinaDay, chinaHour, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { readObject, sendJson } from './kit.ts';
import { idList, wireId, yuan } from './paging.ts';
import type { Level } from './profiles.ts';
import type { Advertiser, Entity, WorldState } from './world.ts';

export const UC_FACTS = {
  codes: { badAuth: 8101, badToken: 8102, badParam: 8201, noEntity: 8202, quota: 8904, system: 9001 },
  /** report unitOfTime values (modelled on Baidu 凤巢 v4: 5 day, 7 hour). */
  unitOfTime: { day: 5, hour: 7 },
  csvColumns: ['date', 'hour', 'adGroupId', 'campaignId', 'impression', 'click', 'cost', 'conversion'],
  quotaPerDay: 50_000,
} as const;
const C = UC_FACTS.codes;

const answer = (c: Context, status: number, body: unknown, failures: Array<{ code: number; message: string }> = []) =>
  sendJson(c, {
    header: {
      desc: status === 0 ? 'success' : 'failure',
      status,
      quota: UC_FACTS.quotaPerDay,
      left_quota: UC_FACTS.quotaPerDay - 1,
      ...(failures.length ? { failures } : {}),
    },
    body,
  });
const fail = (c: Context, code: number, message: string) => answer(c, 2, {}, [{ code, message }]);
export const ucidRateLimited = (c: Context) =>
  sendJson(c, {
    header: {
      desc: 'failure',
      status: 2,
      quota: UC_FACTS.quotaPerDay,
      left_quota: 0,
      failures: [{ code: C.quota, message: '今日配额已用完，请稍后再试' }],
    },
    body: {},
  });

/** 推广计划 status (spec §4): 14 投放中, 4 未投放, 16 已终止, 12 已完成, -1 已删除. */
export const UC_PLAN_STATUS = (s: WorldState): number =>
  s === 'delivering' ? 14 : s === 'deleted' ? -1 : s === 'done' ? 12 : s === 'rejected' ? 16 : 4;

export function ucidApp(ctx: PlatformContext, app: Hono): void {
  const { world } = ctx;
  const p = 'ucid';
  type Env = { Variables: { account: Advertiser; body: Record<string, unknown> } };
  const api = new Hono<Env>();
  api.use(async (c, next) => {
    const b = await readObject(c);
    const h = b?.header as Record<string, unknown> | undefined;
    if (!h || typeof h.username !== 'string' || typeof h.password !== 'string')
      return fail(c, C.badAuth, 'header 须包含 username、password、token');
    const account = world.advertisers(p).find((a) => a.username === h.username);
    if (!account || account.password !== h.password) return fail(c, C.badAuth, '用户名或密码错误');
    if (account.apiToken !== h.token) return fail(c, C.badToken, 'token 无效');
    c.set('account', account);
    c.set('body', (b?.body as Record<string, unknown> | undefined) ?? {});
    return next();
  });
  const own = (c: Context<Env>, level: Level, ids: string[]): Entity[] | null => {
    const es = ids.map((id) => world.entity(p, level, id));
    return es.every((e) => e && e.advertiserId === c.get('account').id && !e.deleted) ? (es as Entity[]) : null;
  };
  const all = (adv: string, level: Level) => world.list(p, level, adv, { offset: 0, limit: 100_000 }).rows;

  api.post('/account/getAccount', (c) => {
    const a = c.get('account');
    return answer(c, 0, {
      accountInfoType: {
        accountId: wireId(`3${a.id}`),
        userId: wireId(a.id),
        userName: a.name,
        companyName: a.name,
        siteName: a.name,
        siteUrl: '',
        industry1: '',
        industry2: '',
        auditState: 1,
        balance: yuan(a.balanceFen).toFixed(2),
        budget: '0',
        financeState: 1,
        deliveryMode: [1],
        minPrice: 0,
        payAmount: '0',
      },
    });
  });

  const money = (fen: number | null | undefined) => yuan(fen).toFixed(2);
  const group = (e: Entity) => ({ id: wireId(e.id), name: e.name, paused: !e.enabled, objectiveType: 1, budget: money(e.budgetFen) });
  const plan = (e: Entity) => ({
    index: 0,
    type: 1,
    paused: !e.enabled,
    state: UC_PLAN_STATUS(world.state(e)),
    id: wireId(e.id),
    adGroupId: wireId(e.campaignId),
    name: e.name,
    optTarget: 1,
    delivery: 1,
    objectives: [
      {
        targetUrl: e.landingUrl ?? '',
        schemeUrl: '',
        siteId: 0,
        convertType: 0,
        adConvertId: 0,
        deepConvertType: 0,
        admFixedUlk: '',
        groupTargetUrl: [],
      },
    ],
    trackArgs: '',
    targetings: [],
    budget: money(e.budgetFen),
    schedule: {
      startDate: e.startAt,
      endDate: e.endAt,
      monday: '',
      tuesday: '',
      wednesday: '',
      thursday: '',
      friday: '',
      saturday: '',
      sunday: '',
    },
    chargeType: 1,
    bids: [
      {
        bid: money(e.bidFen),
        optBid: '0',
        bidStage: 1,
        deepBid: '0',
        deepConvertStrategy: 0,
        skipFirstStage: 0,
        roiTarget: '0',
        roiWindow: 0,
      },
    ],
    refuseReason: world.state(e) === 'rejected' ? '落地页不符合规范' : '',
    anxtStatus: 0,
    enableAnxt: false,
    deliveryMode: 1,
    componentFlag: 0,
    negativeWords: [],
    exactNegativeWords: [],
    exactRatio: '0',
    phraseRatio: '0',
    abroadRatio: '0',
  });
  const creative = (e: Entity) => ({
    id: wireId(e.id),
    campaignId: wireId(e.planId),
    title: e.name,
    paused: !e.enabled,
    state: world.state(e) === 'auditing' ? 1 : world.state(e) === 'rejected' ? 3 : e.enabled ? 0 : 2,
  });

  api.post('/adgroup/getAllAdGroup', (c) => answer(c, 0, { adGroupTypes: all(c.get('account').id, 'campaign').map(group) }));
  api.post('/adgroup/getAllAdGroupID', (c) => answer(c, 0, { adGroupIds: all(c.get('account').id, 'campaign').map((e) => wireId(e.id)) }));
  /** Children grouped under each asked parent: `{[out]: [{[parentKey]: id, [itemsKey]: [...]}]}`. */
  const byParent = (
    path: string,
    key: string,
    parentLevel: Level,
    level: Level,
    out: string,
    parentKey: string,
    itemsKey: string,
    render: (e: Entity) => unknown,
  ) =>
    api.post(path, (c) => {
      const ids = idList(c.get('body')[key]);
      if (!ids || !ids.length || ids.length > 100) return fail(c, C.badParam, `${key} 必填，最多 100 个`);
      if (!own(c, parentLevel, ids)) return fail(c, C.noEntity, `${key} 中有不存在的 ID`);
      const children = all(c.get('account').id, level);
      const parentOf = (e: Entity) => String(level === 'plan' ? e.campaignId : e.planId);
      return answer(c, 0, {
        [out]: ids.map((id) => ({ [parentKey]: wireId(id), [itemsKey]: children.filter((e) => parentOf(e) === id).map(render) })),
      });
    });
  byParent('/campaign/getCampaignByAdGroupId', 'adGroupIds', 'campaign', 'plan', 'adGroupCampaigns', 'adGroupId', 'campaignTypes', plan);
  byParent(
    '/creative/getCreativeByCampaignId',
    'campaignIds',
    'plan',
    'creative',
    'campaignCreatives',
    'campaignId',
    'creativeTypes',
    creative,
  );

  const paused = (path: string, key: string, level: Level) =>
    api.post(path, (c) => {
      const b = c.get('body');
      const ids = idList(b[key]);
      if (!ids || !ids.length || ids.length > 100 || typeof b.paused !== 'boolean')
        return fail(c, C.badParam, `${key}（最多 100 个）与 paused 必填`);
      if (!own(c, level, ids)) return fail(c, C.noEntity, `${key} 中有不存在的 ID`);
      for (const id of ids) world.update(p, level, id, { enabled: !b.paused });
      return answer(c, 0, { [key]: ids.map((id) => wireId(id)) });
    });
  paused('/adgroup/paused/update', 'adGroupIds', 'campaign');
  paused('/campaign/paused/update', 'campaignIds', 'plan');
  paused('/creative/paused/update', 'creativeIds', 'creative');

  api.post('/campaign/budget/update', (c) => {
    const b = c.get('body');
    const ids = idList(b.campaignIds);
    if (!ids || !ids.length || typeof b.budget !== 'number' || typeof b.forceBudget !== 'boolean')
      return fail(c, C.badParam, 'campaignIds、budget（元）与 forceBudget 必填');
    const es = own(c, 'plan', ids);
    if (!es) return fail(c, C.noEntity, 'campaignIds 中有不存在的 ID');
    const fen = Math.round(b.budget * 100);
    if (fen !== 0 && fen < 5000) return fail(c, C.badParam, '预算不能低于 50 元（0 表示不限）');
    const over = b.forceBudget ? undefined : es.find((e) => fen !== 0 && fen <= world.spendTodayFen(p, 'plan', e.id));
    if (over) return fail(c, C.badParam, `推广计划 ${over.id} 今日已消费超过新预算`);
    for (const e of es) world.update(p, 'plan', e.id, { budgetFen: fen || null });
    return answer(c, 0, { campaignIds: ids.map((id) => wireId(id)) });
  });
  api.post('/campaign/bid/update', (c) => {
    const b = c.get('body');
    const ids = idList(b.campaignIds);
    if (!ids || !ids.length || typeof b.bid !== 'number' || b.bid <= 0) return fail(c, C.badParam, 'campaignIds 与 bid（元，大于 0）必填');
    if (!own(c, 'plan', ids)) return fail(c, C.noEntity, 'campaignIds 中有不存在的 ID');
    for (const id of ids) world.update(p, 'plan', id, { bidFen: Math.round(b.bid * 100) });
    return answer(c, 0, { campaignIds: ids.map((id) => wireId(id)) });
  });

  api.post('/report/campaign', (c) => {
    const b = c.get('body');
    const from = parseChinaTime(String(b.startDate ?? ''));
    const to = parseChinaTime(String(b.endDate ?? ''));
    if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 30 * 86400)
      return fail(c, C.badParam, 'startDate / endDate 须为 yyyy-MM-dd，跨度不超过 31 天');
    if (b.unitOfTime !== UC_FACTS.unitOfTime.hour && b.unitOfTime !== UC_FACTS.unitOfTime.day)
      return fail(c, C.badParam, 'unitOfTime 取值错误');
    if (!Array.isArray(b.performanceData) || !b.performanceData.length) return fail(c, C.badParam, 'performanceData 必填');
    // an int64 beyond 2^53 (19 digits): a client that reads it as a double asks for another task
    const taskId = `8${BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 17n}`.padEnd(19, '7');
    world.store.run(
      'INSERT INTO report_tasks (platform, task_id, advertiser_id, spec, ready_at) VALUES (?, ?, ?, ?, ?)',
      p,
      taskId,
      c.get('account').id,
      JSON.stringify({ from, to, hourly: b.unitOfTime === UC_FACTS.unitOfTime.hour }),
      1,
    );
    return answer(c, 0, { taskId: wireId(taskId) });
  });
  /** A task becomes ready on the poll after the first (so clients really poll). `taskId` must be a bare integer, as the SDKs send it. */
  const task = async (c: Context<Env>) => {
    if (!/"taskId"\s*:\s*\d/.test(await c.req.text())) return undefined;
    return world.store.get<{ spec: string; ready_at: number }>(
      'SELECT spec, ready_at FROM report_tasks WHERE platform = ? AND task_id = ? AND advertiser_id = ?',
      p,
      String(c.get('body').taskId ?? ''),
      c.get('account').id,
    );
  };
  api.post('/report/getFile', async (c) => {
    const t = await task(c);
    if (!t) return fail(c, C.noEntity, 'taskId 不存在（须为整数）');
    const ready = t.ready_at <= 0;
    if (!ready)
      world.store.run(
        'UPDATE report_tasks SET ready_at = ready_at - 1 WHERE platform = ? AND task_id = ?',
        p,
        String(c.get('body').taskId),
      );
    return answer(c, 0, { reportFileType: { taskId: wireId(String(c.get('body').taskId)), ready } });
  });
  api.post('/report/downloadFile', async (c) => {
    const t = await task(c);
    // not ready or unknown: an empty file, as the SDK sees it (CloudyCity DownloadFileException)
    if (!t || t.ready_at > 0) return c.body('', 200, { 'content-type': 'application/octet-stream' });
    const spec = JSON.parse(t.spec) as { from: number; to: number; hourly: boolean };
    const rows = new Map<string, [number, number, number, number]>();
    const key: Array<[string, string, string, string]> = [];
    for (const r of world.report(p, c.get('account').id, spec.from, spec.to + 86399)) {
      const k = [chinaDay(r.hour), spec.hourly ? String(chinaHour(r.hour)) : '', r.campaignId, r.planId] as [
        string,
        string,
        string,
        string,
      ];
      const id = k.join('|');
      let v = rows.get(id);
      if (!v) {
        v = [0, 0, 0, 0];
        rows.set(id, v);
        key.push(k);
      }
      v[0] += r.shows;
      v[1] += r.clicks;
      v[2] += r.costFen;
      v[3] += r.conversions;
    }
    const lines = [
      UC_FACTS.csvColumns.join(','),
      ...key.map((k) => {
        const v = rows.get(k.join('|')) ?? [0, 0, 0, 0];
        return [...k, v[0], v[1], (v[2] / 100).toFixed(2), v[3]].join(',');
      }),
    ];
    return c.body(`${lines.join('\n')}\n`, 200, { 'content-type': 'application/octet-stream' });
  });
  app.route('/api', api);

  /** The `{CALLBACK_URL}` the plan's clicks carried: GET with `type` and `event_time` (ms) appended. */
  app.get('/callback/appapi', (c) => {
    const q = c.req.query();
    const click = world.click(p, { clickId: q.click_id ?? '' });
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, q), sendJson(c, { status: 1, desc: msg }));
    if (!click) return reject('click_id 无效');
    if (!/^\d+$/.test(q.type ?? '')) return reject('type 必填');
    const t = Number(q.event_time);
    if (!Number.isInteger(t) || t < 1e12) return reject('event_time 须为毫秒时间戳');
    world.recordConversion(p, true, '', click.planId, q);
    return sendJson(c, { status: 0, desc: 'success' });
  });
}
