/** The audit feature's API for the others: record a security event, read the latest (the CLI). */
export { type AuditEntry, type AuditEvent, audit, recentAudit } from './store.ts';
