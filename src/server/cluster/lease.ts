import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../kernel/executor.ts';

/** A fresh lease-holder identity `host/pid/random` (one per dependency set: two in one test process differ). */
export const newNodeId = (): string => `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/**
 * A holder that is certainly gone: another process of this host that no longer exists (a node restarted after
 * `kill -9` takes over at once instead of waiting out the lease). Anything else — another host, this process,
 * an id of another shape — counts as alive until its lease expires.
 */
export function holderIsDead(holder: string, host = hostname()): boolean {
  const [h, pidText] = holder.split('/');
  const pid = Number(pidText);
  if (h !== host || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function upsert(db: Db, name: string, ttlSeconds: number, holder: string, now: number): Promise<boolean> {
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

/**
 * Take (or renew) the lease `name` for `ttlSeconds`: true when this holder has it afterwards. One atomic
 * `INSERT … ON CONFLICT DO UPDATE … WHERE` on SQLite and PostgreSQL alike: a lease held by someone else is
 * taken over only once it has expired, or at once when its holder is a dead process of this host. Used for
 * one-time work (demo seeding), the scheduler's leader and each running job.
 */
export async function acquireLease(db: Db, name: string, ttlSeconds: number, holder: string, now: number): Promise<boolean> {
  if (await upsert(db, name, ttlSeconds, holder, now)) return true;
  const current = await db.selectFrom('leases').select('holder').where('name', '=', name).executeTakeFirst();
  if (!current || !holderIsDead(current.holder)) return false;
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', current.holder).execute();
  return upsert(db, name, ttlSeconds, holder, now);
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
