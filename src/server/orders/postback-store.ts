/** Postback queries: due rows, the claim (a compare-and-set), and settling a claimed row with its order. */
import { holderIsDead } from '../cluster/lease.ts';
import type { Db } from '../kernel/executor.ts';
import type { OrderRow, PostbackRow } from './store.ts';

/** Pending rows whose time has come, and rows whose sender's claim ran out (the node died mid-send). */
export const duePostbacks = (db: Db, now: number, limit: number): Promise<PostbackRow[]> =>
  db
    .selectFrom('postbacks')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('next_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('claim_until', '<', now)]),
      ]),
    )
    .orderBy('next_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Claims whose holder is a dead process of this host (a node restarted after `kill -9`) run out at once instead of
 * after CLAIM_SECONDS (cluster/lease.ts `holderIsDead`); returns how many were released.
 */
export async function releaseDeadClaims(db: Db, now: number): Promise<number> {
  const held = await db
    .selectFrom('postbacks')
    .select(['id', 'claimed_by'])
    .where('state', '=', 'sending')
    .where('claim_until', '>=', now)
    .execute();
  const dead = held.filter((h) => holderIsDead(h.claimed_by));
  for (const d of dead)
    await db
      .updateTable('postbacks')
      .set({ claim_until: 0 })
      .where('id', '=', d.id)
      .where('claimed_by', '=', d.claimed_by)
      .where('state', '=', 'sending')
      .execute();
  return dead.length;
}

/** Take the row for this node if it is still due (another node may have taken it): the claimed row, or null. */
export async function claim(db: Db, id: number, node: string, now: number, seconds: number): Promise<PostbackRow | null> {
  const r = await db
    .updateTable('postbacks')
    .set((eb) => ({ state: 'sending', claimed_by: node, claim_until: now + seconds, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('next_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('claim_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  return (await db.selectFrom('postbacks').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export const orderOf = (db: Db, p: PostbackRow): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('union_name', '=', p.union_name).where('order_id', '=', p.order_id).executeTakeFirst();

/** Only the claim holder settles the row (a node whose claim ran out and was taken over changes nothing). */
export async function markSent(db: Db, p: PostbackRow, node: string, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('postbacks')
      .set({ state: 'sent', sent_at: now, last_error: '', claim_until: 0 })
      .where('id', '=', p.id)
      .where('claimed_by', '=', node)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1)
      await tx
        .updateTable('orders')
        .set({ postback_state: 'sent' })
        .where('union_name', '=', p.union_name)
        .where('order_id', '=', p.order_id)
        .execute();
  });
}

/** A failed attempt: back to pending at `retryAt`, or (null) the dead letter with its reason. */
export async function markFailed(db: Db, p: PostbackRow, node: string, reason: string, retryAt: number | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('postbacks')
      .set({ state: retryAt === null ? 'failed' : 'pending', next_at: retryAt ?? 0, last_error: reason, claim_until: 0 })
      .where('id', '=', p.id)
      .where('claimed_by', '=', node)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1 && retryAt === null)
      await tx
        .updateTable('orders')
        .set({ postback_state: 'failed' })
        .where('union_name', '=', p.union_name)
        .where('order_id', '=', p.order_id)
        .execute();
  });
}
