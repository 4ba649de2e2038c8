import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code, type CodeValue, defaultMessage, type Envelope, httpStatus } from '../../shared/codes.ts';
import { AppError } from '../kernel/errors.ts';
import { errorFields, log } from '../kernel/log.ts';

/** The one envelope writer: every API answer is `{code, msg, data}`. */
export function ok<T>(c: Context, data: T, msg = defaultMessage[Code.ok]): Response {
  const body: Envelope<T> = { code: Code.ok, msg, data };
  return c.json(body, 200);
}

export function fail(c: Context, code: CodeValue, msg = defaultMessage[code], data: unknown = null): Response {
  const body: Envelope = { code, msg, data };
  return c.json(body, httpStatus[code] as ContentfulStatusCode);
}

/** Hono onError: typed errors answer their code; anything else is logged with the request id and answered generically. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof AppError) return fail(c, err.code, err.message, err.data);
  const requestId = String(c.get('requestId' as never) ?? '');
  log.error('unhandled error', { requestId, path: c.req.path, ...errorFields(err) });
  return fail(c, Code.internal, `${defaultMessage[Code.internal]}（请求编号 ${requestId}）`);
}

export function notFoundRoute(c: Context): Response {
  return fail(c, Code.notFound, '接口不存在，请检查请求地址');
}
