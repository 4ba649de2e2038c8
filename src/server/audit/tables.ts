import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** login_ok, login_failed, password_changed, password_reset, user_disabled, user_enabled, user_created, … */
  event: string;
  user_id: number | null;
  actor_id: number | null;
  email: string;
  ip: string;
  detail: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
