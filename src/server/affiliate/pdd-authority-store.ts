/** 拼多多 备案 rows: read one, upsert a check's outcome, the unbound ones to check again, a scope's unbound ones. */
import type { Executor } from '../kernel/executor.ts';
import type { PddAuthoritiesTable } from './tables.ts';

export type PddAuthorityRow = PddAuthoritiesTable;

export const findAuthority = (db: Executor, pid: string, uid: string): Promise<PddAuthorityRow | undefined> =>
  db.selectFrom('pdd_authorities').selectAll().where('pid', '=', pid).where('uid', '=', uid).executeTakeFirst();

export async function saveAuthority(db: Executor, row: Omit<PddAuthorityRow, 'created_at'>, now: number): Promise<void> {
  await db
    .insertInto('pdd_authorities')
    .values({ ...row, created_at: now })
    .onConflict((oc) =>
      oc.columns(['pid', 'uid']).doUpdateSet({
        customerid: row.customerid,
        bound: row.bound,
        bind_url: row.bind_url,
        checked_at: row.checked_at,
        error: row.error,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Unbound pairs last looked at before `before`, oldest first. */
export const staleUnbound = (db: Executor, before: number, limit: number): Promise<PddAuthorityRow[]> =>
  db
    .selectFrom('pdd_authorities')
    .selectAll()
    .where('bound', '=', 0)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

/** Unbound pairs of these customers (null: everyone's), newest first. */
export async function unboundOf(
  db: Executor,
  customers: readonly number[] | null,
  limit: number,
  offset: number,
): Promise<{ rows: PddAuthorityRow[]; total: number }> {
  if (customers && customers.length === 0) return { rows: [], total: 0 };
  let q = db.selectFrom('pdd_authorities').where('bound', '=', 0);
  if (customers) q = q.where('customerid', 'in', [...customers]);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q.selectAll().orderBy('updated_at', 'desc').orderBy('pid').orderBy('uid').limit(limit).offset(offset).execute();
  return { rows, total };
}
