import {
  accountIndexInput,
  adAccountView,
  authStart,
  miniappIndexInput,
  miniappOpenInput,
  tbauthInput,
  tblistInput,
  wbauthInput,
} from '../ad-auth.ts';
import { pagedList } from '../paging.ts';
import { z } from '../zod.ts';
import { authCreate, authDelete, authUpdate } from './auth.ts';
import { alias, contract } from './contract.ts';

/** Spec §7 Accounts: the old version's `/capi/api/account/*`, `/capi/api/weibo/*`, `/capi/api/miniapp/*` (docs/api-accounts.md). */
const tag = '账户授权（旧版）';

export const accountIndex = contract({
  path: '/capi/api/account/index',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '旧版：已授权的广告账户（source 为账户类型）',
  input: accountIndexInput,
  output: pagedList(adAccountView),
});
export const accountTbauth = contract({
  path: '/capi/api/account/tbauth',
  method: 'GET',
  access: 'customer',
  tag,
  summary: '旧版：投放账户授权，返回平台授权页地址（浏览器随后打开它）',
  input: tbauthInput,
  output: authStart,
});
export const accountTblist = contract({
  path: '/capi/api/account/tblist',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '旧版：某账户类型下已授权的广告账户',
  input: tblistInput,
  output: z.array(adAccountView),
});
export const accountCreate = alias(authCreate, '/capi/api/account/create', '旧版：发起授权（UC 提交用户名、密码和 token）');
export const accountUpdate = alias(authUpdate, '/capi/api/account/update', '旧版：重新授权');
export const accountDelete = alias(authDelete, '/capi/api/account/delete', '旧版：取消授权');
export const weiboAuth = contract({
  path: '/capi/api/weibo/wbauth',
  method: 'GET',
  access: 'customer',
  tag,
  summary: '旧版：微博账户授权，返回微博授权页地址',
  input: wbauthInput,
  output: authStart,
});
export const weiboList = contract({
  path: '/capi/api/weibo/wblist',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '旧版：已授权的微博账户',
  input: z.object({}),
  output: z.array(adAccountView),
});
export const miniappIndex = contract({
  path: '/capi/api/miniapp/index',
  method: 'POST',
  access: 'adAuth',
  tag,
  summary: '旧版：可做淘宝新链接推广的广告账户（巨量、微博、腾讯）及其开关',
  input: miniappIndexInput,
  output: pagedList(adAccountView),
});
export const miniappOpen = contract({
  path: '/capi/api/miniapp/open',
  method: 'POST',
  access: 'customer',
  tag,
  okMsg: '设置成功',
  summary: '旧版：开启或关闭一个广告账户的淘宝新链接推广（status 1 开启，2 关闭）',
  input: miniappOpenInput,
  output: adAccountView,
});

export const accountContracts = [
  accountIndex,
  accountTbauth,
  accountTblist,
  accountCreate,
  accountUpdate,
  accountDelete,
  weiboAuth,
  weiboList,
  miniappIndex,
  miniappOpen,
];
