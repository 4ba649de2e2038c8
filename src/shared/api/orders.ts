import {
  linkOrderInput,
  linkPostbackInput,
  linkPostbackView,
  orderIdInput,
  orderIndexInput,
  orderListInput,
  orderPage,
  orderPath,
  planOrderInput,
  postbackSettleInput,
  postbackSettleView,
} from '../orders.ts';
import { pddAuthorityInput, pddAuthorityPage } from '../pdd-authority.ts';
import { alias, contract } from './contract.ts';

/** Spec §7 Orders: order lists, one link's and one plan's orders, an order's explained path, a link's postback setting. */
const tag = '订单';

export const orderIndex = contract({
  path: '/capi/api/order/index',
  method: 'POST',
  access: 'orders',
  tag,
  summary: '订单列表（按推广链接、来源、预售/回流、跳转方式、状态、回传状态筛选；日期范围随 deposit 而定）',
  input: orderIndexInput,
  output: orderPage,
});
export const miniputOrder = alias(orderIndex, '/capi/api/miniput/order', '淘宝新链接（小程序）推广链接的订单列表');
export const advertiserOrder = contract({
  path: '/capi/api/advertiser/order',
  method: 'POST',
  access: 'links',
  tag,
  summary: '广告账户带来的订单（platform 为渠道，默认巨量；支持排序、回溯日期与历史区间）',
  input: orderListInput,
  output: orderPage,
});
export const weiboOrder = alias(advertiserOrder, '/capi/api/weibo/order', '微博广告带来的订单（回溯日期与历史区间同上）');
export const miniadOrder = alias(advertiserOrder, '/capi/api/miniad/order', '淘宝新链接（小程序）广告带来的订单（platform 为渠道）');
export const linkOrder = contract({
  path: '/capi/napi/link/order',
  method: 'POST',
  access: 'links',
  tag,
  summary: '一条推广链接的订单（筛选同订单列表），附合计与回传状态统计',
  input: linkOrderInput,
  output: orderPage,
});
export const promoteOrder = contract({
  path: '/capi/napi/promote/order',
  method: 'POST',
  access: 'links',
  tag,
  summary: '一个广告计划带来的订单',
  input: planOrderInput,
  output: orderPage,
});
export const landReport = contract({
  path: '/capi/api/land/report',
  method: 'POST',
  access: 'orders',
  tag,
  summary: '一笔订单的归因路径：广告、点击、落地页访问、跳转联盟、下单付款与回传，附中文说明',
  input: orderIdInput,
  output: orderPath,
});
export const linkPostback = contract({
  path: '/capi/napi/link/postback',
  method: 'POST',
  access: 'links',
  tag,
  summary: '推广链接的回传设置（在哪个订单状态回传，默认付款）与回传状态统计；传 postback_on 即修改',
  input: linkPostbackInput,
  output: linkPostbackView,
});

export const postbackSettle = contract({
  path: '/capi/napi/order/postback/settle',
  method: 'POST',
  access: 'orders',
  tag,
  okMsg: '已处理',
  summary: '处理待确认的回传（发送中断、平台不去重）：received 已收到（记为已回传），resend 重新发送一次；只能处理一次，记入操作日志',
  input: postbackSettleInput,
  output: postbackSettleView,
});
export const pddAuthority = contract({
  path: '/capi/napi/order/pdd-authority',
  method: 'POST',
  access: 'links',
  tag,
  summary: '尚未备案的拼多多推广身份（推广位 + uid）及其备案链接；recheck 为 true 时先向多多进宝重新查询',
  input: pddAuthorityInput,
  output: pddAuthorityPage,
});

export const orderContracts = [
  orderIndex,
  miniputOrder,
  advertiserOrder,
  weiboOrder,
  miniadOrder,
  linkOrder,
  promoteOrder,
  landReport,
  linkPostback,
  postbackSettle,
  pddAuthority,
];
