import {
  emailStatusInput,
  findPasswordInput,
  loginData,
  loginInput,
  modifyPasswordInput,
  openInput,
  sendCodeInput,
  userInfo,
  versionInput,
} from '../user.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** Spec §7 User: `/capi/api/user/*`. */
const tag = '账号';
const none = z.object({});

export const userLogin = contract({
  path: '/capi/api/user/login',
  method: 'POST',
  access: 'public',
  tag,
  okMsg: '登录成功',
  summary: '邮箱和密码登录（管理员与客户共用）；失败按账号和 IP 限流',
  input: loginInput,
  output: loginData,
});
export const userSendCode = contract({
  path: '/capi/api/user/send',
  method: 'POST',
  access: 'public',
  tag,
  summary: '发送找回密码验证码到邮箱（不透露邮箱是否注册；限流）',
  input: sendCodeInput,
  output: z.null(),
});
export const userFindPassword = contract({
  path: '/capi/api/user/find',
  method: 'POST',
  access: 'public',
  tag,
  okMsg: '密码已重置，请重新登录',
  summary: '用验证码重置密码；该账号的所有登录失效',
  input: findPasswordInput,
  output: z.null(),
});
export const userInfoGet = contract({
  path: '/capi/api/user/info',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '当前登录账号的信息（角色、版本、时报设置）',
  input: none,
  output: userInfo,
});
export const userModifyPassword = contract({
  path: '/capi/api/user/modify',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '修改密码成功，请重新登录',
  summary: '修改密码；成功后所有登录失效',
  input: modifyPasswordInput,
  output: z.null(),
});
export const userLogout = contract({
  path: '/capi/api/user/logout',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '已退出登录',
  summary: '退出登录（令牌立即失效）',
  input: none,
  output: z.null(),
});
export const userGetEmailStatus = contract({
  path: '/capi/api/user/getemail',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '读取时报邮件设置（1 开启，2 关闭）',
  input: none,
  output: z.object({ email_status: z.number().int() }),
});
export const userSetEmailStatus = contract({
  path: '/capi/api/user/setemail',
  method: 'POST',
  access: 'signedIn',
  tag,
  okMsg: '提交成功',
  summary: '设置时报邮件（1 开启，2 关闭）',
  input: emailStatusInput,
  output: z.object({ email_status: z.number().int() }),
});
export const userSetVersion = contract({
  path: '/capi/api/user/version',
  method: 'POST',
  access: 'signedIn',
  tag,
  summary: '切换新旧版本（仅普通广告主）',
  input: versionInput,
  output: z.object({ version: z.string() }),
});
export const userOpen = contract({
  path: '/capi/api/user/open',
  method: 'POST',
  access: 'admin',
  tag,
  okMsg: '操作成功',
  summary: '启用或禁用账号（禁用立即结束其登录）',
  input: openInput,
  output: z.null(),
});

export const userContracts = [
  userLogin,
  userSendCode,
  userFindPassword,
  userInfoGet,
  userModifyPassword,
  userLogout,
  userGetEmailStatus,
  userSetEmailStatus,
  userSetVersion,
  userOpen,
];
