/** Postback queries: due rows, the claim (a compare-and-set), interrupted claims, and settling a row with its order. */
import { holderIsDead } from '../cluster/lease.ts';
import type { Db, Executor } from '../kernel/executor.ts';
import type { OrderRow, PostbackRow } from './store.ts';

/** Pending rows whose time has come. (A claim that ran out is settled first: `interruptedClaims`.) */
export const duePostbacks = (db: Db, now: number, limit: number): Promise<PostbackRow[]> =>
  db
    .selectFrom('postbacks')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Rows whose sender's claim ran out mid-send (the node died or hung): whether the platform got them is not known. */
export const interruptedClaims = (db: Db, now: number, limit: number): Promise<PostbackRow[]> =>
  db.selectFrom('postbacks').selectAll().where('state', '=', 'sending').where('claim_until', '<', now).orderBy('id').limit(limit).execute();

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
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  return (await db.selectFrom('postbacks').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * An interrupted claim, settled once (compare-and-set on the same expired claim): `resend` puts it back to pending
 * now (the platform dedupes on the key it will carry again), `in_doubt` holds it for a person with what is known.
 */
export async function settleInterrupted(
  db: Db,
  p: PostbackRow,
  now: number,
  outcome: { to: 'resend' } | { to: 'in_doubt'; reason: string },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('postbacks')
      .set(
        outcome.to === 'resend'
          ? { state: 'pending', next_at: now, claim_until: 0 }
          : { state: 'in_doubt', in_doubt_at: now, last_error: outcome.reason, claim_until: 0 },
      )
      .where('id', '=', p.id)
      .where('state', '=', 'sending')
      .where('claimed_by', '=', p.claimed_by)
      .where('claim_until', '<', now)
      .executeTakeFirst();
    const done = Number(r.numUpdatedRows) === 1;
    if (done && outcome.to === 'in_doubt') await setOrderState(tx, p, 'in_doubt');
    return done;
  });
}

/** The claim holder's own call may have arrived (a timeout, a dropped answer): held 待确认 like an interrupted one. */
export async function markInDoubt(db: Db, p: PostbackRow, node: string, reason: string, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('postbacks')
      .set({ state: 'in_doubt', in_doubt_at: now, last_error: reason, claim_until: 0 })
      .where('id', '=', p.id)
      .where('claimed_by', '=', node)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await setOrderState(tx, p, 'in_doubt');
  });
}

/** A person's decision on an in-doubt row (received: it is sent; resend: pending now), once: the row must still be in doubt. */
export async function settleInDoubt(
  db: Db,
  id: number,
  resolution: 'received' | 'resend',
  by: number,
  now: number,
): Promise<PostbackRow | null> {
  return db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('postbacks')
      .set(
        resolution === 'received'
          ? { state: 'sent', sent_at: now, settled_by: by, settled_at: now, resolution, claim_until: 0 }
          : { state: 'pending', next_at: now, settled_by: by, settled_at: now, resolution, claim_until: 0 },
      )
      .where('id', '=', id)
      .where('state', '=', 'in_doubt')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    const row = await tx.selectFrom('postbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await setOrderState(tx, row, resolution === 'received' ? 'sent' : 'pending');
    return row;
  });
}

const setOrderState = (db: Executor, p: Pick<PostbackRow, 'union_name' | 'order_id'>, state: string) =>
  db
    .updateTable('orders')
    .set({ postback_state: state })
    .where('union_name', '=', p.union_name)
    .where('order_id', '=', p.order_id)
    .execute();

/** The postback of one order (for a person settling it). */
export const postbackOfOrder = (db: Db, union: string, orderId: string): Promise<PostbackRow | undefined> =>
  db.selectFrom('postbacks').selectAll().where('union_name', '=', union).where('order_id', '=', orderId).executeTakeFirst();

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
