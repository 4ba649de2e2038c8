import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowSeconds } from '../db/dialect.ts';

type Q = Kysely<Database> | Transaction<Database>;

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
  | 'logout';

export interface AuditEntry {
  event: AuditEvent;
  userId?: number | null;
  actorId?: number | null;
  email?: string;
  ip?: string;
  detail?: Record<string, unknown>;
}

/** Security events, append-only. */
export async function audit(db: Q, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: nowSeconds(),
      event: e.event,
      user_id: e.userId ?? null,
      actor_id: e.actorId ?? null,
      email: e.email ?? '',
      ip: e.ip ?? '',
      detail: e.detail ? JSON.stringify(e.detail) : '',
    })
    .execute();
}

export const recentAudit = (db: Q, limit = 50) => db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
