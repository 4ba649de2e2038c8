/**
 * 巨量 answers `{code, message, request_id, data}`; code 0 is success. Codes the product acts on:
 * 40100 rate limit (retried), 40102/40105 access token expired/invalid (refresh), 40103/40107 refresh token
 * expired/invalid (re-authorise), 50000 system error (retried). 40100, 40105 and 50000 are confirmed by
 * third-party code; the rest follow the platform's return-code page as remembered and are kept in this one
 * table so they are easy to correct. Everything else is a refusal carrying the platform's message.
 */
import { type CodeKinds, platformError } from '../errors.ts';
import { type HttpAnswer, objectBody } from '../http.ts';

export const JULIANG_CODE_KINDS: CodeKinds = {
  '40100': 'rate_limited',
  '40102': 'token_expired',
  '40105': 'token_expired',
  '40103': 'refresh_expired',
  '40107': 'refresh_expired',
  '50000': 'transient',
};

export function juliangData(answer: HttpAnswer): Record<string, unknown> {
  const body = objectBody('juliang', answer);
  if (body.code !== 0)
    throw platformError('juliang', JULIANG_CODE_KINDS, String(body.code), typeof body.message === 'string' ? body.message : undefined);
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
