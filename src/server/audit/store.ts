import { sql } from 'kysely';
import type { Executor } from '../kernel/executor.ts';

export type AuditEvent =
  | 'login_ok'
  | 'login_failed'
  | 'login_refused'
  | 'password_changed'
  | 'password_reset'
  | 'reset_code_sent'
  | 'user_created'
  | 'user_disabled'
  | 'user_enabled'
  | 'logout'
  // administrative actions (the admin area's 操作日志): detail holds {before, after}
  | 'client_updated'
  | 'client_extended'
  | 'client_assigned'
  | 'client_reset_sent'
  | 'admin_updated'
  | 'admin_password_reset'
  | 'brand_created'
  | 'brand_updated'
  | 'brand_deleted'
  | 'brand_bound'
  | 'sub_assigned'
  // a change to ads on a platform made by a platform admin (detail: platform, level, ids, field, after, task)
  | 'ad_change'
  // a person settled a 待确认 conversion postback (detail: before {state}, after {state, resolution}, order, channel)
  | 'postback_settled';

export interface AuditEntry {
  event: AuditEvent;
  /** Epoch seconds (the caller's clock). */
  at: number;
  userId?: number | null;
  actorId?: number | null;
  email?: string;
  ip?: string;
  detail?: Record<string, unknown>;
}

/** Security events, append-only. */
export async function audit(db: Executor, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: e.at,
      event: e.event,
      user_id: e.userId ?? null,
      actor_id: e.actorId ?? null,
      email: e.email ?? '',
      ip: e.ip ?? '',
      detail: e.detail ? JSON.stringify(e.detail) : '',
    })
    .execute();
}

export const recentAudit = (db: Executor, limit = 50) =>
  db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();

export interface AuditFilter {
  events: readonly string[];
  /** actor or target e-mail contains it */
  exact?: string;
  event?: string;
  from?: number;
  to?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A page of audit entries of `events`, newest first, with the actor's e-mail. */
export async function searchAudit(db: Executor, f: AuditFilter, limit: number, offset: number) {
  let q = db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .where('audit_log.event', 'in', f.event ? [f.event] : f.events.length ? [...f.events] : ['-']);
  if (f.from !== undefined) q = q.where('audit_log.at', '>=', f.from);
  if (f.to !== undefined) q = q.where('audit_log.at', '<=', f.to);
  if (f.exact) {
    const like = `%${escapeLike(f.exact.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(audit_log.email)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(actor.email)`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .selectAll('audit_log')
    .select('actor.email as actor_email')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total };
}
