import type { Context, Hono } from 'hono';
import type { Contract, OutputOf, ParsedOf } from '../../shared/api/contract.ts';
import type { z } from '../../shared/zod.ts';
import { allows, deniedMessage } from '../../shared/access.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../accounts/actor.ts';
import { authenticate } from '../accounts/session.ts';
import type { AppEnv } from './env.ts';
import { ok } from './envelope.ts';
import { forbidden } from './errors.ts';
import { body, query } from './validate.ts';

/** Who called, from where: what a handler may need beyond its input. */
export interface Client {
  ip: string;
  userAgent: string;
  requestId: string;
}

export interface Call<C extends Contract, A> {
  deps: Deps;
  actor: A;
  input: ParsedOf<C>;
  client: Client;
}

/** A success answer with its own envelope `msg` (e.g. the password-reset mail's wording). */
export class Reply<T> {
  readonly data: T;
  readonly msg: string;
  constructor(data: T, msg: string) {
    this.data = data;
    this.msg = msg;
  }
}
export const reply = <T>(data: T, msg: string): Reply<T> => new Reply(data, msg);

type Answer<C extends Contract> = z.input<C['output']> | Reply<z.input<C['output']>>;
type Handler<C extends Contract, A> = (call: Call<C, A>) => Promise<Answer<C>> | Answer<C>;

/** A contract bound to its handler: the only way a route comes into existence. */
export interface Binding {
  contract: Contract;
  run(c: Context<AppEnv>): Promise<Response>;
}

/** Bind a contract that needs a signed-in caller allowed by its access rule. */
export function handle<C extends Contract>(contract: C, handler: Handler<C, Actor>): Binding {
  if (contract.access === 'public') throw new Error(`${contract.path}: public contract bound with handle(); use handlePublic()`);
  return {
    contract,
    async run(c) {
      const actor = await authenticate(c.get('deps'), c.req.header('authorization'));
      if (!allows(contract.access, actor.role)) throw forbidden(deniedMessage(contract.access));
      return answer(c, contract, await handler({ ...(await parsed(c, contract)), actor }));
    },
  };
}

/** Bind a contract anyone may call (login, password reset). */
export function handlePublic<C extends Contract>(contract: C, handler: Handler<C, null>): Binding {
  if (contract.access !== 'public') throw new Error(`${contract.path}: contract with access '${contract.access}' bound with handlePublic()`);
  return { contract, run: async (c) => answer(c, contract, await handler({ ...(await parsed(c, contract)), actor: null })) };
}

async function parsed<C extends Contract>(c: Context<AppEnv>, contract: C): Promise<Omit<Call<C, never>, 'actor'>> {
  const input = contract.method === 'GET' ? query(c, contract.input) : await body(c, contract.input);
  return {
    deps: c.get('deps'),
    input: input as ParsedOf<C>,
    client: { ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? '', requestId: c.get('requestId') },
  };
}

function answer<C extends Contract>(c: Context<AppEnv>, contract: C, result: Answer<C>): Response {
  const [data, msg] = result instanceof Reply ? [result.data, result.msg] : [result, contract.okMsg];
  if (c.get('deps').checkOutputs) {
    const checked = contract.output.safeParse(data);
    if (!checked.success) throw new Error(`${contract.path}: answer does not match its contract: ${checked.error.message}`);
  }
  return ok(c, data as OutputOf<C>, msg);
}

/**
 * Register every binding on the app, and refuse to start when a contract of `expected` has no binding, a
 * binding has no contract in `expected`, or two bindings share a path.
 */
export function mountContracts(app: Hono<AppEnv>, bindings: readonly Binding[], expected: readonly Contract[]): void {
  const seen = new Set<string>();
  for (const b of bindings) {
    const key = `${b.contract.method} ${b.contract.path}`;
    if (seen.has(key)) throw new Error(`two handlers for ${key}`);
    if (!expected.includes(b.contract)) throw new Error(`${key} has no contract in src/shared/api/index.ts`);
    seen.add(key);
    app.on(b.contract.method, b.contract.path, (c) => b.run(c));
  }
  const missing = expected.filter((c) => !seen.has(`${c.method} ${c.path}`));
  if (missing.length) throw new Error(`contracts without a handler: ${missing.map((c) => c.path).join(', ')}`);
}
