import {
  accountIdInput,
  adAccountView,
  agentAllInput,
  agentAllRow,
  authBlistInput,
  authCallbackInput,
  authCreateInput,
  authFinished,
  authIdInput,
  authIndexInput,
  authRunsInput,
  authStart,
  authUpdateInput,
  authView,
  syncRun,
} from '../ad-auth.ts';
import { pagedList } from '../paging.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** Spec §7 Authorisation (napi) `/capi/napi/auth/*`: ad-account authorisations of the new version (docs/api-accounts.md). */
const tag = '账户授权';

export const authIndex = contract({
  path: '/capi/napi/auth/index',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '授权列表（按账户类型 platform、授权状态 state 筛选；method=agentALL 为代理商名下全部客户）',
  input: authIndexInput,
  output: pagedList(authView),
});
export const authBlist = contract({
  path: '/capi/napi/auth/blist',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '已授权的广告账户（不分页，供选择广告主）',
  input: authBlistInput,
  output: z.array(adAccountView),
});
export const authAgentAll = contract({
  path: '/capi/napi/auth/agentall',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '代理商全部客户的授权概况（每个客户各状态的授权数）',
  input: agentAllInput,
  output: z.array(agentAllRow),
});
export const authCreate = contract({
  path: '/capi/napi/auth/create',
  method: 'POST',
  access: 'customer',
  tag,
  summary: '发起授权：返回平台授权页地址（state 10 分钟内有效、仅可使用一次）；UC 提交用户名、密码和 token，验证通过后加密保存',
  input: authCreateInput,
  output: authStart,
});
export const authUpdate = contract({
  path: '/capi/napi/auth/update',
  method: 'POST',
  access: 'customer',
  tag,
  summary: '重新授权：返回平台授权页地址；UC 更新用户名、密码和 token',
  input: authUpdateInput,
  output: authStart,
});
export const authDelete = contract({
  path: '/capi/napi/auth/delete',
  method: 'POST',
  access: 'adAuth',
  tag,
  okMsg: '已取消授权',
  summary: '取消授权（解除绑定）：停止同步、删除令牌，已同步的计划与报表保留',
  input: authIdInput,
  output: authView,
});
export const authCallback = contract({
  path: '/capi/napi/auth/callback',
  method: 'POST',
  access: 'customer',
  tag,
  okMsg: '授权成功',
  summary: '完成授权（/auloading 提交平台回调的 code 与 state）：校验 state、换取令牌、绑定广告账户并开始首次同步',
  input: authCallbackInput,
  output: authFinished,
});
export const authDetail = contract({
  path: '/capi/napi/auth/detail',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '一个授权及其广告账户',
  input: authIdInput,
  output: authView,
});
export const authSync = contract({
  path: '/capi/napi/auth/sync',
  method: 'POST',
  access: 'adAuth',
  tag,
  okMsg: '已开始同步',
  summary: '立即同步一个授权下的广告账户（计划、状态与报表）',
  input: authIdInput,
  output: z.null(),
});
export const authRuns = contract({
  path: '/capi/napi/auth/runs',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '一个广告账户的同步记录（任务、开始、结束、行数、错误）',
  input: authRunsInput,
  output: pagedList(syncRun),
});
export const authAccount = contract({
  path: '/capi/napi/auth/account',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '一个已授权的广告账户',
  input: accountIdInput,
  output: adAccountView,
});

export const authContracts = [
  authIndex,
  authBlist,
  authAgentAll,
  authCreate,
  authUpdate,
  authDelete,
  authCallback,
  authDetail,
  authSync,
  authRuns,
  authAccount,
];
