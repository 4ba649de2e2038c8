import type { Context } from 'hono';
import type { z } from 'zod';
import { Code } from '../../shared/codes.ts';
import { AppError } from './errors.ts';

function firstIssue(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  return new AppError(Code.invalidInput, issue?.message ?? '请求参数错误', { field, issues: error.issues.length });
}

/** Parse an already-decoded value with a schema; a failure answers code 4000 naming the first problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw firstIssue(parsed.error);
  return parsed.data;
}

/** Read the JSON body (empty body = `{}`), reject malformed JSON and non-objects, then validate. */
export async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new AppError(Code.malformedJson);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(Code.invalidInput, '请求体必须是 JSON 对象');
  }
  return parseWith(schema, value);
}

/** Validate the query string (GET endpoints). */
export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
