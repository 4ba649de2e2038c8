import type { z } from 'zod';

/** Field name → its first Chinese message. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type Checked<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors };

/**
 * Validate a form's values with the schema the server uses; each field gets the first message of its
 * issues (the shared schemas speak Chinese, `shared/zod.ts`), issues without a field go under `_form`.
 */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): Checked<S> {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : '_form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Drop the errors of the fields a change touched. */
export function clearErrors<K extends string>(errors: FieldErrors<K>, touched: readonly K[]): FieldErrors<K> {
  const next: FieldErrors<K> = { ...errors };
  for (const k of touched) delete next[k];
  return next;
}
