import type { ManagerCreateInput, ManagerUpdateInput, ManagerView } from '../../shared/admin.ts';
import { Code } from '../../shared/codes.ts';
import { offsetOf } from '../../shared/paging.ts';
import { deriveRole, ROLE, type Role } from '../../shared/roles.ts';
import { columnsForRole } from '../accounts/actor.ts';
import { type AccountPatch, updateAccount } from '../accounts/admin-ops.ts';
import { childCounts, findUserById, searchUsers, type UserRow, usersByIds } from '../accounts/lookup.ts';
import { createUser, setPassword } from '../accounts/users.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, forbidden, invalid, notFound } from '../kernel/errors.ts';
import { clearAssignments } from '../udsmart/service.ts';

/**
 * Administrators on `/sxA/manager` (spec §6): a super admin (1) creates, edits, disables and resets the password of
 * admins of roles 2, 5 and 6; an admin (2) reads the list. Nobody changes their own account here, and super
 * admins are managed with the operators' CLI only.
 */

const editable = (actor: Actor, row: UserRow): boolean =>
  actor.role === ROLE.superAdmin && row.id !== actor.userId && deriveRole(row) !== ROLE.superAdmin;

async function requireManager(deps: Deps, id: number): Promise<UserRow> {
  const u = await findUserById(deps.db, id);
  if (u?.kind !== 'admin') throw notFound('管理员不存在');
  return u;
}

async function requireEditable(deps: Deps, actor: Actor, id: number): Promise<UserRow> {
  const row = await requireManager(deps, id);
  if (row.id === actor.userId) throw forbidden('不能在这里修改自己的账号');
  if (deriveRole(row) === ROLE.superAdmin) throw forbidden('超级管理员只能由运维通过命令行管理');
  return row;
}

async function udsmartParent(deps: Deps, id: number | undefined): Promise<UserRow> {
  if (!id) throw invalid('UDSmart 子账号必须指定所属的 UDSmart 管理员', { field: 'parent_id' });
  const p = await findUserById(deps.db, id);
  if (!p || deriveRole(p) !== ROLE.udsmartAdmin) throw invalid('所属账号必须是 UDSmart 管理员（角色 5）', { field: 'parent_id' });
  return p;
}

async function views(deps: Deps, actor: Actor, rows: readonly UserRow[]): Promise<ManagerView[]> {
  const parents = new Map(
    (await usersByIds(deps.db, [...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))])).map((p) => [p.id, p]),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    phone: r.phone,
    role: deriveRole(r),
    parent_id: r.parent_id,
    parent: r.parent_id ? (parents.get(r.parent_id)?.email ?? '') : '',
    status: r.status === 1 ? 1 : 0,
    created_at: r.created_at,
    editable: editable(actor, r),
  }));
}

async function viewOf(deps: Deps, actor: Actor, row: UserRow): Promise<ManagerView> {
  const [view] = await views(deps, actor, [row]);
  if (!view) throw notFound('管理员不存在');
  return view;
}

export async function listManagers(
  deps: Deps,
  actor: Actor,
  input: { page: number; pagesize: number; exact?: string; role?: number },
): Promise<{ list: ManagerView[]; total: number }> {
  const role = input.role !== undefined ? (input.role as Role) : undefined;
  if (role !== undefined && ![1, 2, 5, 6].includes(role)) throw invalid('角色只能是 1、2、5 或 6');
  const cols = role ? columnsForRole(role) : undefined;
  const { rows, total } = await searchUsers(
    deps.db,
    { kind: 'admin', exact: input.exact || undefined, role: cols && { super: cols.super, udsmart: cols.udsmart, is_sub: cols.is_sub } },
    input.pagesize,
    offsetOf(input),
  );
  return { list: await views(deps, actor, rows), total };
}

export async function createManager(deps: Deps, actor: Actor, input: ManagerCreateInput): Promise<ManagerView> {
  const parent = input.role === ROLE.udsmartSub ? await udsmartParent(deps, input.parent_id) : null;
  const row = await createUser(
    deps,
    {
      email: input.email,
      password: input.password,
      role: input.role,
      username: input.username || undefined,
      phone: input.phone,
      parentEmail: parent?.email,
    },
    actor,
  );
  return viewOf(deps, actor, row);
}

export async function updateManager(deps: Deps, actor: Actor, input: ManagerUpdateInput, ip: string): Promise<ManagerView> {
  const target = await requireEditable(deps, actor, input.id);
  const patch: AccountPatch = { username: input.username, phone: input.phone };
  const role = input.role ?? deriveRole(target);
  if (role === ROLE.udsmartSub) patch.parent_id = (await udsmartParent(deps, input.parent_id ?? target.parent_id ?? undefined)).id;
  if (input.role !== undefined && input.role !== deriveRole(target)) {
    if (deriveRole(target) === ROLE.udsmartAdmin) {
      const subs = (await childCounts(deps.db, [target.id])).get(target.id) ?? 0;
      if (subs > 0) throw new AppError(Code.conflict, `该 UDSmart 管理员名下还有 ${subs} 个子账号，请先调整子账号`);
    }
    const { super: sup, udsmart, is_sub } = columnsForRole(input.role);
    Object.assign(patch, { super: sup, udsmart, is_sub });
    if (input.role !== ROLE.udsmartSub) patch.parent_id = null;
  }
  const row = await updateAccount(deps, target, patch, actor, ip, 'admin_updated');
  if (deriveRole(target) === ROLE.udsmartSub && (deriveRole(row) !== ROLE.udsmartSub || row.parent_id !== target.parent_id))
    await clearAssignments(deps.db, row.id);
  return viewOf(deps, actor, row);
}

export async function setManagerStatus(deps: Deps, actor: Actor, input: { id: number; status: number }, ip: string): Promise<ManagerView> {
  const target = await requireEditable(deps, actor, input.id);
  return viewOf(deps, actor, await updateAccount(deps, target, { status: input.status }, actor, ip, 'admin_updated'));
}

export async function resetManagerPassword(deps: Deps, actor: Actor, input: { id: number; password: string }, ip: string): Promise<void> {
  const target = await requireEditable(deps, actor, input.id);
  await setPassword(deps, target.id, input.password, 'admin_password_reset', ip, actor);
}
