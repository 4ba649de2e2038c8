import { CHANNELS, isChannel, isPlatform, PLATFORMS } from '../../../shared/catalog.ts';
import { fenToYuanOrNull } from '../../../shared/money.ts';
import {
  ATTRIBUTION_RULE,
  type AttributionRule,
  ORDER_STATUS,
  type OrderStatusName,
  type OrderView,
  orderIndexInput,
  POSTBACK_STATE,
  type PostbackState,
  UNION_LABEL,
  type UnionName,
} from '../../../shared/orders.ts';
import { countIndexOrders, indexOrderPages, type OrderIndexFilters } from '../../orders/service.ts';
import { defineKind, PAGE_ROWS } from '../kind.ts';

/** 0 is "not yet / unknown" in the orders' times: an empty cell, like the list's '--'. */
const time = (at: number): number | null => (at > 0 ? at : null);
const named = <T extends string>(table: Record<T, string>, v: string): string => table[v as T] ?? v;

/**
 * 订单 (`/capi/api/order/index` filters; the console's order panel of a link sends `pubid` = the link): the
 * list's orders in its order, through the orders service's keyset pages in the caller's order scope (customers
 * their own, agents their sub-customers', admins all, UDSmart accounts the orders of their ad accounts).
 */
export const ordersKind = defineKind<OrderIndexFilters, OrderView>({
  kind: 'orders',
  label: '订单',
  access: 'orders',
  filters: orderIndexInput.omit({ page: true, pagesize: true }),
  count: countIndexOrders,
  pages: (deps, actor, filters) => indexOrderPages(deps, actor, filters, PAGE_ROWS),
  columns: [
    { key: 'order_id', label: '订单号', type: 'text', width: 22, value: (o) => o.order_id },
    { key: 'parent_order_id', label: '父订单号', type: 'text', width: 22, value: (o) => o.parent_order_id },
    { key: 'union', label: '联盟', type: 'text', width: 12, value: (o) => named<UnionName>(UNION_LABEL, o.union) },
    { key: 'item_id', label: '商品 ID', type: 'text', width: 16, value: (o) => o.item_id },
    { key: 'item_title', label: '商品名称', type: 'text', width: 30, value: (o) => o.item_title },
    { key: 'item_num', label: '数量', type: 'integer', width: 8, value: (o) => o.item_num },
    { key: 'shop_name', label: '店铺', type: 'text', width: 18, value: (o) => o.shop_name },
    { key: 'status', label: '订单状态', type: 'text', width: 10, value: (o) => named<OrderStatusName>(ORDER_STATUS, o.status) },
    { key: 'presell', label: '预售', type: 'text', width: 6, value: (o) => (o.presell ? '是' : '否') },
    { key: 'order_fen', label: '订单金额（元）', type: 'money', value: (o) => fenToYuanOrNull(o.order_fen) },
    { key: 'paid_fen', label: '付款金额（元）', type: 'money', value: (o) => fenToYuanOrNull(o.paid_fen) },
    { key: 'deposit_fen', label: '定金（元）', type: 'money', width: 12, value: (o) => fenToYuanOrNull(o.deposit_fen) },
    { key: 'commission_fen', label: '预估佣金（元）', type: 'money', value: (o) => fenToYuanOrNull(o.commission_fen) },
    { key: 'commission_rate', label: '佣金比例', type: 'percent', value: (o) => o.commission_bp / 10000 },
    { key: 'created_at', label: '下单时间', type: 'datetime', value: (o) => time(o.created_at) },
    { key: 'paid_at', label: '付款时间', type: 'datetime', value: (o) => time(o.paid_at) },
    { key: 'deposit_paid_at', label: '定金付款时间', type: 'datetime', value: (o) => time(o.deposit_paid_at) },
    { key: 'received_at', label: '收货时间', type: 'datetime', value: (o) => time(o.received_at) },
    { key: 'settled_at', label: '结算时间', type: 'datetime', value: (o) => time(o.settled_at) },
    { key: 'refunded_at', label: '退款时间', type: 'datetime', value: (o) => time(o.refunded_at) },
    { key: 'pageid', label: '推广链接编号', type: 'text', width: 13, value: (o) => o.pageid },
    { key: 'link_title', label: '推广链接名称', type: 'text', width: 24, value: (o) => o.link_title },
    {
      key: 'link_platform',
      label: '商品平台',
      type: 'text',
      width: 14,
      value: (o) => (isPlatform(o.link_platform) ? PLATFORMS[o.link_platform] : ''),
    },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (o) => o.customerid },
    { key: 'channel', label: '广告渠道', type: 'text', width: 12, value: (o) => (isChannel(o.channel) ? CHANNELS[o.channel] : '') },
    { key: 'advertiser_id', label: '广告主 ID', type: 'text', width: 18, value: (o) => o.advertiser_id },
    { key: 'campaign_id', label: '广告组 ID', type: 'text', width: 20, value: (o) => o.campaign_id },
    { key: 'plan_id', label: '广告计划 ID', type: 'text', width: 20, value: (o) => o.plan_id },
    { key: 'creative_id', label: '创意 ID', type: 'text', width: 20, value: (o) => o.creative_id },
    { key: 'click_ref', label: '点击 ID', type: 'text', width: 24, value: (o) => o.click_ref },
    { key: 'click_at', label: '点击时间', type: 'datetime', value: (o) => time(o.click_at) },
    { key: 'visit_at', label: '落地页访问时间', type: 'datetime', value: (o) => time(o.visit_at) },
    {
      key: 'attribution_rule',
      label: '归因方式',
      type: 'text',
      width: 30,
      value: (o) => (o.attribution_rule ? named<AttributionRule>(ATTRIBUTION_RULE, o.attribution_rule) : ''),
    },
    {
      key: 'postback_state',
      label: '回传状态',
      type: 'text',
      width: 10,
      value: (o) => named<PostbackState>(POSTBACK_STATE, o.postback_state),
    },
    { key: 'postback_attempts', label: '回传次数', type: 'integer', width: 8, value: (o) => o.postback_attempts },
    { key: 'postback_error', label: '回传失败原因', type: 'text', width: 30, value: (o) => o.postback_error },
  ],
});
