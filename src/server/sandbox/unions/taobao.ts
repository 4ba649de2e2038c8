import { type Context, Hono } from 'hono';
import { adminRoutes } from './admin.ts';
import { itemFacts } from './catalog.ts';
import { injected, type SandboxContext } from './context.ts';
import { clickAndRedirect, pageRoutes } from './pages.ts';
import type { LinkRow, OrderRow } from './store.ts';
import { jsonParam, parseTopTime, readParams, refusal, type TopErrorBody, topError, topOk, verifyTop } from './top-gateway.ts';
import { modifiedAt, statusAt } from './world.ts';

/**
 * 淘宝联盟 sandbox (`/sandbox/taobao/`): the TOP gateway `/router/rest` with `taobao.tbk.item.info.get`,
 * `taobao.tbk.dg.general.link.convert`, `taobao.tbk.order.details.get` and `taobao.tbk.sc.order.details.get`
 * (session required); the promotion-link click `/s.click/t?e=…`; item pages and pictures; the admin API.
 * Orders: windows ≤ 3 h (2007; ≤ 20 min during a 大促 period set with `POST _admin/promo {from, to}`), start before
 * end (2001) and before now (2002), within 90 days (2004); page_size 1–100, page_no 1–100, pages after the first need
 * jump_type=1 (1005) and the previous page's position_index (1008). Facts: bububa/opentaobao
 * metadata/assets/patch/tbk/taobao.tbk.order.details.get.json @3a362f9 (fixture tests/fixtures/platforms/taobao/).
 */
const METHODS = [
  'taobao.tbk.item.info.get',
  'taobao.tbk.dg.general.link.convert',
  'taobao.tbk.order.details.get',
  'taobao.tbk.sc.order.details.get',
] as const;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const bpPercent = (bp: number) => (bp / 100).toFixed(2);
const invalid = (msg: string): TopErrorBody => ({ code: 41, msg: 'Invalid arguments', sub_code: 'isv.invalid-parameter', sub_msg: msg });
const missing = (name: string): TopErrorBody => ({ code: 40, msg: `Missing required arguments:${name}` });

export function tkStatus(o: OrderRow, at: number): number {
  const s = statusAt(o, at);
  return s === 'unpaid' ? 11 : s === 'deposit_paid' || s === 'paid' ? 12 : s === 'confirmed' ? 14 : s === 'settled' ? 3 : 13;
}

export function taobaoRow(o: OrderRow, link: LinkRow, base: string, at: number, publisherId: string): Record<string, unknown> {
  const item = itemFacts('taobao', o.item_id);
  const t = JSON.parse(link.tracking) as Record<string, string>;
  const status = statusAt(o, at);
  const when = (v: number | null) =>
    v !== null && v <= at ? new Date((v + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ') : '';
  const paidFull = o.paid_at !== null && o.paid_at <= at;
  const depositPaid = o.deposit_at !== null && o.deposit_at <= at;
  const paid = paidFull ? o.total : depositPaid ? o.deposit : 0;
  const settled = status === 'settled';
  const received = status === 'confirmed' || settled;
  const fee = (amount: number) => yuan(Math.round((amount * o.commission_bp) / 10_000));
  return {
    trade_id: o.id,
    trade_parent_id: o.parent_id,
    item_id: o.item_id,
    item_title: item.title,
    item_img: `${base}/img/${o.item_id}.svg`,
    item_link: `${base}/item/${o.item_id}`,
    item_num: o.item_num,
    item_price: yuan(o.unit_price),
    item_category_name: '沙箱类目',
    seller_nick: item.shopName,
    seller_shop_title: item.shopName,
    order_type: '淘宝',
    flow_source: '--',
    terminal_type: '无线',
    tk_order_role: 2,
    tk_status: tkStatus(o, at),
    refund_tag: status === 'refunded' ? 1 : 0,
    alipay_total_price: yuan(paid),
    tb_gmv_total_price: yuan(o.total),
    pay_price: received ? yuan(o.total) : '0.00',
    total_commission_rate: bpPercent(o.commission_bp),
    tk_total_rate: bpPercent(o.commission_bp),
    income_rate: bpPercent(o.commission_bp),
    pub_share_rate: '100.00',
    pub_share_pre_fee: fee(paid),
    pub_share_fee: settled ? fee(o.total) : '0',
    total_commission_fee: settled ? fee(o.total) : '0',
    tk_create_time: when(o.created_at),
    tk_paid_time: when(o.paid_at),
    tb_paid_time: when(o.paid_at),
    tk_earning_time: when(o.settled_at),
    click_time: when(o.clicked_at),
    modified_time: when(modifiedAt(o, at)),
    tk_deposit_time: when(o.deposit_at),
    tb_deposit_time: when(o.deposit_at),
    deposit_price: o.deposit > 0 ? yuan(o.deposit) : '0',
    pub_id: Number(publisherId),
    site_id: Number(t.site_id),
    adzone_id: Number(t.adzone_id),
    adzone_name: `推广位${t.adzone_id}`,
    site_name: '沙箱媒体',
    relation_id: Number(t.relation_id || 0),
    special_id: Number(t.special_id || 0),
  };
}

export function taobaoSandbox(ctx: SandboxContext): Hono {
  const app = new Hono();
  const { world } = ctx;
  const keys = ctx.keys.taobao;
  const base = () => ctx.base('taobao');
  /** A 大促 period (epoch seconds) set through the admin API: windows over 20 minutes are refused with 2007 in it. */
  let promo: { from: number; to: number } | null = null;

  function itemInfo(p: Record<string, string>): TopErrorBody | Record<string, unknown> {
    if (!p.num_iids) return missing('num_iids');
    const ids = p.num_iids.split(',').map((s) => s.trim());
    if (ids.length > 40 || ids.some((id) => !/^\d{4,20}$/.test(id))) return invalid('num_iids 应为以英文逗号分隔的商品 ID，最多 40 个');
    const results = ids.map((id) => {
      const item = itemFacts('taobao', id);
      return {
        num_iid: id,
        input_num_iid: id,
        title: item.title,
        pict_url: `${base()}/img/${id}.svg`,
        small_images: { string: [`${base()}/img/${id}.svg`] },
        reserve_price: yuan(item.priceFen + item.couponFen),
        zk_final_price: yuan(item.priceFen),
        user_type: 0,
        provcity: '浙江 杭州',
        item_url: `${base()}/item/${id}`,
        seller_id: Number(item.shopId),
        nick: item.shopName,
        volume: 100 + (Number(id.slice(-3)) % 900),
        presale_deposit: item.presell ? yuan(item.depositFen) : '',
      };
    });
    return { results: { n_tbk_item: results } };
  }

  function linkConvert(p: Record<string, string>): TopErrorBody | Record<string, unknown> {
    if (!p.adzone_id) return missing('adzone_id');
    if (!/^\d{1,20}$/.test(p.adzone_id)) return invalid('adzone_id 应为数字');
    const items = jsonParam(p, 'item_dto');
    const shops = jsonParam(p, 'shop_dto');
    if (items === null || shops === null || (items === undefined && shops === undefined))
      return invalid('item_dto 或 shop_dto 应为 JSON 数组');
    const tracking = {
      pid: `mm_${keys.memberId}_${keys.siteId}_${p.adzone_id}`,
      site_id: keys.siteId,
      adzone_id: p.adzone_id,
      relation_id: p.relation_id ?? '',
      special_id: p.special_id ?? '',
    };
    const key = `taobao:${p.adzone_id}:${tracking.relation_id}:${tracking.special_id}`;
    const entries = (v: unknown, field: string) =>
      Array.isArray(v) ? v.map((e) => String((e as Record<string, unknown>)?.[field] ?? '')) : [];
    const item_url_list = entries(items, 'item_id').map((id) => {
      if (!/^\d{4,20}$/.test(id)) return { input_item_id: id, code: 1001, msg: '商品ID无效' };
      const item = itemFacts('taobao', id);
      const link = world.issueLink('taobao', tracking, key, 'item', id, item.shopId);
      const cps = `${base()}/s.click/t?e=${link.token}`;
      const coupon = item.couponFen > 0 ? `${cps}&coupon=1` : '';
      return {
        input_item_id: id,
        code: 0,
        msg: '',
        link_info_dto: {
          item_id: id,
          material_type: 1,
          cps_short_url: cps,
          cps_long_url: `${cps}&pid=${tracking.pid}`,
          coupon_short_url: coupon,
          coupon_long_url: coupon && `${coupon}&pid=${tracking.pid}`,
        },
        coupon_info_dto:
          item.couponFen > 0
            ? {
                coupon_amount: yuan(item.couponFen),
                coupon_desc: `满${yuan(item.priceFen)}元减${yuan(item.couponFen)}元`,
                coupon_type: 1,
                coupon_remain_count: 1000,
              }
            : {},
        promotion_info_dto: { commission_rate: bpPercent(item.commissionBp), commission_type: 'COMMON', promotion_price: item.priceFen },
      };
    });
    const shop_url_list = entries(shops, 'shop_id').map((id) => {
      if (!/^\d{2,20}$/.test(id)) return { input_shop_id: id, code: 1001, msg: '店铺ID无效' };
      const link = world.issueLink('taobao', tracking, key, 'shop', '', id);
      const cps = `${base()}/s.click/t?e=${link.token}`;
      return {
        input_shop_id: id,
        code: 0,
        msg: '',
        link_info_dto: { seller_id: id, material_type: 2, cps_short_url: cps, cps_long_url: `${cps}&pid=${tracking.pid}` },
      };
    });
    return { data: { item_url_list: { item_url_list }, shop_url_list: { shop_url_list } } };
  }

  function orders(p: Record<string, string>): TopErrorBody | Record<string, unknown> {
    const start = parseTopTime(p.start_time ?? '');
    const end = parseTopTime(p.end_time ?? '');
    if (!p.start_time) return missing('start_time');
    if (!p.end_time) return missing('end_time');
    if (start === null || end === null) return refusal('2000', '开始时间或结束时间参数非法');
    const now = world.now() * 1000;
    if (start >= end) return refusal('2001', '开始时间应该小于结束时间');
    if (start > now) return refusal('2002', '请求参数非法，开始时间应该小于当前时间');
    if (start < now - 90 * 86400_000) return refusal('2004', '请求参数非法，开始时间应该大于最近90天');
    if (promo && now >= promo.from * 1000 && now < promo.to * 1000 && end - start > 20 * 60_000)
      return refusal(
        '2007',
        '亲，订单查询时间段日常要求不超过3个小时，但如618、双11、年货节等大促期间预估时间段不可超过20分钟，超过会提示错误，调用时请务必注意时间段的选择，以保证亲能正常调用！',
      );
    if (end - start > 3 * 3600_000)
      return refusal(
        '2007',
        '亲，订单查询时间段日常要求不超过3个小时，但如618、双11、年货节等大促期间预估时间段不可超过20分钟，超过会提示错误，调用时请务必注意时间段的选择，以保证亲能正常调用！',
      );
    const num = (k: string, dflt: number) => (p[k] === undefined || p[k] === '' ? dflt : /^-?\d+$/.test(p[k]!) ? Number(p[k]) : NaN);
    const queryType = num('query_type', 1);
    const pageSize = num('page_size', 20);
    const pageNo = num('page_no', 1);
    const scene = num('order_scene', 1);
    if (![1, 2, 3, 4].includes(queryType)) return invalid('query_type 取值 1~4');
    if (!(pageSize >= 1 && pageSize <= 100)) return invalid('page_size 取值 1~100');
    if (!(pageNo >= 1 && pageNo <= 100)) return invalid('page_no 取值 1~100');
    if (![1, 2, 3].includes(scene)) return invalid('order_scene 取值 1~3');
    const tk = p.tk_status ? Number(p.tk_status) : null;
    if (tk !== null && ![11, 12, 13, 14, 3].includes(tk)) return refusal('1006', 'tkStatus非法');
    const jump = p.jump_type ? Number(p.jump_type) : null;
    if ((jump !== null && jump !== 1 && jump !== -1) || (pageNo > 1 && jump === null)) return refusal('1005', 'jumpType非法');
    if (jump === -1) return refusal('1005', 'jumpType非法：沙箱只支持向后翻页（jump_type=1）');
    let after: { t: number; id: string } | undefined;
    if (pageNo > 1) {
      const m = /\|(\d+)_([\w-]+)$/.exec(p.position_index ?? '');
      if (!m) return refusal('1008', 'positionIndex非法');
      after = { t: Number(m[1]), id: m[2]! };
    }
    const by = ({ 1: 'created', 2: 'paid', 3: 'settled', 4: 'modified' } as const)[queryType as 1 | 2 | 3 | 4];
    const at = world.now();
    const rows = world
      .ordersBy('taobao', by, start / 1000, end / 1000, after, 100_000)
      .map((o) => ({ o, link: world.link(o.link_token)! }))
      .filter(({ o, link }) => {
        const t = JSON.parse(link.tracking) as Record<string, string>;
        if (scene === 2 && !t.relation_id) return false;
        if (scene === 3 && !t.special_id) return false;
        return tk === null || tkStatus(o, at) === tk;
      });
    const page = rows.slice(0, pageSize);
    const first = page[0]?.o;
    const last = page[page.length - 1]?.o;
    const position = first && last ? `${first.t}_${first.id}|${last.t}_${last.id}` : (p.position_index ?? '');
    return {
      data: {
        results: { publisher_order_dto: page.map(({ o, link }) => taobaoRow(o, link, base(), at, keys.memberId)) },
        has_next: rows.length > pageSize,
        has_pre: pageNo > 1,
        page_no: pageNo,
        page_size: pageSize,
        position_index: position,
      },
    };
  }

  async function gateway(c: Context) {
    const p = await readParams(c);
    const err = verifyTop(p, keys, METHODS, world.now() * 1000, (m) => m.startsWith('taobao.tbk.sc.'));
    if (err) return topError(c, err);
    const fail = await injected(c, ctx, 'taobao', p.method!);
    if (fail instanceof Response) return fail;
    if (fail)
      return topError(
        c,
        fail.kind === 'rate_limit'
          ? { code: 7, msg: 'App Call Limited', sub_code: 'accesscontrol.limited-by-app-access-count', sub_msg: '调用频率超限' }
          : refusal(fail.code || '3001', fail.message || '系统繁忙，请稍后重试！'),
      );
    const handler = { 'taobao.tbk.item.info.get': itemInfo, 'taobao.tbk.dg.general.link.convert': linkConvert }[p.method!] ?? orders;
    const out = handler(p);
    return 'code' in out && 'msg' in out ? topError(c, out as TopErrorBody) : topOk(c, p.method!, out);
  }

  app.post('/router/rest', gateway);
  app.get('/router/rest', gateway);
  app.get('/s.click/t', (c) => {
    const link = world.link(c.req.query('e') ?? '');
    if (link?.union_name !== 'taobao') return c.text('链接已失效', 404);
    return clickAndRedirect(c, world, link, base(), c.req.query());
  });
  app.post('/_admin/promo', async (c) => {
    if (c.req.header('x-sandbox-key') !== keys.appSecret) return c.json({ error: '需要沙箱密钥（x-sandbox-key）' }, 401);
    const b = (await c.req.json().catch(() => null)) as { from?: unknown; to?: unknown } | null;
    if (b && b.from === null) promo = null;
    else if (b && Number.isInteger(b.from) && Number.isInteger(b.to) && (b.to as number) > (b.from as number))
      promo = { from: b.from as number, to: b.to as number };
    else return c.json({ error: 'from、to 应为秒级时间戳（from 为 null 时取消）' }, 400);
    return c.json({ ok: true, promo });
  });
  app.route('/', pageRoutes('taobao', base));
  app.route('/_admin', adminRoutes(world, 'taobao', keys.appSecret));
  return app;
}
