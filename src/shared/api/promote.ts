import { pagedList } from '../paging.ts';
import {
  changeLogEntry,
  changeLogInput,
  detailRef,
  entityRef,
  previewResult,
  promoteDetailView,
  promoteEditInput,
  promoteFilterInput,
  promoteIndexInput,
  promoteList,
  promoteSum,
  taskResult,
  taskUpdateInput,
  trendInput,
  trendResult,
} from '../promote-schemas.ts';
import { contract } from './contract.ts';

/** Spec §7 Promotion (napi): `/capi/napi/promote/*` and `/capi/napi/task/update`. docs/api-promotion.md. */
const tag = '推广管理';
const access = 'promote';

export const promoteIndex = contract({
  path: '/capi/napi/promote/index',
  method: 'POST',
  access,
  tag,
  input: promoteIndexInput,
  output: promoteList,
  summary: '推广树的一层（广告账户 → 广告组 → 计划 → 创意，按平台命名）：状态、预算、出价与所选日期的各项指标，可按任一指标排序',
});
export const promoteSumdata = contract({
  path: '/capi/napi/promote/sumdata',
  method: 'POST',
  access,
  tag,
  input: promoteFilterInput,
  output: promoteSum,
  summary: '与列表相同筛选条件下的合计行（先合计再计算比率）',
});
export const promoteEdit = contract({
  path: '/capi/napi/promote/edit',
  method: 'POST',
  access,
  tag,
  input: promoteEditInput,
  output: taskResult,
  summary: '修改一个广告组、计划或创意的投放状态、日预算或出价：经平台接口提交，答复平台的结果并写入修改记录',
});
export const promotePreview = contract({
  path: '/capi/napi/promote/preview',
  method: 'POST',
  access,
  tag,
  input: entityRef.extend({ type: entityRef.shape.type.unwrap().default('creative') }),
  output: previewResult,
  summary: '预览一个创意：素材类型（竖版视频、横版视频、标题、小图、横版大图、竖版大图、搜索大图、搜索小图、其他）与它带去的落地页',
});
export const promoteDetail = contract({
  path: '/capi/napi/promote/detail',
  method: 'POST',
  access,
  tag,
  input: detailRef,
  output: promoteDetailView,
  summary: '一个推广对象的详情：上级、带去的推广链接与状态历史',
});
export const promoteTrend = contract({
  path: '/capi/napi/promote/trend',
  method: 'POST',
  access,
  tag,
  input: trendInput,
  output: trendResult,
  summary: '一个推广对象按小时或按天的指标走势',
});
export const promoteLog = contract({
  path: '/capi/napi/promote/log',
  method: 'POST',
  access,
  tag,
  input: changeLogInput,
  output: pagedList(changeLogEntry),
  summary: '修改记录：谁、何时、改了什么（前后值）与平台的答复',
});
export const taskUpdate = contract({
  path: '/capi/napi/task/update',
  method: 'POST',
  access,
  tag,
  input: taskUpdateInput,
  output: taskResult,
  summary: '批量启用或暂停（一个任务，逐项答复平台结果）',
});

export const promoteContracts = [
  promoteIndex,
  promoteSumdata,
  promoteEdit,
  promotePreview,
  promoteDetail,
  promoteTrend,
  promoteLog,
  taskUpdate,
];
