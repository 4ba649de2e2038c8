import { Code } from '../../shared/codes.ts';
import { deriveRole, type Role } from '../../shared/roles.ts';
import { email as emailSchema, password as passwordSchema } from '../../shared/user.ts';
import { z } from '../../shared/zod.ts';
import { audit } from '../audit/service.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, invalid, notFound } from '../kernel/errors.ts';
import { parseWith } from '../kernel/parse.ts';
import { columnsForRole } from './actor.ts';
import { hashPassword } from './password.ts';
import * as store from './store.ts';

/** Account administration shared by the CLI, the demo world and the admin endpoints. */
export const newUserInput = z.object({
  email: emailSchema,
  password: passwordSchema('请输入密码'),
  role: z.coerce.number().int().min(1).max(6),
  company: z.string().trim().max(100).default(''),
  username: z.string().trim().max(50).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, '手机号只能是数字')
    .default(''),
  /** For role 3: the agent whose sub-customer this is. For role 6: its UDSmart admin. */
  parentEmail: emailSchema.optional(),
  expireTime: z.number().int().min(0).default(0),
  promoteType: z.number().int().min(0).max(9).default(1),
});
export type NewUser = z.input<typeof newUserInput>;

export async function createUser(deps: Deps, input: NewUser, actor?: Actor): Promise<store.UserRow> {
  const u = parseWith(newUserInput, input);
  const role = u.role as Role;
  if (await store.findUserByEmail(deps.db, u.email)) throw new AppError(Code.conflict, `邮箱 ${u.email} 已被注册`);
  let parentId: number | null = null;
  if (u.parentEmail) {
    const parent = await store.findUserByEmail(deps.db, u.parentEmail);
    if (!parent) throw notFound(`找不到上级账号 ${u.parentEmail}`);
    const parentRole = deriveRole(parent);
    if (role === 3 && parentRole !== 4) throw invalid('子客户的上级必须是代理商（角色 4）');
    if (role === 6 && parentRole !== 5) throw invalid('UDSmart 子账号的上级必须是 UDSmart 管理员（角色 5）');
    if (role !== 3 && role !== 6) throw invalid('只有角色 3 和 6 可以指定上级账号');
    parentId = parent.id;
  }
  const now = deps.clock.now();
  const row = await insertUnique(deps, u.email, {
    ...columnsForRole(role),
    email: u.email,
    password_hash: await hashPassword(u.password, deps.config.SCRYPT_COST),
    username: u.username ?? u.email.split('@')[0]!,
    company: u.company,
    phone: u.phone,
    parent_id: parentId,
    status: 1,
    expire_time: u.expireTime,
    promote_type: u.promoteType,
    version: 'ver2',
    email_status: 2,
    created_at: now,
    updated_at: now,
  });
  await audit(deps.db, {
    event: 'user_created',
    at: now,
    userId: row.id,
    actorId: actor?.userId ?? null,
    email: row.email,
    detail: { role },
  });
  return row;
}

/** Two writers racing for one e-mail (two app nodes seeding, two admins) get a clean 4009, not a driver error. */
async function insertUnique(deps: Deps, email: string, row: Parameters<typeof store.insertUser>[1]): Promise<store.UserRow> {
  try {
    return await store.insertUser(deps.db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.conflict, `邮箱 ${email} 已被注册`);
    throw err;
  }
}

async function requireUser(deps: Deps, email: string): Promise<store.UserRow> {
  const user = await store.findUserByEmail(deps.db, parseWith(emailSchema, email));
  if (!user) throw notFound(`找不到账号 ${email}`);
  return user;
}

/** Enable (1) or disable (0) an account; disabling ends its sessions at once. */
export async function setUserStatus(deps: Deps, userId: number, status: 0 | 1, actor?: Actor, ip = ''): Promise<void> {
  const user = await store.findUserById(deps.db, userId);
  if (!user) throw notFound('账号不存在');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    await store.updateUser(tx, user.id, { status, updated_at: now });
    if (status !== 1) await store.revokeUserSessions(tx, user.id, now);
    await audit(tx, {
      event: status === 1 ? 'user_enabled' : 'user_disabled',
      at: now,
      userId: user.id,
      actorId: actor?.userId ?? null,
      email: user.email,
      ip,
      detail: { before: { status: user.status }, after: { status } },
    });
  });
}

export async function disableUserByEmail(deps: Deps, email: string): Promise<store.UserRow> {
  const user = await requireUser(deps, email);
  await setUserStatus(deps, user.id, 0);
  return user;
}

/** Set a new password and end every session of the account. */
export async function setPassword(
  deps: Deps,
  userId: number,
  password: string,
  event: 'password_changed' | 'password_reset' | 'admin_password_reset',
  ip = '',
  actor?: Actor,
): Promise<void> {
  const hash = await hashPassword(parseWith(passwordSchema('请输入新密码'), password), deps.config.SCRYPT_COST);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    const user = await store.findUserById(tx, userId);
    if (!user) throw notFound('账号不存在');
    await store.updateUser(tx, userId, { password_hash: hash, updated_at: now });
    await store.revokeUserSessions(tx, userId, now);
    await audit(tx, { event, at: now, userId, actorId: actor?.userId ?? userId, email: user.email, ip });
  });
}

export async function setPasswordByEmail(deps: Deps, email: string, password: string): Promise<store.UserRow> {
  const user = await requireUser(deps, email);
  await setPassword(deps, user.id, password, 'password_reset');
  return user;
}
