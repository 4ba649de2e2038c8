import type { Updateable } from 'kysely';
import { Code } from '../../shared/codes.ts';
import { type AuditEvent, audit } from '../audit/service.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError } from '../kernel/errors.ts';
import * as store from './store.ts';
import type { UsersTable } from './tables.ts';

/** The columns an administrator may change on another account (never the password hash, kind or e-mail status). */
export type AccountPatch = Pick<
  Updateable<UsersTable>,
  | 'company'
  | 'username'
  | 'phone'
  | 'email'
  | 'usertype'
  | 'promote_type'
  | 'expire_time'
  | 'status'
  | 'parent_id'
  | 'super'
  | 'udsmart'
  | 'is_sub'
>;

/** Only the fields whose value changes, as {before, after}. */
function changes(row: store.UserRow, patch: AccountPatch): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    const old = row[k as keyof store.UserRow];
    if (v === undefined || v === old) continue;
    before[k] = old;
    after[k] = v;
  }
  return { before, after };
}

/**
 * Change an account on an administrator's behalf: one transaction writes the changed fields and an audit entry
 * with before/after; disabling (status ≠ 1) ends every session of the account at once. A taken e-mail is 4009.
 */
export async function updateAccount(
  deps: Deps,
  target: store.UserRow,
  patch: AccountPatch,
  actor: Actor,
  ip: string,
  event: AuditEvent,
): Promise<store.UserRow> {
  const diff = changes(target, patch);
  if (Object.keys(diff.after).length === 0) return target;
  if (typeof diff.after.email === 'string' && (await store.findUserByEmail(deps.db, diff.after.email)))
    throw new AppError(Code.conflict, `邮箱 ${diff.after.email} 已被注册`);
  const now = deps.clock.now();
  try {
    await deps.db.transaction().execute(async (tx) => {
      await store.updateUser(tx, target.id, { ...(diff.after as AccountPatch), updated_at: now });
      if ('status' in diff.after && diff.after.status !== 1) await store.revokeUserSessions(tx, target.id, now);
      const enabled = 'status' in diff.after && Object.keys(diff.after).length === 1;
      await audit(tx, {
        event: enabled ? (diff.after.status === 1 ? 'user_enabled' : 'user_disabled') : event,
        at: now,
        userId: target.id,
        actorId: actor.userId,
        email: target.email,
        ip,
        detail: diff,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(Code.conflict, `邮箱 ${String(diff.after.email)} 已被注册`);
    throw err;
  }
  const row = await store.findUserById(deps.db, target.id);
  if (!row) throw new AppError(Code.notFound, '账号不存在');
  return row;
}
