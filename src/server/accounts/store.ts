import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { UsersTable } from './tables.ts';

export type UserRow = Selectable<UsersTable>;

export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUserById = (db: Executor, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUser(db: Executor, row: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, patch: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export const listUsers = (db: Executor) => db.selectFrom('users').selectAll().orderBy('id').execute();

export const listChildren = (db: Executor, parentId: number) =>
  db.selectFrom('users').selectAll().where('parent_id', '=', parentId).orderBy('id').execute();

export const countUsers = async (db: Executor): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// sessions

export async function insertSession(
  db: Executor,
  row: { id: string; user_id: number; created_at: number; expires_at: number; ip: string; user_agent: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

/** The session and its user in one round trip (every authenticated request). */
export const findSessionWithUser = (db: Executor, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at', 'sessions.revoked_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();

export async function revokeSession(db: Executor, sessionId: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Executor, userId: number, at: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

// reset codes

export async function insertResetCode(db: Executor, row: { email: string; code_hash: string; created_at: number; expires_at: number }) {
  await db
    .insertInto('reset_codes')
    .values({ ...row, attempts: 0, used_at: null })
    .execute();
}

export const latestResetCode = (db: Executor, email: string, now: number) =>
  db
    .selectFrom('reset_codes')
    .selectAll()
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function countResetAttempt(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markResetCodesUsed(db: Executor, email: string, at: number): Promise<void> {
  await db.updateTable('reset_codes').set({ used_at: at }).where('email', '=', email).where('used_at', 'is', null).execute();
}

// directory (the admin lists)

/** Role columns to match (from `columnsForRole`), so lists filter by role without knowing the derivation. */
export type RoleColumns = Partial<Pick<UserRow, 'super' | 'udsmart' | 'is_sub' | 'usertype'>>;

export interface UserFilter {
  kind: 'customer' | 'admin';
  /** e-mail, company, contact name or phone contains it (case-insensitive) */
  exact?: string;
  role?: RoleColumns;
  status?: number;
  parentId?: number;
  /** expire_time set and before this epoch second */
  expiresBefore?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function filtered(db: Executor, f: UserFilter) {
  let q = db.selectFrom('users').where('kind', '=', f.kind);
  for (const [col, v] of Object.entries(f.role ?? {}) as [keyof RoleColumns, number | string][]) q = q.where(col, '=', v);
  if (f.status !== undefined) q = f.status === 1 ? q.where('status', '=', 1) : q.where('status', '!=', 1);
  if (f.parentId !== undefined) q = q.where('parent_id', '=', f.parentId);
  if (f.expiresBefore !== undefined) q = q.where('expire_time', '>', 0).where('expire_time', '<', f.expiresBefore);
  if (f.exact) {
    const like = `%${escapeLike(f.exact.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or(
        (['email', 'company', 'username', 'phone'] as const).map((col) =>
          eb(sql`lower(${sql.ref(col)})`, 'like', sql`${like} escape '\\'`),
        ),
      ),
    );
  }
  return q;
}

/** A page of users matching the filter, newest first, with the total. */
export async function searchUsers(db: Executor, f: UserFilter, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const q = filtered(db, f);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total };
}

export const usersByIds = (db: Executor, ids: readonly number[]) =>
  ids.length ? db.selectFrom('users').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

/** How many sub-customers (or sub-accounts) each of `parentIds` has. */
export async function childCounts(db: Executor, parentIds: readonly number[]): Promise<Map<number, number>> {
  if (!parentIds.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['parent_id', (eb) => eb.fn.countAll().as('n')])
    .where('parent_id', 'in', parentIds)
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.parent_id), Number(r.n)]));
}
