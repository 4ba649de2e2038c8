import type { Executor } from '../kernel/executor.ts';

/** Record the report of `hour` for a user; false when it was already recorded (another node or an earlier run). */
export async function claimSend(db: Executor, userId: number, hour: number, to: string, now: number): Promise<boolean> {
  const r = await db
    .insertInto('report_sends')
    .values({ user_id: userId, hour, to_addr: to, mail_id: 0, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'hour']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function setMailId(db: Executor, userId: number, hour: number, mailId: number): Promise<void> {
  await db.updateTable('report_sends').set({ mail_id: mailId }).where('user_id', '=', userId).where('hour', '=', hour).execute();
}

export const lastSend = (db: Executor, userId: number) =>
  db.selectFrom('report_sends').selectAll().where('user_id', '=', userId).orderBy('hour', 'desc').limit(1).executeTakeFirst();

/** Users already sent the report of `hour`. */
export const sentUsers = async (db: Executor, hour: number): Promise<Set<number>> =>
  new Set((await db.selectFrom('report_sends').select('user_id').where('hour', '=', hour).execute()).map((r) => r.user_id));
