/**
 * The platform-neutral interface of an affiliate-union connector (淘宝联盟, 京东联盟, 拼多多多多进宝, 阿里妈妈 UD).
 * A connector speaks its union's real protocol against a configured base URL and does not know whether that URL is
 * the real host or the sandbox. Money crosses this interface as integer fen, rates as integer basis points
 * (1/10 000), times as epoch seconds (null when the union has not set one), ids as strings. Failures are thrown as
 * `ConnectorError` (./errors.ts) with a Chinese message; transient and rate-limited failures are retried inside.
 * Which id ties an order to a link (and to a click): docs/attribution.md. Calls and units: docs/affiliate-unions.md.
 */

export const AFFILIATE_UNIONS = ['taobao', 'jd', 'pdd', 'ud'] as const;
export type AffiliateUnion = (typeof AFFILIATE_UNIONS)[number];

/** The per-link ids a promotion URL carries and each order echoes back (docs/attribution.md). */
export interface TaobaoTracking {
  union: 'taobao';
  /** mm_{member}_{site}_{adzone}. */
  pid: string;
  siteId: string;
  adzoneId: string;
  /** 渠道关系 id and 会员运营 id ('' when not used). */
  relationId: string;
  specialId: string;
}
export interface JdTracking {
  union: 'jd';
  siteId: string;
  positionId: string;
  /** Free-form sub id given at conversion ('' when none). */
  subUnionId: string;
}
export interface PddTracking {
  union: 'pdd';
  /** 推广位 p_id. */
  pid: string;
  /** The custom_parameters JSON string exactly as passed at conversion ('' when none). */
  customParameters: string;
}
export interface UdTracking {
  union: 'ud';
  monitorUniqueId: string;
  /** UD channel id (1 巨量2.0, 104 腾讯3.0, 105 快手, 108 B站, 109 微博, 140 小红书, 102 百度). */
  channelId: string;
}
export type Tracking = TaobaoTracking | JdTracking | PddTracking | UdTracking;

/**
 * The key that matches an order to the link that issued its promotion URL: equal for a link's conversion and for
 * every order bought through it. 淘宝 has no free-form sub id, so a link is its adzone (+ relation/special id).
 */
export function trackingKey(t: Tracking): string {
  switch (t.union) {
    case 'taobao':
      return `taobao:${t.adzoneId}:${t.relationId}:${t.specialId}`;
    case 'jd':
      return `jd:${t.positionId}:${t.subUnionId}`;
    case 'pdd':
      return `pdd:${t.pid}:${t.customParameters}`;
    case 'ud':
      return `ud:${t.monitorUniqueId}`;
  }
}

/** What to convert, and the per-link ids to put into the promotion URL. */
export interface ConvertRequest {
  kind: 'item' | 'shop';
  /** Item id, or shop id (淘宝 seller/shop id, 京东 shop id, 拼多多 mall id). */
  id: string;
  /** Per-link id echoed on orders: 京东 subUnionId, 拼多多 custom_parameters {"uid": subId}. 淘宝 has none (use adzoneId). */
  subId?: string;
  /** 淘宝: this link's 推广位 and channel/member ids; default the configured adzone. */
  adzoneId?: string;
  relationId?: string;
  specialId?: string;
  /** 京东: this link's 推广位; default the configured position. */
  positionId?: string;
  /** 拼多多: this link's 推广位 p_id; default the configured one. */
  pid?: string;
  /**
   * 拼多多: the user the pid + uid 备案 is for (custom_parameters uid, "每个用户仅且对应一个标识"); the link's subId then
   * goes into sid. Without it the subId is the uid (links converted before 备案 was checked).
   */
  memberId?: string;
}

/**
 * One converted item or shop: the fields `/tfc/*` answers (`ConversionView`, src/shared/affiliate.ts) plus the
 * commission rate and the per-link tracking ids.
 */
export interface ItemConversion {
  /** Link platform code of the shop: 2 淘宝/天猫, 3 京东, 5 拼多多. */
  platform: 2 | 3 | 5;
  kind: 'item' | 'shop';
  itemid: string;
  shopid: string;
  title: string;
  /** An http(s) image URL ('' when the union gives none). */
  image: string;
  /** Fen. */
  price: number;
  coupon: { amount: number; link: string } | null;
  detail_url: string;
  /** The union's tracked promotion link, carrying `tracking`. */
  promotion_url: string;
  /** Commission rate in basis points (1/10 000), 0 when unknown. */
  commissionRateBp: number;
  tracking: Tracking;
}

/**
 * A status normalised across unions; the union's own value is kept as `rawStatus`.
 * unpaid 拍下未付 · deposit_paid 预售已付定金 · paid 已付款 · confirmed 已收货 · settled 已结算 ·
 * refunded 退款/维权 · closed 关闭/取消 · invalid 无效（不计佣）.
 */
export type OrderStatus = 'unpaid' | 'deposit_paid' | 'paid' | 'confirmed' | 'settled' | 'refunded' | 'closed' | 'invalid';
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'unpaid',
  'deposit_paid',
  'paid',
  'confirmed',
  'settled',
  'refunded',
  'closed',
  'invalid',
];

/** Presale (预售) facts; null on ordinary orders. */
export interface Presell {
  depositFen: number;
  /** 尾款 still due (0 once paid, or when the union does not say). */
  remainingFen: number;
  /** When the deposit was paid. */
  depositPaidAt: number | null;
}

/** Ad-side facts UD returns with an order (strings as sent, '' when absent). */
export interface UdClickFacts {
  /** Click id from the click monitor (asynchronous), and from the landing / 唤端 link (synchronous). */
  asynClickId: string;
  asynRequestId: string;
  synClickId: string;
  synRequestId: string;
  channelId: string;
  advertiserId: string;
  campaignId: string;
  adgroupId: string;
  creativeId: string;
  projectId: string;
  promotionId: string;
  isAdOrder: boolean;
  isAttrByOthers: boolean;
}

export interface AffiliateOrder {
  union: AffiliateUnion;
  /** Unique per order line (淘宝 trade_id, 京东 id, 拼多多 order_sn, UD sub_order_id). */
  orderId: string;
  /** The buyer's order (淘宝 trade_parent_id, 京东 orderId, 拼多多 order_sn, UD order_id). */
  parentOrderId: string;
  itemId: string;
  itemTitle: string;
  itemImage: string;
  itemNum: number;
  itemPriceFen: number;
  /** The line's full amount as ordered (拍下 / 应付), paid or not. */
  orderFen: number;
  /** What the buyer paid for this line so far (presale: the deposit until the balance is paid). */
  payFen: number;
  /** The amount commission settles on, once known (0 before). */
  settleFen: number;
  commissionRateBp: number;
  /** Estimated commission for the publisher; `settledCommissionFen` once settled (0 before). */
  commissionFen: number;
  settledCommissionFen: number;
  status: OrderStatus;
  rawStatus: string;
  createdAt: number | null;
  paidAt: number | null;
  /** Buyer confirmed receipt. */
  receivedAt: number | null;
  settledAt: number | null;
  clickAt: number | null;
  modifiedAt: number | null;
  presell: Presell | null;
  tracking: Tracking;
  /** UD only. */
  ud: UdClickFacts | null;
  /** The union's row as received, for audit and for fields this interface does not name. */
  raw: Record<string, unknown>;
}

/** A time window [from, to) in epoch seconds. */
export interface OrderWindow {
  from: number;
  to: number;
}

export interface OrderPage {
  orders: AffiliateOrder[];
  /** Pass back to get the next page of the same window; null when the window is done. */
  cursor: string | null;
}

/** Which time the window selects on. Every union supports 'update' (the one an incremental sync uses). */
export type OrderTimeField = 'update' | 'create' | 'pay' | 'settle';

export interface OrderSource {
  readonly union: AffiliateUnion;
  /** Longest window one call accepts (淘宝 3 h, 京东 1 h, 拼多多 24 h, UD one China day). */
  readonly maxWindowSeconds: number;
  /** UD: a window may not cross China midnight. */
  readonly sameChinaDay: boolean;
  readonly timeFields: readonly OrderTimeField[];
  /** One page of orders whose chosen time falls in the window; start with cursor null. */
  pullOrders(window: OrderWindow, cursor: string | null, timeField?: OrderTimeField): Promise<OrderPage>;
}

export interface AffiliateConnector extends OrderSource {
  readonly union: 'taobao' | 'jd' | 'pdd';
  convert(req: ConvertRequest): Promise<ItemConversion>;
}

/** UD channels of `monitor.url.create` and the postback. */
export const UD_CHANNELS = { juliang: 1, tengxun: 104, kuaishou: 105, bilibili: 108, weibo: 109, xiaohongshu: 140, baidu: 102 } as const;
export type UdChannelId = (typeof UD_CHANNELS)[keyof typeof UD_CHANNELS];

export interface MonitorUrlRequest {
  itemId: string;
  channelId: UdChannelId;
  /** 1 商品详情页, 2 自研页 (then cusH5Url and cusDeepLink are required). */
  pageType: 1 | 2;
  cusH5Url?: string;
  cusDeepLink?: string;
  /** 1 UDSmart (default), 2 流量通Pro. */
  prodType?: 1 | 2;
  /** 1 唤端链接归因, 3 最大化 (唤端 + 点击监测). */
  attributionType?: 1 | 3;
  /** Given to change an existing monitor's landing page. */
  monitorUniqueId?: string;
  memberId?: string;
}

export interface MonitorUrls {
  pvMonitorUrl: string;
  clickMonitorUrl: string;
  /** 落地页同步点击链接: the ad's landing URL. */
  clickUrl: string;
  deepLink: string;
  universalLink: string;
  monitorUniqueId: string;
  tracking: UdTracking;
}

/** A conversion relayed to the ad channel through UD (`alibaba.ud.udsmartdata.get`). */
export interface UdPostback {
  /** The sub-order id. */
  orderId: string;
  event: 'pay' | 'refund' | 'landing_click';
  purchaseFen: number;
  itemCount: number;
  itemId: string;
  /** Epoch seconds. */
  eventTime: number;
  channelId: string;
  advertiserId: string;
  /** One of the two is required: the click-monitor click id, or the 唤端/landing click id. */
  cmClickId?: string;
  ckClickId?: string;
  cmRequestId?: string;
  ckRequestId?: string;
  /** 巨量 2.0 product id; 流量通Pro 群峰 token. */
  productId?: string;
  appAccessToken?: string;
  itemName?: string;
  shopName?: string;
}

export interface UdConnector extends OrderSource {
  readonly union: 'ud';
  createMonitorUrls(req: MonitorUrlRequest): Promise<MonitorUrls>;
  /** Resolves when UD accepted the conversion; a refusal throws ConnectorError('refused'). */
  postback(p: UdPostback): Promise<void>;
}

/**
 * 拼多多's pid + uid 备案 (bububa/openpdd api/ddk/member_authority_query.go, rp_prom_url_generate.go): whether a
 * custom_parameters uid is bound on a 推广位, and the link (channel_type 10) the user opens in the 拼多多 app to bind it.
 */
export interface PddAuthority {
  bound: boolean;
}
export interface PddConnector extends AffiliateConnector {
  readonly union: 'pdd';
  authority(pid: string, uid: string): Promise<PddAuthority>;
  /** The 备案 link for this pid + uid (the short mobile URL when PDD gives one). */
  authorityUrl(pid: string, uid: string): Promise<string>;
  /** The configured default 推广位. */
  readonly defaultPid: string;
}

export interface AffiliateConnectors {
  taobao: AffiliateConnector;
  jd: AffiliateConnector;
  pdd: PddConnector;
  ud: UdConnector;
}

/**
 * Cut [from, to) into windows a source accepts: at most `maxWindowSeconds` long and, for UD, never across China
 * midnight. A sync job pulls each window to the end (cursor null) before the next.
 */
export function stepWindows(source: Pick<OrderSource, 'maxWindowSeconds' | 'sameChinaDay'>, window: OrderWindow): OrderWindow[] {
  const out: OrderWindow[] = [];
  let from = window.from;
  while (from < window.to) {
    let to = Math.min(window.to, from + source.maxWindowSeconds);
    if (source.sameChinaDay) {
      const nextMidnight = Math.floor((from + 8 * 3600) / 86400) * 86400 + 86400 - 8 * 3600;
      to = Math.min(to, nextMidnight);
    }
    out.push({ from, to });
    from = to;
  }
  return out;
}
