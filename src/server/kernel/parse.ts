import type { z } from 'zod';
import { Code } from '../../shared/codes.ts';
import { AppError } from './errors.ts';

/** Parse an already-decoded value with a schema; a failure is code 4000 naming the first problem in Chinese. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(Code.invalidInput, issue?.message ?? '请求参数错误', {
    field: issue?.path.join('.') ?? '',
    issues: parsed.error.issues.length,
  });
}
