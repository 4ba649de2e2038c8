import { pageOrdersInput, pageOrdersView } from '../admin-reports.ts';
import { pagedList } from '../paging.ts';
import * as s from '../udsmart.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** UDSmart (spec §2 UDSmart routes; roles 5 and 6): docs/udsmart.md. A sub-account (6) sees only what it is assigned. */
const tag = 'UDSmart';

export const brandIndex = contract({
  path: '/capi/napi/udsmart/brand/index',
  method: 'POST',
  access: 'udsmart',
  tag,
  input: s.brandIndexInput,
  output: pagedList(s.brandView),
  summary: '品牌列表（UDSmart 管理员：自己的品牌；子账号：分配给自己的品牌）',
});
export const brandCreate = contract({
  path: '/capi/napi/udsmart/brand/create',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  okMsg: '创建成功',
  input: s.brandCreateInput,
  output: s.brandView,
  summary: '新建品牌（名称、Logo 文字）',
});
export const brandUpdate = contract({
  path: '/capi/napi/udsmart/brand/update',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  okMsg: '保存成功',
  input: s.brandUpdateInput,
  output: s.brandView,
  summary: '修改品牌',
});
export const brandDelete = contract({
  path: '/capi/napi/udsmart/brand/delete',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  okMsg: '删除成功',
  input: s.brandIdInput,
  output: z.null(),
  summary: '删除品牌（解除其广告账户与子账号分配）',
});
export const brandBind = contract({
  path: '/capi/napi/udsmart/brand/bind',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  okMsg: '保存成功',
  input: s.brandBindInput,
  output: s.brandView,
  summary: '设置品牌绑定的巨量、腾讯、快手广告账户（一个账户只属于一个品牌）',
});
export const brandCandidates = contract({
  path: '/capi/napi/udsmart/brand/candidates',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  input: s.candidatesInput,
  output: z.array(s.udAccountView),
  summary: '可绑定的广告账户（巨量、腾讯、快手；未绑定或已绑定到自己的品牌）',
});
export const subIndex = contract({
  path: '/capi/napi/udsmart/sub/index',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  input: z.object({}),
  output: z.array(s.subView),
  summary: '子账号及其分配的品牌和广告账户',
});
export const subAssign = contract({
  path: '/capi/napi/udsmart/sub/assign',
  method: 'POST',
  access: 'udsmartAdmin',
  tag,
  okMsg: '保存成功',
  input: s.subAssignInput,
  output: s.subView,
  summary: '设置子账号可见的品牌和广告账户',
});
export const udPreview = contract({
  path: '/capi/napi/udsmart/preview',
  method: 'POST',
  access: 'udsmart',
  tag,
  input: s.previewInput,
  output: s.previewView,
  summary: '数据查看：按品牌的消耗、展示、点击、订单、GMV、ROI，按日趋势与落地页',
});
export const udAccounts = contract({
  path: '/capi/napi/udsmart/account/index',
  method: 'POST',
  access: 'udsmart',
  tag,
  input: s.accountIndexInput,
  output: pagedList(s.accountRow),
  summary: '广告账户列表：授权状态、期间消耗、最近同步',
});
export const udPageOrders = contract({
  path: '/capi/napi/udsmart/page/orders',
  method: 'POST',
  access: 'udsmart',
  tag,
  input: pageOrdersInput,
  output: pageOrdersView,
  summary: '一个落地页经可见广告账户成交的订单明细',
});

export const udsmartContracts = [
  brandIndex,
  brandCreate,
  brandUpdate,
  brandDelete,
  brandBind,
  brandCandidates,
  subIndex,
  subAssign,
  udPreview,
  udAccounts,
  udPageOrders,
];
