import type { AccessRule } from '../access.ts';
import type { z } from '../zod.ts';

/**
 * One contract per endpoint: where it lives, what it takes, what it answers, who may call it and what it does.
 * The server registers its routes from contracts (a route without one cannot exist), the console calls them
 * typed, `/capi/openapi.json` is generated from them, and the permission-matrix test gets its rows from them.
 */
export type Method = 'GET' | 'POST';

export interface Contract<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  P extends string = string,
  M extends Method = Method,
> {
  /** Full path as the browser calls it: `/capi/api/…`, `/capi/napi/…`, `/tfc/…`, `/fcadbacklong/capi/…`. */
  path: P;
  method: M;
  /** Request body (POST, a JSON object) or query string (GET). */
  input: I;
  /** The envelope's `data` on success. */
  output: O;
  access: AccessRule;
  /** Chinese summary, shown in the API document. */
  summary: string;
  /** Feature group in the API document. */
  tag: string;
  /** Envelope `msg` on success (default 成功). */
  okMsg?: string;
}

export const contract = <I extends z.ZodType, O extends z.ZodType, const P extends string, M extends Method>(
  c: Contract<I, O, P, M>,
): Contract<I, O, P, M> => c;

/** The same endpoint under another path (the old console's aliases, e.g. `/api/land/v2/{action}`). */
export const alias = <I extends z.ZodType, O extends z.ZodType, const P extends string, M extends Method>(
  c: Contract<I, O, string, M>,
  path: P,
  summary = c.summary,
): Contract<I, O, P, M> => ({
  ...c,
  path,
  summary,
});

/** What a caller sends. */
export type InputOf<C extends Contract> = z.input<C['input']>;
/** What a handler receives after validation. */
export type ParsedOf<C extends Contract> = z.output<C['input']>;
/** What the envelope's data holds. */
export type OutputOf<C extends Contract> = z.output<C['output']>;

/**
 * A contract's address without its schemas, for code that must not load zod (the console's login screen and
 * session gate): the path and method are checked against the contract's own by the type checker.
 */
export interface Endpoint<C extends Contract> {
  path: C['path'];
  method: C['method'];
  /** Never set: carries the contract's type. */
  readonly contract?: C;
}
export const endpoint = <C extends Contract>(path: C['path'], method: C['method']): Endpoint<C> => ({ path, method });
