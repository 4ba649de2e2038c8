import type { Executor } from '../kernel/executor.ts';
import { findUserById, listChildren } from './store.ts';

/**
 * The accounts feature's read API for the others (demo seeding, the CLI, the admin and UDSmart areas, ads): users by
 * e-mail or id, all of them, how many, a filtered page of them, sub-account counts, an agent's tree, companies.
 */
export {
  childCounts,
  countUsers,
  findUserByEmail,
  findUserById,
  listChildren,
  listUsers,
  type RoleColumns,
  searchUsers,
  type UserFilter,
  type UserRow,
  usersByIds,
} from './store.ts';

/** A customer's sub-customers (an agent's tree). */
export const childIdsOf = async (db: Executor, parentId: number): Promise<number[]> =>
  (await listChildren(db, parentId)).filter((u) => u.kind === 'customer').map((u) => u.id);

/** Customers' display names (company, else e-mail) by id. */
export async function companiesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'company', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.company || r.email]));
}

/** Customers' company names (their login account when they have none) and login accounts, by id. */
export async function namedCustomers(db: Executor, ids: number[]): Promise<Map<number, { company: string; email: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'company', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { company: r.company || r.email, email: r.email }]));
}

/** A customer (role 3 or 4) by id, or undefined (admins and unknown ids alike). */
export async function findCustomer(db: Executor, id: number) {
  const u = await findUserById(db, id);
  return u?.kind === 'customer' ? u : undefined;
}
