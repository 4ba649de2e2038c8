import * as s from '../admin.ts';
import * as r from '../admin-reports.ts';
import { pagedList } from '../paging.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** The platform admins' area (spec §2 admin routes; roles 1 and 2): docs/api-admin.md. */
const tag = '管理后台';
const admin = 'admin' as const;

export const adminHome = contract({
  path: '/capi/napi/admin/home',
  method: 'POST',
  access: admin,
  tag,
  input: r.homeInput,
  output: r.homeView,
  summary: '后台首页：今日全平台（按账户类型）活跃客户、消耗、展示、点击、订单、GMV、ROI，趋势，同步健康，消耗最高的客户与落地页',
});
export const adminHealth = contract({
  path: '/capi/napi/admin/health',
  method: 'POST',
  access: admin,
  tag,
  input: r.healthInput,
  output: pagedList(r.healthItem),
  summary: '同步健康明细：需要重新授权的广告账户、失败的任务、回传死信',
});

export const clientIndex = contract({
  path: '/capi/napi/admin/client/index',
  method: 'POST',
  access: admin,
  tag,
  input: s.clientIndexInput,
  output: pagedList(s.clientView),
  summary: '客户列表（广告主与代理商；按类型、状态、代理商、到期筛选，搜索邮箱/公司/联系人/手机号）',
});
export const clientCreate = contract({
  path: '/capi/napi/admin/client/create',
  method: 'POST',
  access: admin,
  tag,
  okMsg: '创建成功',
  input: s.clientCreateInput,
  output: s.clientView,
  summary: '新建客户或代理商（可直接挂到代理商名下）',
});
export const clientUpdate = contract({
  path: '/capi/napi/admin/client/update',
  method: 'POST',
  access: admin,
  tag,
  okMsg: '保存成功',
  input: s.clientUpdateInput,
  output: s.clientView,
  summary: '修改客户：公司、联系人、手机、邮箱、类型、推广类型、到期时间、状态（禁用立即结束其全部登录）',
});
export const clientExtend = contract({
  path: '/capi/napi/admin/client/extend',
  method: 'POST',
  access: admin,
  tag,
  okMsg: '已延期',
  input: s.clientExtendInput,
  output: s.clientView,
  summary: '延长客户有效期 N 天（从到期日或今天起，取较晚者）',
});
export const clientAssign = contract({
  path: '/capi/napi/admin/client/assign',
  method: 'POST',
  access: admin,
  tag,
  okMsg: '保存成功',
  input: s.clientAssignInput,
  output: s.clientView,
  summary: '把广告主分配给代理商（agent_id=0 解除）',
});
export const clientReset = contract({
  path: '/capi/napi/admin/client/reset',
  method: 'POST',
  access: admin,
  tag,
  okMsg: '重置密码邮件已发送',
  input: s.clientIdInput,
  output: z.null(),
  summary: '给客户发送重置密码邮件（验证码，15 分钟内有效）',
});

export const costIndex = contract({
  path: '/capi/napi/admin/cost/index',
  method: 'POST',
  access: admin,
  tag,
  input: r.costInput,
  output: r.costView,
  summary: '消耗概览：客户 × 账户类型 × 日的消耗、合计、趋势与环比；指定客户时按日展开',
});

export const managerIndex = contract({
  path: '/capi/napi/admin/manager/index',
  method: 'POST',
  access: admin,
  tag,
  input: s.managerIndexInput,
  output: pagedList(s.managerView),
  summary: '管理员列表（角色 1、2、5、6；管理员只读）',
});
export const managerCreate = contract({
  path: '/capi/napi/admin/manager/create',
  method: 'POST',
  access: 'superAdmin',
  tag,
  okMsg: '创建成功',
  input: s.managerCreateInput,
  output: s.managerView,
  summary: '新建管理员、UDSmart 管理员或 UDSmart 子账号（仅超级管理员）',
});
export const managerUpdate = contract({
  path: '/capi/napi/admin/manager/update',
  method: 'POST',
  access: 'superAdmin',
  tag,
  okMsg: '保存成功',
  input: s.managerUpdateInput,
  output: s.managerView,
  summary: '修改管理员的姓名、手机号、角色（不能修改自己和超级管理员）',
});
export const managerStatus = contract({
  path: '/capi/napi/admin/manager/status',
  method: 'POST',
  access: 'superAdmin',
  tag,
  okMsg: '保存成功',
  input: s.managerStatusInput,
  output: s.managerView,
  summary: '启用或禁用管理员（禁用立即结束其全部登录）',
});
export const managerPassword = contract({
  path: '/capi/napi/admin/manager/passwd',
  method: 'POST',
  access: 'superAdmin',
  tag,
  okMsg: '密码已重置',
  input: s.managerPasswordInput,
  output: z.null(),
  summary: '重置管理员密码（结束其全部登录）',
});

export const auditIndex = contract({
  path: '/capi/napi/admin/audit/index',
  method: 'POST',
  access: admin,
  tag,
  input: s.auditIndexInput,
  output: pagedList(s.auditView),
  summary: '操作日志：谁、何时、做了什么、修改前后',
});

export const agentOrders = contract({
  path: '/capi/napi/admin/agentorder/index',
  method: 'POST',
  access: admin,
  tag,
  input: r.pageOrdersInput,
  output: r.pageOrdersView,
  summary: '一个落地页（推广链接）的订单，附客户与其代理商',
});

export const adminContracts = [
  adminHome,
  adminHealth,
  clientIndex,
  clientCreate,
  clientUpdate,
  clientExtend,
  clientAssign,
  clientReset,
  costIndex,
  managerIndex,
  managerCreate,
  managerUpdate,
  managerStatus,
  managerPassword,
  auditIndex,
  agentOrders,
];
