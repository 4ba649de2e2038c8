import type { AffiliateConnector } from '../affiliate.ts';
import type { HttpOptions } from '../affiliate-http.ts';
import { ConnectorError } from '../errors.ts';
import { convertTaobao, parseTaobaoPid } from './convert.ts';
import { pullTaobaoOrders, TAOBAO_MAX_WINDOW, type TaobaoPromoState } from './orders.ts';
import type { TopSignMethod } from './top.ts';

export interface TaobaoSettings {
  apiBase: string;
  appKey: string;
  appSecret: string;
  signMethod: TopSignMethod;
  /** The default promotion position, mm_{member}_{site}_{adzone}. */
  pid: string;
  /** With a session (third-party authorisation) orders come from `taobao.tbk.sc.order.details.get`. */
  session?: string;
  /** 1 all orders, 2 渠道, 3 会员运营. */
  orderScene?: number;
  pageSize?: number;
}

/** The 淘宝联盟 connector (TOP). */
export function createTaobaoConnector(s: TaobaoSettings, http: HttpOptions = {}, now?: () => number): AffiliateConnector {
  const pid = parseTaobaoPid(s.pid);
  if (!pid) throw new ConnectorError('taobao', 'protocol', `淘宝联盟推广位 PID 格式应为 mm_会员_媒体_推广位：${s.pid}`, 'bad_pid');
  const top = {
    platform: 'taobao',
    label: '淘宝联盟',
    apiBase: s.apiBase,
    appKey: s.appKey,
    appSecret: s.appSecret,
    signMethod: s.signMethod,
    session: s.session,
    http,
    now,
  };
  const promo: TaobaoPromoState = { promoUntilMs: 0 };
  return {
    union: 'taobao',
    maxWindowSeconds: TAOBAO_MAX_WINDOW,
    sameChinaDay: false,
    timeFields: ['update', 'create', 'pay', 'settle'],
    convert: (req) => convertTaobao(top, pid, req),
    pullOrders: (window, cursor, timeField = 'update') =>
      pullTaobaoOrders({ ...top, pageSize: s.pageSize ?? 100, orderScene: s.orderScene ?? 1, promo }, window, cursor, timeField),
  };
}
