import { pagedList } from '../paging.ts';
import {
  miniappAddInput,
  miniappDeleteInput,
  miniBindResult,
  miniPromotion,
  miniplanIndexInput,
  miniputDetailInput,
  miniputIndexInput,
  miniputStatusInput,
  planIndexInput,
  planUpdateInput,
  wbplanIndexInput,
  wbplanUpdateInput,
} from '../promote-old-schemas.ts';
import { promoteList, taskResult } from '../promote-schemas.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/**
 * The old version's plan calls (spec §7 Plans, `/api/miniput/*`, `/napi/miniapp/*`): the same services as the
 * promote API. docs/api-promotion.md says what each one does.
 */
const tag = '推广管理（旧版）';
const access = 'promote';

export const planIndex = contract({
  path: '/capi/api/plan/index',
  method: 'POST',
  access,
  tag,
  input: planIndexInput,
  output: promoteList,
  summary: '旧版：一个广告账户的广告计划（social 为渠道，默认 2 巨量）及所选日期的指标',
});
export const planUpdate = contract({
  path: '/capi/api/plan/update',
  method: 'POST',
  access,
  tag,
  input: planUpdateInput,
  output: taskResult,
  summary: '旧版：启用/暂停该账户的计划（ids + action），或修改一个计划的日预算/出价（id + budget 或 bid）',
});
export const wbplanIndex = contract({
  path: '/capi/api/wbplan/index',
  method: 'POST',
  access,
  tag,
  input: wbplanIndexInput,
  output: promoteList,
  summary: '旧版：一个微博广告账户（customer_id）的广告及所选日期的指标',
});
export const wbplanHupdate = contract({
  path: '/capi/api/wbplan/hupdate',
  method: 'POST',
  access,
  tag,
  input: wbplanUpdateInput,
  output: taskResult,
  summary: '旧版：启用/暂停该微博账户的广告，或修改一个广告的出价',
});
export const miniplanIndex = contract({
  path: '/capi/api/miniplan/index',
  method: 'POST',
  access,
  tag,
  input: miniplanIndexInput,
  output: promoteList,
  summary: '旧版：一个广告账户里推广淘宝新链接小程序链接的计划（可按链接筛选）',
});
export const miniputIndex = contract({
  path: '/capi/api/miniput/index',
  method: 'POST',
  access,
  tag,
  input: miniputIndexInput,
  output: pagedList(miniPromotion),
  summary: '旧版：淘宝新链接小程序推广列表（type 为渠道）：每条小程序链接及推广它的计划数与指标',
});
export const miniputDetail = contract({
  path: '/capi/api/miniput/detail',
  method: 'POST',
  access,
  tag,
  input: miniputDetailInput,
  output: z.object({ promotion: miniPromotion, plans: promoteList }),
  summary: '旧版：一条小程序推广：链接与推广它的计划',
});
export const miniputStatus = contract({
  path: '/capi/api/miniput/status',
  method: 'POST',
  access,
  tag,
  input: miniputStatusInput,
  output: taskResult,
  summary: '旧版：启用或暂停一条小程序推广的全部计划（一个任务，逐项答复）',
});
export const miniappAdd = contract({
  path: '/capi/napi/miniapp/add',
  method: 'POST',
  access,
  tag,
  input: miniappAddInput,
  output: miniBindResult,
  okMsg: '添加成功',
  summary: '把计划登记为推广一条小程序链接（计划直达小程序、链接里没有我们的监测地址时）',
});
export const miniappDelete = contract({
  path: '/capi/napi/miniapp/delete',
  method: 'POST',
  access,
  tag,
  input: miniappDeleteInput,
  output: miniBindResult,
  okMsg: '删除成功',
  summary: '取消计划与小程序链接的登记',
});

export const planContracts = [
  planIndex,
  planUpdate,
  wbplanIndex,
  wbplanHupdate,
  miniplanIndex,
  miniputIndex,
  miniputDetail,
  miniputStatus,
  miniappAdd,
  miniappDelete,
];
