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
  | 'ad_change';

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
