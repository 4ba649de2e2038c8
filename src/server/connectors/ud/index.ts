import type { MonitorUrlRequest, MonitorUrls, UdConnector, UdPostback } from '../affiliate.ts';
import { type HttpOptions, obj, withRetries } from '../affiliate-http.ts';
import { str } from '../affiliate-units.ts';
import { ConnectorError } from '../errors.ts';
import { onlyUpdate } from '../errors-affiliate.ts';
import { type TopClientConfig, type TopSignMethod, topCall } from '../taobao/top.ts';
import { pullUdOrders, UD_MAX_WINDOW, udBusinessError } from './orders.ts';

/**
 * The 阿里妈妈 UD connector (UDSmart prod_type 1, 流量通Pro prod_type 2), on the TOP gateway:
 * `alibaba.taobao.ud.smart.monitor.url.create` (a link's show / click monitor and landing URLs per channel),
 * `alibaba.taobao.ud.smart.order.detail.pull` (orders with the ad's click ids) and `alibaba.ud.udsmartdata.get`
 * (the conversion relayed to the channel: data.result "0" ok, "-1" missing field, "-2" parse error, "-3" internal).
 */
export interface UdSettings {
  apiBase: string;
  appKey: string;
  appSecret: string;
  signMethod: TopSignMethod;
  session?: string;
  prodType: 1 | 2;
  /** 服务商 / 代理 member id, when the account has one. */
  memberId?: string;
}

const EVENT_TYPE: Record<UdPostback['event'], string> = { pay: '12', refund: '28', landing_click: '25' };

export function createUdConnector(s: UdSettings, http: HttpOptions = {}, now?: () => number): UdConnector {
  const top: TopClientConfig = {
    platform: 'ud',
    label: '阿里妈妈UD',
    apiBase: s.apiBase,
    appKey: s.appKey,
    appSecret: s.appSecret,
    signMethod: s.signMethod,
    session: s.session,
    http,
    now,
  };
  return {
    union: 'ud',
    maxWindowSeconds: UD_MAX_WINDOW,
    sameChinaDay: true,
    timeFields: ['update'],
    pullOrders: (window, cursor, timeField = 'update') =>
      timeField !== 'update'
        ? Promise.reject(onlyUpdate('ud', '阿里妈妈UD'))
        : pullUdOrders({ ...top, prodType: s.prodType }, window, cursor),

    async createMonitorUrls(req: MonitorUrlRequest): Promise<MonitorUrls> {
      const body = await topCall(top, 'alibaba.taobao.ud.smart.monitor.url.create', {
        monitor_url_top_request_dto: {
          item_id: Number(req.itemId),
          page_type: req.pageType,
          cus_h5_url: req.cusH5Url,
          cus_deep_link: req.cusDeepLink,
          channel_id: req.channelId,
          monitor_unique_id: req.monitorUniqueId,
          prod_type: req.prodType ?? s.prodType,
          member_id: (req.memberId ?? s.memberId) ? Number(req.memberId ?? s.memberId) : undefined,
          attribution_type: req.attributionType,
        },
      });
      const r = obj(body.result);
      const monitorUniqueId = str(r.monitor_unique_id);
      if (!monitorUniqueId || !str(r.click_url)) throw new ConnectorError('ud', 'protocol', '阿里妈妈UD未返回监测链接', 'empty');
      return {
        pvMonitorUrl: str(r.pv_monitor_url),
        clickMonitorUrl: str(r.click_monitor_url),
        clickUrl: str(r.click_url),
        deepLink: str(r.deep_link),
        universalLink: str(r.universal_link),
        monitorUniqueId,
        tracking: { union: 'ud', monitorUniqueId, channelId: String(req.channelId) },
      };
    },

    /** "-3" (UD internal error) is transient: retried here like a transport failure. */
    postback: (p: UdPostback): Promise<void> =>
      withRetries(async () => {
        const body = await topCall(top, 'alibaba.ud.udsmartdata.get', {
          ud_smart_service_request: {
            order_id: p.orderId,
            event_type: EVENT_TYPE[p.event],
            purchase_amount: String(p.purchaseFen),
            item_count: String(p.itemCount),
            item_id: p.itemId,
            event_time: String(p.eventTime),
            channel_id: p.channelId,
            callback_type: '1',
            advertiser_id: p.advertiserId,
            cm_click_id: p.cmClickId,
            ck_click_id: p.ckClickId,
            cm_request_id: p.cmRequestId,
            ck_request_id: p.ckRequestId,
            product_id: p.productId,
            app_access_token: p.appAccessToken,
            item_name: p.itemName,
            shop_name: p.shopName,
          },
        });
        const refused = udBusinessError(body, '阿里妈妈UD回传失败');
        if (refused) throw refused;
        const result = str(obj(body.data).result);
        if (result === '0') return;
        const reason = { '-1': '缺少必填字段', '-2': '参数解析失败', '-3': 'UD 内部错误' }[result] ?? '未知结果';
        throw new ConnectorError(
          'ud',
          result === '-3' ? 'transient' : 'refused',
          `阿里妈妈UD回传失败：${reason}（${result || '无结果'}）`,
          result || 'empty',
        );
      }, http),
  };
}
