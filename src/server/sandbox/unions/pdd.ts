import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { adminRoutes } from './admin.ts';
import { itemFacts } from './catalog.ts';
import { injected, type SandboxContext } from './context.ts';
import { clickAndRedirect, pageRoutes } from './pages.ts';
import { authorityHandlers, authorityRoutes, pddBindings } from './pdd-authority.ts';
import type { LinkRow, OrderRow } from './store.ts';
import { readParams } from './top-gateway.ts';
import { modifiedAt, statusAt } from './world.ts';

/**
 * 拼多多 (多多进宝) sandbox (`/sandbox/pdd/`): the router `/api/router` with `pdd.ddk.goods.search`,
 * `pdd.ddk.goods.promotion.url.generate`, `pdd.ddk.mall.url.gen`, `pdd.ddk.order.list.increment.get` and the 备案 pair
 * `pdd.ddk.member.authority.query` / `pdd.ddk.rp.prom.url.generate` (pdd-authority.ts); the
 * links it issues (`/duo_coupon_landing.html?…&cpsSign=…`, short `/p/{token}`); item pages and pictures; admin.
 * Errors are `{"error_response": {error_code, error_msg, sub_code, sub_msg, request_id}}`; the codes are the
 * sandbox's choice (PDD's table is not public): 10000 bad parameter, 10001 unknown type, 10016 unknown client_id,
 * 10019 bad timestamp, 10020 bad sign, 52101 rate limit. Orders: by update time, ≤ 24 h, page 1–10000,
 * page_size 10–100; PDD has no presale, so its shoppers buy ordinary orders only.
 */
const TYPES = [
  'pdd.ddk.goods.search',
  'pdd.ddk.goods.promotion.url.generate',
  'pdd.ddk.mall.url.gen',
  'pdd.ddk.order.list.increment.get',
  'pdd.ddk.member.authority.query',
  'pdd.ddk.rp.prom.url.generate',
];
type Err = { error_code: number; error_msg: string; sub_code?: string; sub_msg?: string };
const param = (sub_msg: string): Err => ({ error_code: 10000, error_msg: '参数错误', sub_code: 'isv.invalid-parameter', sub_msg });

function sign(params: Record<string, string>, secret: string): string {
  let joined = '';
  for (const k of Object.keys(params).sort()) if (k !== 'sign') joined += k + params[k];
  return createHash('md5')
    .update(secret + joined + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** goods_sign: the goods id, wrapped (PDD's is an encrypted id; ours is reversible for the sandbox's own use). */
export const goodsSign = (id: string) => `S${Buffer.from(`g:${id}`).toString('base64url')}`;
const goodsOfSign = (s: string): string | null => {
  if (!s.startsWith('S')) return null;
  const m = /^g:(\d{4,20})$/.exec(Buffer.from(s.slice(1), 'base64url').toString());
  return m ? m[1]! : null;
};

/** custom_parameters must be JSON with a uid, at most 64 bytes (PDD's rule). */
function checkCustom(v: string | undefined): string | Err {
  if (v === undefined || v === '') return '';
  if (Buffer.byteLength(v) > 64) return param('custom_parameters 最长 64 字节');
  try {
    const o = JSON.parse(v) as Record<string, unknown>;
    if (!o || typeof o !== 'object' || typeof o.uid !== 'string' || !o.uid) throw new Error('uid');
  } catch {
    return param('custom_parameters 应为含 uid 的 JSON，如 {"uid":"11111"}');
  }
  return v;
}

export function pddRow(o: OrderRow, link: LinkRow, base: string, at: number): Record<string, unknown> {
  const item = itemFacts('pdd', o.item_id);
  const t = JSON.parse(link.tracking) as Record<string, string>;
  const s = statusAt(o, at);
  const paidLongAgo = o.paid_at !== null && o.paid_at <= at - 600;
  const verified = o.received_at !== null && o.received_at <= at - 86400;
  const code = {
    unpaid: -1,
    deposit_paid: -1,
    closed: -1,
    paid: paidLongAgo ? 1 : 0,
    confirmed: verified ? 3 : 2,
    settled: 5,
    refunded: 4,
  }[s];
  const desc: Record<number, string> = {
    [-1]: '未支付',
    0: '已支付',
    1: '已成团',
    2: '确认收货',
    3: '审核成功',
    4: '审核失败',
    5: '已经结算',
  };
  const when = (v: number | null) => (v !== null && v <= at ? v : 0);
  return {
    order_sn: o.id,
    goods_id: Number(o.item_id),
    goods_sign: goodsSign(o.item_id),
    goods_name: item.title,
    goods_thumbnail_url: `${base}/img/${o.item_id}.svg`,
    goods_price: o.unit_price,
    goods_quantity: o.item_num,
    order_amount: o.total,
    promotion_rate: Math.round(o.commission_bp / 10),
    promotion_amount: Math.round((o.total * o.commission_bp) / 10_000),
    p_id: t.p_id,
    custom_parameters: t.custom_parameters ?? '',
    order_status: code,
    order_status_desc: desc[code],
    order_create_time: o.created_at,
    order_pay_time: when(o.paid_at),
    order_group_success_time: when(o.paid_at),
    order_receive_time: when(o.received_at),
    order_verify_time: verified ? o.received_at! + 86400 : 0,
    order_settle_time: when(o.settled_at),
    order_modify_at: modifiedAt(o, at),
    return_status: s === 'refunded' ? 2 : 0,
    cps_sign: `CM_${link.token}`,
    url_last_generate_time: link.created_at,
    type: 0,
    is_direct: 0,
    mall_id: Number(item.shopId),
    mall_name: item.shopName,
    auth_duo_id: 0,
    zs_duo_id: 0,
    fail_reason: s === 'refunded' ? '售后完成' : '',
  };
}

export function pddSandbox(ctx: SandboxContext): Hono {
  const app = new Hono();
  const { world } = ctx;
  const keys = ctx.keys.pdd;
  const base = () => ctx.base('pdd');
  const bindings = pddBindings(world.db, world.now);

  function issue(pid: string, custom: string, kind: 'item' | 'shop', id: string): LinkRow {
    const shopId = kind === 'shop' ? id : itemFacts('pdd', id).shopId;
    return world.issueLink(
      'pdd',
      { p_id: pid, custom_parameters: custom },
      `pdd:${pid}:${custom}`,
      kind,
      kind === 'item' ? id : '',
      shopId,
    );
  }
  const urls = (l: LinkRow, pid: string, custom: string) => {
    const long = `${base()}/duo_coupon_landing.html?${l.kind === 'item' ? `goods_id=${l.item_id}` : `mall_id=${l.shop_id}`}&pid=${pid}&customParameters=${encodeURIComponent(custom)}&cpsSign=${l.token}`;
    const short = `${base()}/p/${l.token}`;
    return { url: long, short_url: short, mobile_url: long, mobile_short_url: short };
  };

  const handlers: Record<string, (p: Record<string, string>) => Err | [string, Record<string, unknown>]> = {
    ...authorityHandlers(bindings, base),
    'pdd.ddk.goods.search': (p) => {
      const id = /(?:^|goods_id=)(\d{4,20})/.exec(p.keyword ?? '')?.[1];
      if (!id) return ['goods_search_response', { goods_list: [], total_count: 0, search_id: '' }];
      const item = itemFacts('pdd', id);
      const goods = {
        goods_id: Number(id),
        goods_sign: goodsSign(id),
        goods_name: item.title,
        goods_image_url: `${base()}/img/${id}.svg`,
        goods_thumbnail_url: `${base()}/img/${id}.svg`,
        min_group_price: item.priceFen,
        min_normal_price: item.priceFen + 500,
        has_coupon: item.couponFen > 0,
        coupon_discount: item.couponFen,
        promotion_rate: Math.round(item.commissionBp / 10),
        mall_id: Number(item.shopId),
        mall_name: item.shopName,
        sales_tip: '1万+',
      };
      return ['goods_search_response', { goods_list: [goods], total_count: 1, search_id: randomBytes(8).toString('hex') }];
    },
    'pdd.ddk.goods.promotion.url.generate': (p) => {
      if (!/^\d{1,20}_\d{1,20}$/.test(p.p_id ?? '')) return param('p_id 必填，格式如 1000001_20000002');
      const custom = checkCustom(p.custom_parameters);
      if (typeof custom !== 'string') return custom;
      let signs: unknown;
      try {
        signs = JSON.parse(p.goods_sign_list ?? '');
      } catch {
        signs = null;
      }
      if (!Array.isArray(signs) || signs.length === 0) return param('goods_sign_list 必填，应为 JSON 数组');
      const ids = signs.map((s) => goodsOfSign(String(s)));
      if (ids.some((id) => id === null)) return param('goods_sign 无效');
      const list = ids.map((id) => urls(issue(p.p_id!, custom, 'item', id!), p.p_id!, custom));
      return ['goods_promotion_url_generate_response', { goods_promotion_url_list: list }];
    },
    'pdd.ddk.mall.url.gen': (p) => {
      if (!/^\d{2,20}$/.test(p.mall_id ?? '')) return param('mall_id 必填');
      if (!/^\d{1,20}_\d{1,20}$/.test(p.pid ?? '')) return param('pid 必填');
      const custom = checkCustom(p.custom_parameters);
      if (typeof custom !== 'string') return custom;
      return ['mall_coupon_generate_url_response', { list: [urls(issue(p.pid!, custom, 'shop', p.mall_id!), p.pid!, custom)] }];
    },
    'pdd.ddk.order.list.increment.get': (p) => {
      const start = Number(p.start_update_time);
      const end = Number(p.end_update_time);
      if (!Number.isInteger(start) || !Number.isInteger(end)) return param('start_update_time 与 end_update_time 必填（秒级时间戳）');
      if (start >= end) return param('开始时间应早于结束时间');
      if (end - start > 86400) return param('查询时间范围不能超过24小时');
      if (start < world.now() - 90 * 86400) return param('只能查询最近90天内的订单');
      const page = p.page === undefined ? 1 : Number(p.page);
      const size = p.page_size === undefined ? 100 : Number(p.page_size);
      if (!Number.isInteger(page) || page < 1 || page > 10_000) return param('page 取值 1~10000');
      if (!Number.isInteger(size) || size < 10 || size > 100) return param('page_size 取值 10~100');
      const at = world.now();
      const found = world.ordersBy('pdd', 'modified', start, end, undefined, 100_000);
      const rows = found.slice((page - 1) * size, page * size).map((o) => pddRow(o, world.link(o.link_token)!, base(), at));
      return ['order_list_get_response', { order_list: rows, ...(p.return_count === 'false' ? {} : { total_count: found.length }) }];
    },
  };

  async function router(c: Context) {
    const p = await readParams(c);
    const err = (e: Err) => c.json({ error_response: { ...e, request_id: randomBytes(8).toString('hex') } });
    if (!p.type || !TYPES.includes(p.type)) return err({ error_code: 10001, error_msg: 'type不存在' });
    if (p.client_id !== keys.clientId) return err({ error_code: 10016, error_msg: 'client_id不存在' });
    const ts = Number(p.timestamp);
    if (!/^\d{10}$/.test(p.timestamp ?? '') || Math.abs(world.now() - ts) > 600)
      return err({ error_code: 10019, error_msg: '时间戳已过期或格式错误' });
    if (p.data_type && p.data_type.toUpperCase() !== 'JSON') return err(param('沙箱只支持 data_type=JSON'));
    const expected = sign(p, keys.clientSecret);
    if (!p.sign || p.sign.length !== expected.length || !timingSafeEqual(Buffer.from(p.sign), Buffer.from(expected)))
      return err({ error_code: 10020, error_msg: '签名校验失败' });
    const f = await injected(c, ctx, 'pdd', p.type);
    if (f instanceof Response) return f;
    if (f)
      return err(
        f.kind === 'rate_limit'
          ? { error_code: 52101, error_msg: '当前接口您已被限流' }
          : { error_code: Number(f.code) || 50000, error_msg: f.message || '系统内部错误' },
      );
    const out = handlers[p.type]!(p);
    return Array.isArray(out) ? c.json({ [out[0]]: { ...out[1], request_id: randomBytes(8).toString('hex') } }) : err(out);
  }

  const click = (c: Context, token: string) => {
    const link = world.link(token);
    if (link?.union_name !== 'pdd') return c.text('链接已失效', 404);
    return clickAndRedirect(c, world, link, base(), c.req.query());
  };
  app.post('/api/router', router);
  app.get('/api/router', router);
  app.get('/duo_coupon_landing.html', (c) => click(c, c.req.query('cpsSign') ?? ''));
  app.get('/p/:token', (c) => click(c, c.req.param('token')));
  app.route('/', authorityRoutes(bindings, keys.clientSecret));
  app.route('/', pageRoutes('pdd', base));
  app.route('/_admin', adminRoutes(world, 'pdd', keys.clientSecret));
  return app;
}
