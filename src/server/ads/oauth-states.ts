/** The OAuth consent states: one per authorisation started, spent once by the platform's redirect back, pruned when expired. */
import type { Insertable } from 'kysely';
import type { Executor } from '../kernel/executor.ts';
import type { OauthStatesTable } from './tables.ts';

export const insertState = (db: Executor, row: Insertable<OauthStatesTable>) => db.insertInto('oauth_states').values(row).execute();
export const findState = (db: Executor, state: string) =>
  db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirst();
/** Spend a state once: false when it was spent already (a replay, or a concurrent second submit). */
export async function spendState(db: Executor, state: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('oauth_states')
    .set({ used_at: at })
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function pruneStates(db: Executor, before: number): Promise<number> {
  return Number((await db.deleteFrom('oauth_states').where('expires_at', '<', before).executeTakeFirst()).numDeletedRows);
}
