import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { type Context, Hono } from 'hono';
import { seeded } from '../seed.ts';
import { adminRoutes } from './admin.ts';
import { itemFacts } from './catalog.ts';
import { injected, type SandboxContext } from './context.ts';
import { clientIp, pageRoutes } from './pages.ts';
import type { DrivingPlan } from './plan-history.ts';
import { type ClickRow, type LinkRow, type OrderRow, row, rows } from './store.ts';
import { jsonParam, readParams, type TopErrorBody, topError, topOk, verifyTop } from './top-gateway.ts';
import { LANDING_CLICK_PARAM, landingQuery, macroValue, monitorQuery, UD_CHANNEL_IDS, type UdChannel } from './ud-channels.ts';
import { statusAt, type UnionHooks } from './world.ts';

/**
 * 阿里妈妈 UD sandbox (`/sandbox/ud/`): the TOP gateway with `alibaba.taobao.ud.smart.monitor.url.create`,
 * `alibaba.taobao.ud.smart.order.detail.pull` (cursor paging, one China day per query) and `alibaba.ud.udsmartdata.get`
 * (postbacks recorded, refused with result "-1" / "-2"); the URLs it issues: click monitor `/cm/{id}` (the ad
 * platform's server ping: asynchronous click id), show monitor `/pv/{id}`, landing `/c/{id}` (the shopper:
 * synchronous click id, then the item page or the customer's H5 page).
 * A landing click is tied to the click-monitor ping of the same monitor with the same request id within the 10
 * minutes before it (or, without a request id, the latest ping from the same IP); its order then carries both click
 * ids. With attribution_type 3 a ping alone can also bring an order (2 %), carrying only the asynchronous id.
 */
const METHODS = [
  'alibaba.taobao.ud.smart.monitor.url.create',
  'alibaba.taobao.ud.smart.order.detail.pull',
  'alibaba.ud.udsmartdata.get',
] as const;
const invalid = (msg: string): TopErrorBody => ({ code: 41, msg: 'Invalid arguments', sub_code: 'isv.invalid-parameter', sub_msg: msg });
const missing = (name: string): TopErrorBody => ({ code: 40, msg: `Missing required arguments:${name}` });
const fail = (error_code: string, error_msg: string) => ({
  success: false,
  error_code,
  error_msg,
  result: { order_detail_cursor_top_d_t_o: [] },
  cursor_id: '',
});
const parseJson = (s: string) => JSON.parse(s) as Record<string, string>;

function landingClickId(channel: UdChannel, p: Record<string, string>): string {
  for (const k of LANDING_CLICK_PARAM[channel]) if (macroValue(p[k])) return macroValue(p[k]);
  return '';
}

const AD_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'adgroup_id',
  'creative_id',
  'project_id',
  'promotion_id',
  'mid1',
  'mid2',
  'mid3',
  'c_site',
  'c_type',
] as const;

/** A back-filled click's ids without an ad world: the click ids alone (UD's order then carries no ad ids). */
function clickIdsOnly(link: LinkRow, seed: string): Record<string, string> {
  const t = parseJson(link.tracking);
  const r = seeded(`ud-history:${seed}`);
  const p: Record<string, string> = { click_id: `hc${r.token(20)}`, request_id: `hr${r.token(16)}` };
  p[LANDING_CLICK_PARAM[t.channel_id as UdChannel]?.[0] ?? 'clickid'] = `hl${r.token(20)}`;
  return p;
}

/** The UD extras of an order: click ids of the landing click and its monitor ping, and the ad ids they carried. */
export function udHooks(db: DatabaseSync): UnionHooks {
  return {
    orderExtra(click: ClickRow, link: LinkRow) {
      const t = parseJson(link.tracking);
      const channel = t.channel_id as UdChannel;
      const p = parseJson(click.params);
      const maximise = t.attribution_type === '3';
      let syn = { id: '', req: '' };
      let asyn = { id: '', req: '' };
      let ping: Record<string, string> = {};
      if (click.kind === 'monitor') {
        asyn = { id: macroValue(p.click_id), req: macroValue(p.request_id) };
      } else if (click.kind === 'history') {
        syn = { id: landingClickId(channel, p), req: macroValue(p.request_id) };
        if (maximise) asyn = { id: macroValue(p.click_id), req: macroValue(p.request_id) };
      } else {
        syn = { id: landingClickId(channel, p), req: macroValue(p.request_id) };
        const pings = rows<ClickRow>(
          db,
          "SELECT * FROM clicks WHERE link_token = ? AND kind = 'monitor' AND at BETWEEN ? AND ? ORDER BY rowid DESC LIMIT 200",
          link.token,
          click.at - 600,
          click.at,
        );
        const match = syn.req
          ? pings.find((x) => macroValue(parseJson(x.params).request_id) === syn.req)
          : pings.find((x) => x.ip !== '' && x.ip === click.ip);
        if (match) {
          ping = parseJson(match.params);
          if (maximise) asyn = { id: macroValue(ping.click_id), req: macroValue(ping.request_id) };
        }
      }
      const ad = Object.fromEntries(AD_FIELDS.map((k) => [k, macroValue(p[k]) || macroValue(ping[k])]));
      return {
        ...ad,
        syn_click_id: syn.id,
        syn_request_id: syn.req,
        asyn_click_id: asyn.id,
        asyn_request_id: asyn.req,
        is_attr_by_others: seeded(`others:${click.id}`).next() < 0.05 ? '1' : '0',
      };
    },
    historyParams: clickIdsOnly,
    planParams(link: LinkRow, plan: DrivingPlan, seed: string) {
      // a click the plan delivered: its advertiser, campaign (巨量 2.0: project), plan (promotion) and creative ids
      const t = parseJson(link.tracking);
      const p = clickIdsOnly(link, `plan:${seed}`);
      const creative = plan.creativeIds.length ? plan.creativeIds[seeded(`ud-creative:${seed}`).int(0, plan.creativeIds.length - 1)]! : '';
      const ids: Record<string, string> =
        t.channel_id === '1'
          ? { project_id: plan.campaignId, promotion_id: plan.planId }
          : { campaign_id: plan.campaignId, adgroup_id: plan.planId };
      return { ...p, advertiser_id: plan.advertiserId, ...ids, creative_id: creative };
    },
  };
}

/** UD sends ids as JSON numbers; 巨量's 19-digit ids stay exact as BigInt (0 when absent or not digits). */
const idNumber = (v: string | undefined): bigint => (v && /^\d{1,20}$/.test(v) ? BigInt(v) : 0n);

const when = (v: number | null, at: number) =>
  v !== null && v <= at ? new Date((v + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ') : '';

export function udRow(o: OrderRow, link: LinkRow, base: string, at: number): Record<string, unknown> {
  const item = itemFacts('ud', o.item_id);
  const t = parseJson(link.tracking);
  const x = parseJson(o.extra);
  const s = statusAt(o, at);
  const depositPaid = o.deposit_at !== null && o.deposit_at <= at;
  const code = { unpaid: 1, deposit_paid: 4, paid: 2, confirmed: 5, settled: 5, refunded: 3, closed: depositPaid ? 4 : 1 }[s];
  const paid = code === 4 ? o.deposit : code === 1 ? 0 : o.total;
  const pro = t.prod_type === '2';
  return {
    seller_id: Number(item.shopId),
    seller_nick: item.shopName,
    brand_id: 100 + (Number(item.shopId) % 900),
    shop_name: item.shopName,
    order_id: BigInt(o.parent_id),
    sub_order_id: BigInt(o.id),
    item_id: Number(o.item_id),
    item_name: item.title,
    pay_item_id: Number(o.item_id),
    pay_item_name: item.title,
    order_status: code,
    order_create_time: when(o.created_at, at),
    order_pay_time: code === 4 ? when(o.deposit_at, at) : when(o.paid_at, at),
    order_refund_time: when(o.refunded_at, at),
    pay_fee: o.total,
    due_pay_fee: o.total,
    actual_pay_fee: paid,
    order_refund_fee: s === 'refunded' ? o.total : 0,
    presale_deposit_fee: o.deposit,
    remaining_payment_fee: o.deposit > 0 && code === 4 ? o.total - o.deposit : 0,
    buy_amount: o.item_num,
    is_ad_order: 1,
    is_attr_by_others: Number(x.is_attr_by_others ?? 0),
    channel_id: Number(t.channel_id),
    click_time: when(o.clicked_at, at),
    advertiser_id: idNumber(x.advertiser_id),
    campaign_id: idNumber(x.campaign_id),
    adgroup_id: idNumber(x.adgroup_id),
    creative_id: idNumber(x.creative_id),
    project_id: idNumber(x.project_id),
    promotion_id: idNumber(x.promotion_id),
    mid1: x.mid1 ?? '',
    mid2: x.mid2 ?? '',
    mid3: x.mid3 ?? '',
    syn_click_id: x.syn_click_id ?? '',
    syn_request_id: x.syn_request_id ?? '',
    asyn_click_id: x.asyn_click_id ?? '',
    asyn_request_id: x.asyn_request_id ?? '',
    monitor_unique_id: t.monitor_unique_id,
    commission_rate: pro ? (o.commission_bp / 100).toFixed(2) : '0',
    commission_fee: pro ? Math.round((paid * o.commission_bp) / 10_000) : 0,
    item_pic_url: `${base}/img/${o.item_id}.svg`,
    c_site: x.c_site ?? '',
    c_type: x.c_type ?? '',
    b_vid: '',
  };
}

/** "yyyy-MM-dd HH:mm:ss[.SSS]" GMT+8 → epoch ms. */
function parseUdTime(s: unknown): number | null {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(s) : null;
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, Number((m[7] ?? '0').padEnd(3, '0'))) - 8 * 3600_000;
}
const chinaDay = (ms: number) => Math.floor((ms + 8 * 3600_000) / 86400_000);

export function udSandbox(ctx: SandboxContext, pageSize = 100): Hono {
  const app = new Hono();
  const { world } = ctx;
  const keys = ctx.keys.ud;
  const base = () => ctx.base('ud');

  function monitorCreate(p: Record<string, string>): TopErrorBody | Record<string, unknown> {
    const dto = jsonParam(p, 'monitor_url_top_request_dto');
    if (dto === undefined) return missing('monitor_url_top_request_dto');
    if (!dto || typeof dto !== 'object') return invalid('monitor_url_top_request_dto 应为 JSON 对象');
    const d = dto as Record<string, unknown>;
    const itemId = String(d.item_id ?? '');
    const channel = String(d.channel_id ?? '') as UdChannel;
    const pageType = Number(d.page_type);
    const prodType = d.prod_type === undefined ? 1 : Number(d.prod_type);
    const attribution = d.attribution_type === undefined ? 1 : Number(d.attribution_type);
    if (!/^\d{4,20}$/.test(itemId)) return invalid('item_id 必填，应为商品 ID');
    if (!UD_CHANNEL_IDS.includes(channel)) return invalid('channel_id 取值 1、104、105、108、109、140、102');
    if (pageType !== 1 && pageType !== 2) return invalid('page_type 取值 1 商品详情页、2 自研页');
    if (prodType !== 1 && prodType !== 2) return invalid('prod_type 取值 1 udsmart、2 流量通Pro');
    if (channel === '140' && prodType !== 2) return invalid('小红书（140）仅支持 prod_type=2');
    if (attribution !== 1 && attribution !== 3) return invalid('attribution_type 取值 1 或 3');
    const h5 = String(d.cus_h5_url ?? '');
    if (pageType === 2 && (!/^https?:\/\//.test(h5) || !/^https?:\/\//.test(String(d.cus_deep_link ?? ''))))
      return invalid('自研页必须填写 cus_h5_url 和 cus_deep_link（http/https 链接）');
    let muid = String(d.monitor_unique_id ?? '');
    let link: LinkRow | undefined;
    const tracking = {
      channel_id: channel,
      page_type: String(pageType),
      prod_type: String(prodType),
      attribution_type: channel === '140' ? '1' : String(attribution),
      cus_h5_url: pageType === 2 ? h5 : '',
      monitor_unique_id: muid,
    };
    if (muid) {
      link = row<LinkRow>(world.db, "SELECT * FROM links WHERE union_name = 'ud' AND tracking_key = ?", `ud:${muid}`);
      if (!link || link.item_id !== itemId) return invalid('monitor_unique_id 不存在或不属于该商品');
      world.db.prepare('UPDATE links SET tracking = ? WHERE token = ?').run(JSON.stringify(tracking), link.token);
    } else {
      muid = randomBytes(12).toString('hex');
      tracking.monitor_unique_id = muid;
      link = world.issueLink('ud', tracking, `ud:${muid}`, 'item', itemId, itemFacts('ud', itemId).shopId);
    }
    const click = `${base()}/c/${muid}?${landingQuery(channel)}`;
    return {
      result: {
        pv_monitor_url: `${base()}/pv/${muid}?${monitorQuery(channel)}`,
        click_monitor_url: `${base()}/cm/${muid}?${monitorQuery(channel)}`,
        click_url: click,
        deep_link: `tbopen://m.taobao.com/tbopen/index.html?h5Url=${encodeURIComponent(click)}`,
        universal_link: `${click}&ul=1`,
        monitor_unique_id: muid,
      },
    };
  }

  function orderPull(p: Record<string, string>): TopErrorBody | Record<string, unknown> {
    const dto = jsonParam(p, 'order_top_cursor_query_dto');
    if (dto === undefined) return missing('order_top_cursor_query_dto');
    if (!dto || typeof dto !== 'object') return invalid('order_top_cursor_query_dto 应为 JSON 对象');
    const d = dto as Record<string, unknown>;
    const start = parseUdTime(d.start_time);
    const end = parseUdTime(d.end_time);
    if (start === null || end === null) return fail('PARAM_ERROR', '时间格式错误，应为 yyyy-MM-dd HH:mm:ss.SSS');
    if (start > end) return fail('PARAM_ERROR', '开始时间不能晚于结束时间');
    if (chinaDay(start) !== chinaDay(end)) return fail('PARAM_ERROR', '查询开始时间和结束时间不可跨天');
    const prodType = d.prod_type === undefined ? 1 : Number(d.prod_type);
    if (prodType !== 1 && prodType !== 2) return fail('PARAM_ERROR', 'prod_type 取值 1 或 2');
    let after: { t: number; id: string } | undefined;
    if (d.cursor_id !== undefined && d.cursor_id !== '') {
      try {
        after = JSON.parse(Buffer.from(String(d.cursor_id), 'base64url').toString()) as { t: number; id: string };
        if (!Number.isInteger(after.t) || typeof after.id !== 'string') throw new Error('cursor');
      } catch {
        return fail('CURSOR_INVALID', '游标无效');
      }
    }
    const at = world.now();
    const found = world
      .ordersBy('ud', 'modified', Math.floor(start / 1000), Math.floor(end / 1000) + 1, after, 100_000)
      .map((o) => ({ o, link: world.link(o.link_token)! }))
      .filter(({ link }) => parseJson(link.tracking).prod_type === String(prodType));
    const page = found.slice(0, pageSize);
    const last = page[page.length - 1]?.o;
    return {
      success: true,
      result: { order_detail_cursor_top_d_t_o: page.map(({ o, link }) => udRow(o, link, base(), at)) },
      cursor_id: found.length > pageSize && last ? Buffer.from(JSON.stringify({ t: last.t, id: last.id })).toString('base64url') : '',
    };
  }

  function postback(p: Record<string, string>, injectedResult: string | null): TopErrorBody | Record<string, unknown> {
    const dto = jsonParam(p, 'ud_smart_service_request');
    if (dto === undefined) return missing('ud_smart_service_request');
    let result = '0';
    const d = (dto && typeof dto === 'object' ? dto : {}) as Record<string, unknown>;
    const s = (k: string) => (d[k] === undefined || d[k] === null ? '' : String(d[k]));
    if (!dto || typeof dto !== 'object') result = '-2';
    else if (
      [
        'order_id',
        'event_type',
        'purchase_amount',
        'item_count',
        'item_id',
        'event_time',
        'channel_id',
        'callback_type',
        'advertiser_id',
      ].some((k) => s(k) === '')
    )
      result = '-1';
    else if (!s('cm_click_id') && !s('ck_click_id')) result = '-1';
    else if (
      !['12', '28', '25'].includes(s('event_type')) ||
      !/^\d+$/.test(s('purchase_amount')) ||
      !/^\d+$/.test(s('item_count')) ||
      !/^\d{9,11}$/.test(s('event_time'))
    )
      result = '-2';
    if (injectedResult) result = injectedResult;
    world.db
      .prepare('INSERT INTO postbacks (union_name, at, body, result) VALUES (?, ?, ?, ?)')
      .run('ud', world.now(), p.ud_smart_service_request ?? '', result);
    return {
      data: { result, tec_agent: s('tec_agent'), app_access_token: s('app_access_token') },
      id: randomBytes(7).toString('hex'),
      status: 0,
    };
  }

  async function gateway(c: Context) {
    const p = await readParams(c);
    const err = verifyTop(p, keys, METHODS, world.now() * 1000, () => false);
    if (err) return topError(c, err);
    const f = await injected(c, ctx, 'ud', p.method!);
    if (f instanceof Response) return f;
    if (f?.kind === 'rate_limit')
      return topError(c, {
        code: 7,
        msg: 'App Call Limited',
        sub_code: 'accesscontrol.limited-by-app-access-count',
        sub_msg: '调用频率超限',
      });
    let out: TopErrorBody | Record<string, unknown>;
    if (p.method === 'alibaba.ud.udsmartdata.get') out = postback(p, f ? f.code || '-3' : null);
    else if (f)
      out =
        p.method === 'alibaba.taobao.ud.smart.order.detail.pull'
          ? fail(f.code || 'SYSTEM_ERROR', f.message || '系统繁忙')
          : { code: 50, msg: 'Remote service error', sub_code: f.code || 'isp.unknown-error', sub_msg: f.message || '系统繁忙' };
    else out = p.method === 'alibaba.taobao.ud.smart.monitor.url.create' ? monitorCreate(p) : orderPull(p);
    return 'code' in out && 'msg' in out ? topError(c, out as TopErrorBody) : topOk(c, p.method!, out);
  }

  const monitorLink = (muid: string) =>
    row<LinkRow>(world.db, "SELECT * FROM links WHERE union_name = 'ud' AND tracking_key = ?", `ud:${muid}`);
  app.post('/router/rest', gateway);
  app.get('/router/rest', gateway);
  app.get('/cm/:muid', (c) => {
    const link = monitorLink(c.req.param('muid'));
    if (!link) return c.text('unknown monitor', 404);
    const t = parseJson(link.tracking);
    world.recordClick(
      link,
      'monitor',
      c.req.query(),
      macroValue(c.req.query('ip')) || clientIp(c),
      macroValue(c.req.query('ua')) || (c.req.header('user-agent') ?? ''),
      world.now(),
      t.attribution_type === '3' ? undefined : 0,
    );
    return c.text('ok');
  });
  app.get('/pv/:muid', (c) => (monitorLink(c.req.param('muid')) ? c.text('ok') : c.text('unknown monitor', 404)));
  app.get('/c/:muid', (c) => {
    const link = monitorLink(c.req.param('muid'));
    if (!link) return c.text('链接已失效', 404);
    world.recordClick(link, 'landing', c.req.query(), clientIp(c), c.req.header('user-agent') ?? '');
    const t = parseJson(link.tracking);
    return c.redirect(t.page_type === '2' && t.cus_h5_url ? t.cus_h5_url : `${base()}/item/${link.item_id}`, 302);
  });
  app.route('/', pageRoutes('ud', base));
  app.route('/_admin', adminRoutes(world, 'ud', keys.appSecret));
  return app;
}
