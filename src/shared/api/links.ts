import {
  advertiserOption,
  channelSchema,
  customerOption,
  landIndexInput,
  linkCreateInput,
  linkIndexInput,
  linkLogEntry,
  linkLogInput,
  linkUpdateInput,
  linkView,
  pageidInput,
} from '../links.ts';
import { pagedList } from '../paging.ts';
import { linkMetricsInput, linkMetricsOutput, linkStatsInput, statsResult } from '../stats.ts';
import { z } from '../zod.ts';
import { alias, contract } from './contract.ts';

/** Spec §7 Links (napi) `/capi/napi/link/*` and the old console's `/capi/api/land/*`. */
const tag = '推广链接';

export const linkIndex = contract({
  path: '/capi/napi/link/index',
  method: 'POST',
  access: 'links',
  tag,
  summary: '推广链接列表（按跳转方式、平台、渠道、客户、广告主筛选，搜索链接编号/商品/名称）',
  input: linkIndexInput,
  output: pagedList(linkView),
});
export const linkCreate = contract({
  path: '/capi/napi/link/create',
  method: 'POST',
  access: 'links',
  tag,
  okMsg: '创建成功',
  summary: '创建推广链接：转换商品、生成落地页与点击/展示监测链接',
  input: linkCreateInput,
  output: linkView,
});
export const linkUpdate = contract({
  path: '/capi/napi/link/update',
  method: 'POST',
  access: 'links',
  tag,
  okMsg: '保存成功',
  summary: '修改推广链接（只改传入的字段，写入修改记录）',
  input: linkUpdateInput,
  output: linkView,
});
export const linkDelete = contract({
  path: '/capi/napi/link/delete',
  method: 'POST',
  access: 'links',
  tag,
  okMsg: '删除成功',
  summary: '删除推广链接（编号不再复用）',
  input: pageidInput,
  output: z.null(),
});
export const linkDetail = contract({
  path: '/capi/napi/link/detail',
  method: 'POST',
  access: 'links',
  tag,
  summary: '一条推广链接',
  input: pageidInput,
  output: linkView,
});
export const linkLog = contract({
  path: '/capi/napi/link/log',
  method: 'POST',
  access: 'links',
  tag,
  summary: '推广链接的修改记录',
  input: linkLogInput,
  output: pagedList(linkLogEntry),
});
export const linkCustomers = contract({
  path: '/capi/napi/link/customers',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '可选客户及其各渠道广告主（仅代理商与管理员有内容）',
  input: z.object({}),
  output: z.array(customerOption),
});
export const linkStats = contract({
  path: '/capi/napi/link/stats',
  method: 'POST',
  access: 'links',
  tag,
  summary: '推广链接的流量：我们监测到的展示、点击、访问与平台报表的展示、点击并列（按小时或按天），以及两边不一致的原因',
  input: linkStatsInput,
  output: statsResult,
});
export const linkMetrics = contract({
  path: '/capi/napi/link/metrics',
  method: 'POST',
  access: 'links',
  tag,
  summary: '一页推广链接在所选日期内的点击、订单、消耗与 ROI（链接列表的数据列）',
  input: linkMetricsInput,
  output: linkMetricsOutput,
});

export const landIndex = alias(linkIndex, '/capi/api/land/index', '旧版：推广链接列表');
export const landV2Index = contract({
  path: '/capi/api/land/v2/index',
  method: 'POST',
  access: 'links',
  tag,
  summary: '旧版：推广链接列表（jump_type 即跳转方式）',
  input: landIndexInput,
  output: pagedList(linkView),
});
export const landAdlist = contract({
  path: '/capi/api/land/adlist',
  method: 'POST',
  access: 'links',
  tag,
  summary: '旧版：当前账号已授权的广告主（可按渠道 state 筛选；代理商含名下子客户）',
  input: z.object({ state: channelSchema.optional() }),
  output: z.array(advertiserOption),
});
/** `/api/land/{action}` and `/api/land/v2/{action}`: the same services as `/napi/link`. */
const landActions = (prefix: string, label: string) =>
  [
    alias(linkCreate, `${prefix}/create`, `${label}：创建推广链接`),
    alias(linkUpdate, `${prefix}/update`, `${label}：修改推广链接`),
    alias(linkDelete, `${prefix}/delete`, `${label}：删除推广链接`),
    alias(linkDetail, `${prefix}/detail`, `${label}：一条推广链接`),
  ] as const;
export const [landCreate, landUpdate, landDelete, landDetail] = landActions('/capi/api/land', '旧版');
export const [landV2Create, landV2Update, landV2Delete, landV2Detail] = landActions('/capi/api/land/v2', '旧版 v2');

export const linkContracts = [
  linkIndex,
  linkCreate,
  linkUpdate,
  linkDelete,
  linkDetail,
  linkLog,
  linkCustomers,
  linkStats,
  linkMetrics,
  landIndex,
  landV2Index,
  landAdlist,
  landCreate,
  landUpdate,
  landDelete,
  landDetail,
  landV2Create,
  landV2Update,
  landV2Delete,
  landV2Detail,
];
