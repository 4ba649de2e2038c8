import { Code } from '../../shared/codes.ts';
import { deriveRole, isAdminRole } from '../../shared/roles.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, forbidden, notFound } from '../kernel/errors.ts';
import { verifyPassword } from './password.ts';
import * as store from './store.ts';
import { setPassword, setUserStatus } from './users.ts';

/** Change one's own password: the old one must match; every token of the account stops working. */
export async function modifyPassword(deps: Deps, actor: Actor, input: { oldpass: string; password: string }, ip: string): Promise<void> {
  deps.limiter.hit(`modify:user:${actor.userId}`, 10, 15 * 60_000);
  if (!(await verifyPassword(input.oldpass, actor.user.password_hash))) throw new AppError(Code.wrongCredentials, '原密码错误');
  await setPassword(deps, actor.userId, input.password, 'password_changed', ip);
}

export async function setEmailStatus(deps: Deps, actor: Actor, emailStatus: number): Promise<{ email_status: number }> {
  await store.updateUser(deps.db, actor.userId, { email_status: emailStatus, updated_at: deps.clock.now() });
  return { email_status: emailStatus };
}

/** The hourly report's unsubscribe link (signed, no login): the switch goes off. */
export async function turnOffHourlyReport(deps: Deps, userId: number): Promise<void> {
  await store.updateUser(deps.db, userId, { email_status: 2, updated_at: deps.clock.now() });
}

/** Standard (ver1) or new (ver2) console: customers only; agents always use ver2. */
export async function setVersion(deps: Deps, actor: Actor, version: 'ver1' | 'ver2'): Promise<{ version: string }> {
  if (actor.role !== 3) throw forbidden(actor.role === 4 ? '代理商只能使用新版' : '管理员没有版本切换');
  await store.updateUser(deps.db, actor.userId, { version, updated_at: deps.clock.now() });
  return { version };
}

/**
 * Enable or disable an account (`/api/user/open`). Super admins manage everyone but themselves;
 * admins manage customers; nobody else may.
 */
export async function openAccount(deps: Deps, actor: Actor, input: { id: number; status: number }, ip: string): Promise<void> {
  if (actor.role !== 1 && actor.role !== 2) throw forbidden();
  if (input.id === actor.userId) throw forbidden('不能修改自己的账号状态');
  const target = await store.findUserById(deps.db, input.id);
  if (!target) throw notFound('账号不存在');
  if (actor.role === 2 && isAdminRole(deriveRole(target))) throw forbidden('管理员只能启用或禁用客户账号');
  if (deriveRole(target) === 1) throw forbidden('超级管理员只能由运维通过命令行管理');
  await setUserStatus(deps, target.id, input.status === 1 ? 1 : 0, actor, ip);
}
