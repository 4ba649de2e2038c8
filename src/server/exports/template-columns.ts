import type { ExportKind } from './kind.ts';

/** Stored column keys (JSON) → the ones the kind still offers, in order. */
export function templateColumns(kind: ExportKind | undefined, json: string): string[] {
  const offered = new Set(kind?.columns.map((c) => c.key));
  let keys: unknown;
  try {
    keys = JSON.parse(json);
  } catch {
    keys = [];
  }
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string' && offered.has(k)) : [];
}
