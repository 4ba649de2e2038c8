import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { adminRoutes } from './admin.ts';
import { itemFacts } from './catalog.ts';
import { injected, type SandboxContext } from './context.ts';
import { clickAndRedirect, pageRoutes } from './pages.ts';
import type { LinkRow, OrderRow } from './store.ts';
import { parseTopTime, readParams } from './top-gateway.ts';
import { modifiedAt, statusAt } from './world.ts';

/**
 * 京东联盟 sandbox (`/sandbox/jd/`): the JOS router `/routerjson` with `jd.union.open.goods.query`,
 * `jd.union.open.promotion.common.get`, `jd.union.open.promotion.bysubunionid.get` and
 * `jd.union.open.order.row.query`, answering `{"<method>_responce": {"code": "0", "<x>Result": "<JSON text>"}}`;
 * the links it issues (`/union-click/jdc?e=…`, short `/u/{code}`); item pages and pictures; the admin API.
 * Gateway refusals are `{"error_response": {code, zh_desc, en_desc}}` (15 method and 21 app key as seen from JOS;
 * 22 signature, 24 timestamp, 25 version, 26 parameter JSON are the sandbox's choice: JOS's are not published).
 * Orders: windows ≤ 1 h (2002453), pageSize 1–500 (2002499), other bad input 2002400; subUnionId letters, digits,
 * "_" and "-" up to 80 (2001208), not together with pid (2001214).
 */
const METHODS = [
  'jd.union.open.goods.query',
  'jd.union.open.promotion.common.get',
  'jd.union.open.promotion.bysubunionid.get',
  'jd.union.open.order.row.query',
];
const SUB_ID = /^[A-Za-z0-9_-]{1,80}$/;
const yuan = (fen: number) => Math.round(fen) / 100;

type Inner = { code: number; message: string; [k: string]: unknown };
const bad = (code: number, message: string): Inner => ({ code, message });

function sign(params: Record<string, string>, secret: string): string {
  let joined = '';
  for (const k of Object.keys(params).sort()) if (k !== 'sign') joined += k + params[k];
  return createHash('md5')
    .update(secret + joined + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

function gatewayError(p: Record<string, string>, appKey: string, secret: string, nowMs: number): [string, string, string] | null {
  if (!p.method || !METHODS.includes(p.method)) return ['15', '不存在的方法名', 'Invalid Method'];
  if (p.app_key !== appKey) return ['21', `key=${p.app_key ?? ''} 信息无效`, 'Invalid app_key'];
  const ts = parseTopTime(p.timestamp ?? '');
  if (ts === null || Math.abs(nowMs - ts) > 10 * 60_000) return ['24', '时间戳错误或与服务器时间相差超过10分钟', 'Invalid timestamp'];
  if (p.v !== '1.0') return ['25', '版本号错误', 'Invalid version'];
  const expected = sign(p, secret);
  if (!p.sign || p.sign.length !== expected.length || !timingSafeEqual(Buffer.from(p.sign), Buffer.from(expected)))
    return ['22', '签名无效', 'Invalid signature'];
  return null;
}

/** Item of a material URL: item.jd.com/{sku}.html or mall.jd.com/index-{shop}.html. */
function material(url: string): { kind: 'item' | 'shop'; id: string } | null {
  const item = /^https?:\/\/item\.(?:m\.)?jd\.com\/(?:product\/)?(\d{4,20})\.html/.exec(url);
  if (item) return { kind: 'item', id: item[1]! };
  const shop = /^https?:\/\/mall\.jd\.com\/index-(\d{2,20})\.html/.exec(url);
  return shop ? { kind: 'shop', id: shop[1]! } : null;
}

export function jdRow(o: OrderRow, link: LinkRow, base: string, at: number, unionId: string): Record<string, unknown> {
  const item = itemFacts('jd', o.item_id);
  const t = JSON.parse(link.tracking) as Record<string, string>;
  const s = statusAt(o, at);
  const received = o.received_at !== null && o.received_at <= at;
  const validCode = { unpaid: 15, deposit_paid: 24, paid: 16, confirmed: 17, settled: 17, refunded: received ? 17 : 16, closed: 3 }[s];
  const cos = s === 'closed' ? 0 : s === 'deposit_paid' ? o.deposit : o.total;
  const actual = s === 'confirmed' || s === 'settled' ? o.total : 0;
  const day = (v: number | null) => (v === null ? 0 : Number(new Date((v + 8 * 3600) * 1000).toISOString().slice(0, 10).replace(/-/g, '')));
  const time = (v: number | null) =>
    v !== null && v <= at ? new Date((v + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ') : '';
  const orderId = Number(o.parent_id);
  return {
    id: o.id,
    orderId,
    parentId: 0,
    orderTime: time(o.created_at),
    finishTime: time(o.received_at),
    modifyTime: time(modifiedAt(o, at)),
    orderEmt: 2,
    plus: 0,
    unionId: Number(unionId),
    skuId: Number(o.item_id),
    skuName: item.title,
    skuNum: o.item_num,
    skuReturnNum: s === 'refunded' ? o.item_num : 0,
    skuFrozenNum: 0,
    price: yuan(o.unit_price),
    commissionRate: o.commission_bp / 100,
    subSideRate: 100,
    subsidyRate: 0,
    finalRate: 100,
    estimateCosPrice: yuan(cos),
    estimateFee: yuan((cos * o.commission_bp) / 10_000),
    actualCosPrice: yuan(actual),
    actualFee: yuan((actual * o.commission_bp) / 10_000),
    validCode,
    traceType: 2,
    positionId: Number(t.position_id || 0),
    siteId: Number(t.site_id),
    unionAlias: '',
    pid: '',
    cid1: 1,
    cid2: 2,
    cid3: 3,
    subUnionId: t.sub_union_id ?? '',
    unionTag: o.deposit > 0 ? `${'0'.repeat(12)}1${'0'.repeat(19)}` : '0'.repeat(32),
    popId: Number(item.shopId),
    ext1: '',
    payMonth: received ? day(o.settled_at) : 0,
    cpActId: 0,
    unionRole: 1,
    giftCouponOcsAmount: 0,
    giftCouponKey: '',
    balanceExt: '',
    expressStatus: received ? 20 : 10,
    goodsInfo: {
      imageUrl: `${base}/img/${o.item_id}.svg`,
      owner: 'p',
      mainSkuId: Number(o.item_id),
      productId: Number(o.item_id),
      shopName: item.shopName,
      shopId: Number(item.shopId),
    },
  };
}

export function jdSandbox(ctx: SandboxContext): Hono {
  const app = new Hono();
  const { world } = ctx;
  const keys = ctx.keys.jd;
  const base = () => ctx.base('jd');

  function goodsQuery(q: Record<string, unknown>): Inner {
    const dto = (q.goodsReqDTO ?? {}) as Record<string, unknown>;
    const skus = Array.isArray(dto.skuIds) ? dto.skuIds.map(String) : [];
    if (skus.length === 0 || skus.length > 20 || skus.some((s) => !/^\d{4,20}$/.test(s)))
      return bad(2002400, '参数错误：skuIds 应为 1–20 个商品 ID');
    const data = skus.map((sku) => {
      const item = itemFacts('jd', sku);
      const couponList =
        item.couponFen > 0
          ? [
              {
                bindType: 3,
                discount: yuan(item.couponFen),
                link: `https://coupon.m.jd.com/coupons/show.action?key=sandbox${sku}&roleId=${sku}`,
                platformType: 0,
                quota: yuan(item.priceFen),
                isBest: 1,
              },
            ]
          : [];
      return {
        skuId: Number(sku),
        skuName: item.title,
        materialUrl: `item.jd.com/${sku}.html`,
        comments: 1000,
        goodCommentsShare: 98,
        imageInfo: { imageList: [{ url: `${base()}/img/${sku}.svg` }] },
        priceInfo: {
          price: yuan(item.priceFen + item.couponFen),
          lowestPrice: yuan(item.priceFen),
          lowestCouponPrice: yuan(item.priceFen - item.couponFen),
        },
        commissionInfo: { commissionShare: item.commissionBp / 100, commission: yuan((item.priceFen * item.commissionBp) / 10_000) },
        couponInfo: { couponList },
        shopInfo: { shopId: Number(item.shopId), shopName: item.shopName },
        isPresale: item.presell ? 1 : 0,
      };
    });
    return { code: 200, message: 'success', data, totalCount: data.length };
  }

  function promotion(q: Record<string, unknown>, bySub: boolean): Inner {
    const req = (q.promotionCodeReq ?? {}) as Record<string, unknown>;
    const m = material(String(req.materialId ?? ''));
    if (!m) return bad(2002400, '参数错误：materialId 应为商品详情页或店铺链接（不支持仅传入 skuid）');
    const sub = req.subUnionId === undefined ? '' : String(req.subUnionId);
    if (sub && !SUB_ID.test(sub)) return bad(2001208, 'subUnionId格式错误');
    if (sub && req.pid) return bad(2001214, 'pid和subUnionId不能同时使用');
    if (bySub && !sub) return bad(2002400, '参数错误：subUnionId 必填');
    const siteId = bySub ? keys.siteId : String(req.siteId ?? '');
    if (siteId !== keys.siteId) return bad(2002400, '参数错误：siteId 不属于该推客');
    const position = req.positionId === undefined ? '' : String(req.positionId);
    if (position && !/^\d{1,20}$/.test(position)) return bad(2002400, '参数错误：positionId 应为数字');
    const tracking = { site_id: siteId, position_id: position, sub_union_id: sub };
    const shopId = m.kind === 'shop' ? m.id : itemFacts('jd', m.id).shopId;
    const link = world.issueLink('jd', tracking, `jd:${position}:${sub}`, m.kind, m.kind === 'item' ? m.id : '', shopId);
    const clickURL = `${base()}/union-click/jdc?e=${link.token}${req.couponUrl ? '&coupon=1' : ''}`;
    return { code: 200, message: 'success', data: bySub ? { shortURL: `${base()}/u/${link.token}`, clickURL } : { clickURL } };
  }

  function orderRows(q: Record<string, unknown>): Inner {
    const r = (q.orderReq ?? {}) as Record<string, unknown>;
    const pageIndex = Number(r.pageIndex ?? 1);
    const pageSize = Number(r.pageSize ?? 20);
    const type = Number(r.type);
    const start = parseTopTime(String(r.startTime ?? ''));
    const end = parseTopTime(String(r.endTime ?? ''));
    if (![1, 2, 3].includes(type) || start === null || end === null || !Number.isInteger(pageIndex) || pageIndex < 1)
      return bad(2002400, '参数错误');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
      return bad(2002499, '数组类型参数元数个数，不符合业务规定：pageSize 上限为500');
    if (start >= end) return bad(2002400, '参数错误：startTime 应早于 endTime');
    if (end - start > 3600_000) return bad(2002453, '无效请求-查询时间范围超过规定限制');
    const by = ({ 1: 'created', 2: 'received', 3: 'modified' } as const)[type as 1 | 2 | 3];
    const at = world.now();
    const found = world.ordersBy('jd', by, start / 1000, end / 1000, undefined, 100_000);
    const page = found.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
    return {
      code: 200,
      message: 'success',
      data: page.map((o) => jdRow(o, world.link(o.link_token)!, base(), at, keys.unionId)),
      hasMore: found.length > pageIndex * pageSize,
    };
  }

  async function router(c: Context) {
    const p = await readParams(c);
    const gate = gatewayError(p, keys.appKey, keys.appSecret, world.now() * 1000);
    if (gate) return c.json({ error_response: { code: gate[0], zh_desc: gate[1], en_desc: gate[2] } });
    let q: Record<string, unknown>;
    try {
      q = JSON.parse(p['360buy_param_json'] ?? '') as Record<string, unknown>;
      if (!q || typeof q !== 'object') throw new Error('json');
    } catch {
      return c.json({ error_response: { code: '26', zh_desc: '360buy_param_json 不是合法的 JSON', en_desc: 'Invalid param json' } });
    }
    const f = await injected(c, ctx, 'jd', p.method!);
    if (f instanceof Response) return f;
    let inner: Inner;
    if (f)
      inner =
        f.kind === 'rate_limit'
          ? bad(429, '请求过于频繁，请稍后再试')
          : bad(Number(f.code) || 2002500, f.message || '系统异常，请稍后重试');
    else if (p.method === 'jd.union.open.goods.query') inner = goodsQuery(q);
    else if (p.method === 'jd.union.open.order.row.query') inner = orderRows(q);
    else inner = promotion(q, p.method === 'jd.union.open.promotion.bysubunionid.get');
    const resultKey = `${p.method!.slice(p.method!.lastIndexOf('.') + 1)}Result`;
    return c.json({
      [`${p.method!.replace(/\./g, '_')}_responce`]: {
        code: '0',
        [resultKey]: JSON.stringify({ ...inner, requestId: randomBytes(8).toString('hex') }),
      },
    });
  }

  const click = (c: Context, token: string) => {
    const link = world.link(token);
    if (link?.union_name !== 'jd') return c.text('链接已失效', 404);
    return clickAndRedirect(c, world, link, base(), c.req.query());
  };
  app.post('/routerjson', router);
  app.get('/routerjson', router);
  app.get('/union-click/jdc', (c) => click(c, c.req.query('e') ?? ''));
  app.get('/u/:code', (c) => click(c, c.req.param('code')));
  app.route('/', pageRoutes('jd', base));
  app.route('/_admin', adminRoutes(world, 'jd', keys.appSecret));
  return app;
}
