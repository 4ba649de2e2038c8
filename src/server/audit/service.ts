/** The audit feature's API for the others: record a security or administrative event, read the latest (the CLI), search (the admin area). */
export { type AuditEntry, type AuditEvent, type AuditFilter, audit, recentAudit, searchAudit } from './store.ts';
