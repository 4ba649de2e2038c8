import type { Context } from 'hono';
import type { z } from 'zod';
import { Code } from '../../shared/codes.ts';
import { AppError } from '../kernel/errors.ts';
import { parseWith } from '../kernel/parse.ts';

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
