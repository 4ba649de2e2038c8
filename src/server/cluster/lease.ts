import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../kernel/executor.ts';

/** A fresh lease-holder identity: host, process and a random part (one per dependency set). */
export const newNodeId = (): string => `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/**
 * Take (or renew) the lease `name` for `ttlSeconds`: true when this holder has it afterwards. One atomic
 * `INSERT … ON CONFLICT DO UPDATE … WHERE` on SQLite and PostgreSQL alike: a lease held by someone else is
 * taken over only once it has expired. Used for one-time work (demo seeding) and, later, the scheduler leader.
 */
export async function acquireLease(db: Db, name: string, ttlSeconds: number, holder: string, now: number): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlSeconds })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ttlSeconds })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<=', now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
