/**
 * `/api/land/report {orderid}`: one order's path from the ad to the sale in plain Chinese — the ad and its click,
 * the landing visit, the jump into the union, the order and its payments, the rule that tied them, the postback.
 * Every step says what we know and says so when we do not know it.
 */

import { channelLabel, platformLabel } from '../../shared/catalog.ts';
import { chinaDateTime } from '../../shared/china-clock.ts';
import { yuanText } from '../../shared/money.ts';
import {
  ATTRIBUTION_RULE,
  type AttributionRule,
  ESTIMATE_MARK,
  ESTIMATED_RULES,
  ORDER_STATUS,
  type OrderPath,
  type OrderStatusName,
  POSTBACK_STATE,
  type PostbackState,
  UNION_LABEL,
  type UnionName,
} from '../../shared/orders.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import { clicksByIds, visitsByIds } from '../tracking/lookup.ts';
import { POSTBACK_MAX_AGE_SECONDS } from './ingest.ts';
import { findOrder, postbackOf } from './list-store.ts';
import { orderScopeOf } from './scope.ts';
import { views } from './service.ts';

const at = (t: number) => chinaDateTime(t);
const levelNames = (c: number) =>
  c === 4
    ? { campaign: '广告', plan: '创意' }
    : c === 5
      ? { campaign: '广告计划', plan: '广告组' }
      : c === 10
        ? { campaign: '计划', plan: '单元' }
        : { campaign: '项目', plan: '广告计划' };

type Step = OrderPath['steps'][number];

export async function orderPath(deps: Deps, actor: Actor, orderId: string): Promise<OrderPath> {
  const row = await findOrder(deps.db, await orderScopeOf(deps.db, actor), orderId);
  if (!row) throw notFound('订单不存在');
  const [order] = await views(deps, [row]);
  const [visit] = await visitsByIds(deps.db, [row.visit_event_id]);
  const [click] = await clicksByIds(deps.db, [row.click_event_id]);
  const pb = await postbackOf(deps.db, row.union_name, row.order_id);
  const union = UNION_LABEL[row.union_name as UnionName] ?? row.union_name;
  const names = levelNames(row.channel);
  const steps: Step[] = [];

  const estimated = ESTIMATED_RULES.has(row.attribution_rule);
  if (row.plan_id || row.advertiser_id) {
    const parts = [
      row.advertiser_id && `广告主 ${row.advertiser_id}`,
      row.campaign_id && `${names.campaign} ${row.campaign_id}`,
      row.plan_id && `${names.plan} ${row.plan_id}`,
      row.creative_id && `创意 ${row.creative_id}`,
    ].filter(Boolean);
    const ad = `${channelLabel(row.channel, '未知渠道')}上${parts.join('、')}的广告`;
    const text =
      row.attribution_rule === 'link_plan'
        ? `没有点击或访问带着广告信息；时间窗内只有这一个计划投放该推广链接：${ad}`
        : estimated
          ? `${ESTIMATE_MARK}：没有点击或访问带着广告信息，时间窗内有多个计划投放该推广链接，归到点击最多的：${ad}`
          : ad;
    steps.push({ key: 'ad', title: estimated ? `广告（${ESTIMATE_MARK}）` : '广告', text, at: click ? click.received_at : 0 });
  } else if (row.customerid > 0) {
    const why = visit
      ? '落地页访问没有带广告信息（没有对应到广告点击），时间窗内也没有计划投放该推广链接'
      : row.union_name === 'ud'
        ? '联盟订单没有带广告信息，时间窗内也没有落地页访问或投放该推广链接的计划'
        : '联盟没有回传点击信息，时间窗内没有落地页访问，也没有计划投放该推广链接';
    steps.push({ key: 'ad', title: '广告', text: `没有找到带来这笔订单的广告：${why}，订单只归到推广链接（未归因到计划）`, at: 0 });
  }
  if (click) {
    const cb = click.callback ? '，带有回传参数' : '，没有回传参数';
    steps.push({
      key: 'click',
      title: '广告点击',
      text: `${at(click.received_at)} 广告平台通知了一次点击${click.clickid ? `（点击 ID ${click.clickid}）` : ''}${cb}`,
      at: click.received_at,
    });
  }
  if (visit) {
    const id = visit.clickid ? `，带着点击 ID ${visit.clickid}` : '';
    steps.push({
      key: 'visit',
      title: '落地页访问',
      text: `${at(visit.received_at)} 用户打开了推广链接「${order!.link_title || row.pageid}」（${row.pageid}）的落地页${id}`,
      at: visit.received_at,
    });
  }
  if (row.click_at > 0)
    steps.push({ key: 'jump', title: '进入联盟', text: `${at(row.click_at)} 用户从落地页跳转到${union}的推广链接`, at: row.click_at });
  const money = row.presell
    ? `订单金额 ${yuanText(row.order_fen)}（预售，定金 ${yuanText(row.deposit_fen)}）`
    : `订单金额 ${yuanText(row.order_fen)}`;
  steps.push({
    key: 'order',
    title: '下单',
    text: `${row.created_at ? at(row.created_at) : '时间未知'} 在${union}下单「${row.item_title || row.item_id}」× ${row.item_num}，${money}，预估佣金 ${yuanText(row.commission_fen)}`,
    at: row.created_at,
  });
  if (row.deposit_paid_at > 0)
    steps.push({ key: 'deposit', title: '付定金', text: `${at(row.deposit_paid_at)} 付定金`, at: row.deposit_paid_at });
  if (row.paid_at > 0)
    steps.push({ key: 'pay', title: '付款', text: `${at(row.paid_at)} 付款 ${yuanText(row.paid_fen)}`, at: row.paid_at });
  if (row.received_at > 0) steps.push({ key: 'receive', title: '确认收货', text: `${at(row.received_at)} 确认收货`, at: row.received_at });
  if (row.settled_at > 0) steps.push({ key: 'settle', title: '结算', text: `${at(row.settled_at)} 联盟结算佣金`, at: row.settled_at });
  if (row.refunded_at > 0)
    steps.push({ key: 'refund', title: '退款', text: `${at(row.refunded_at)} 订单退款，不再计入成交`, at: row.refunded_at });
  const status = ORDER_STATUS[row.status as OrderStatusName] ?? row.status;
  const platform = platformLabel(row.link_platform);
  const rule = ATTRIBUTION_RULE[row.attribution_rule as AttributionRule] ?? row.attribution_rule;
  steps.push({
    key: 'attribution',
    title: '归因',
    text:
      row.customerid > 0
        ? `按「${rule}」归到${platform}推广链接 ${row.pageid}${row.plan_id ? `、${names.plan} ${row.plan_id}${estimated ? `（${ESTIMATE_MARK}）` : ''}` : '（未归因到计划）'}，当前状态：${status}`
        : `未归因：${rule}`,
    at: 0,
  });
  const pbText =
    row.postback_state === 'sent' && pb
      ? `${at(pb.sent_at)} 已回传给${row.union_name === 'ud' ? '阿里妈妈 UD（由其转给媒体）' : channelLabel(row.channel, '未知渠道')}`
      : row.postback_state === 'in_doubt' && pb
        ? `${POSTBACK_STATE.in_doubt}：${pb.last_error}`
        : row.postback_state === 'failed' && pb
          ? `回传失败（已尝试 ${pb.attempts} 次）：${pb.last_error}`
          : row.postback_state === 'pending' && pb
            ? `待回传${pb.attempts ? `（已尝试 ${pb.attempts} 次，上次失败：${pb.last_error}）` : ''}`
            : row.callback && row.created_at < deps.clock.now() - POSTBACK_MAX_AGE_SECONDS
              ? `${POSTBACK_STATE.none}：转化发生在 7 天以前，平台已不再接收`
              : row.callback
                ? `${POSTBACK_STATE.none}：订单尚未到达该链接设置的回传时机`
                : click
                  ? `${POSTBACK_STATE.none}：这次点击没有带回传参数`
                  : `${POSTBACK_STATE.none}：没有对应到广告点击，没有可回传的点击参数`;
  steps.push({
    key: 'postback',
    title: '回传',
    text: pbText || POSTBACK_STATE[row.postback_state as PostbackState],
    at: (row.postback_state === 'in_doubt' ? pb?.in_doubt_at : pb?.sent_at) ?? 0,
  });
  return { order: order!, steps, text: steps.map((s) => s.text).join('；') + '。' };
}
