import {
  boardCardInput,
  boardCardOutput,
  boardListInput,
  boardListOutput,
  indexBoardInput,
  indexBoardOutput,
  indexDetailInput,
  itemDetailInput,
  itemDetailOutput,
  itemIndexInput,
  itemIndexOutput,
  itemOrderInput,
  itemOrderOutput,
  rankList,
} from '../dashboard.ts';
import { contract } from './contract.ts';

/**
 * Spec §7 Dashboard (`/api/index/*`), Board (napi) and item-effect analysis (`/napi/itemanalyse/*`). Every answer
 * is read from the hourly and daily facts (ad reports, attributed orders, link rollups), scoped to the caller:
 * a customer its own data, an agent itself and its sub-customers (or one of them), admins everyone.
 * docs/api-dashboard.md defines each field.
 */
const tag = '数据看板';

export const indexBoard = contract({
  path: '/capi/api/index/board',
  method: 'POST',
  access: 'boards',
  tag,
  summary: '数据看板卡片：所选时段（type）的各项指标、上一同长时段及环比，并按渠道分列',
  input: indexBoardInput,
  output: indexBoardOutput,
});
export const indexDetail = contract({
  path: '/capi/api/index/detail',
  method: 'POST',
  access: 'boards',
  tag,
  summary: '排行明细：按广告主、广告组、计划、推广链接、商品或客户（ad）分行，可按任一指标排序，每页至多 50 条',
  input: indexDetailInput,
  output: rankList,
});
export const boardCard = contract({
  path: '/capi/napi/board/card',
  method: 'POST',
  access: 'boards',
  tag,
  summary: '概览卡片与趋势：所选日期的指标、上一同长时段及环比，按小时或按天的趋势',
  input: boardCardInput,
  output: boardCardOutput,
});
export const boardList = contract({
  path: '/capi/napi/board/list',
  method: 'POST',
  access: 'boards',
  tag,
  summary: '概览列表：按小时、天、渠道、客户或广告主（method）分行的指标',
  input: boardListInput,
  output: boardListOutput,
});
export const itemAnalyseIndex = contract({
  path: '/capi/napi/itemanalyse/index',
  method: 'POST',
  access: 'boards',
  tag: '商品效果分析',
  summary: '商品效果分析：每个商品的消耗、点击、订单、成交金额、ROI 与转化率',
  input: itemIndexInput,
  output: itemIndexOutput,
});
export const itemAnalyseDetail = contract({
  path: '/capi/napi/itemanalyse/detail',
  method: 'POST',
  access: 'boards',
  tag: '商品效果分析',
  summary: '一个商品的指标、环比、趋势，以及推广它的链接和计划',
  input: itemDetailInput,
  output: itemDetailOutput,
});
export const itemAnalyseOrder = contract({
  path: '/capi/napi/itemanalyse/order',
  method: 'POST',
  access: 'boards',
  tag: '商品效果分析',
  summary: '一个商品在所选日期内的归因订单',
  input: itemOrderInput,
  output: itemOrderOutput,
});

export const dashboardContracts = [indexBoard, indexDetail, boardCard, boardList, itemAnalyseIndex, itemAnalyseDetail, itemAnalyseOrder];
