import type { DatabaseSync } from 'node:sqlite';
import { row, type UnionName } from './store.ts';

/**
 * Failures injected through the admin API: the next `count` calls of a method ('' = any method) of a union fail
 * the chosen way — `error` (the union's own error answer with the given code), `rate_limit` (the union's
 * rate-limit answer), `http500`, or `timeout` (the answer is held back `delayMs`).
 */
export type FailureKind = 'error' | 'rate_limit' | 'http500' | 'timeout';

export interface Failure {
  kind: FailureKind;
  code: string;
  message: string;
}

export function injectFailure(
  db: DatabaseSync,
  union: UnionName,
  f: { method?: string; kind: FailureKind; count?: number; code?: string; message?: string },
): void {
  db.prepare('INSERT INTO failures (union_name, method, kind, remaining, code, message) VALUES (?, ?, ?, ?, ?, ?)').run(
    union,
    f.method ?? '',
    f.kind,
    Math.max(1, f.count ?? 1),
    f.code ?? '',
    f.message ?? '',
  );
}

/** The failure this call must suffer, if any (consumed). */
export function takeFailure(db: DatabaseSync, union: UnionName, method: string): Failure | null {
  const f = row<{ id: number; kind: FailureKind; code: string; message: string }>(
    db,
    "SELECT id, kind, code, message FROM failures WHERE union_name = ? AND (method = '' OR method = ?) AND remaining > 0 ORDER BY id LIMIT 1",
    union,
    method,
  );
  if (!f) return null;
  db.prepare('UPDATE failures SET remaining = remaining - 1 WHERE id = ?').run(f.id);
  return { kind: f.kind, code: f.code, message: f.message };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
