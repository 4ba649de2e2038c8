import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles.ts';
import type { Actor } from '../kernel/actor.ts';
import { forbidden } from '../kernel/errors.ts';
import type { AppEnv } from './env.ts';

/** Every authenticated call reads its token from the Authorization header. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('actor', await c.get('deps').authenticate(c.req.header('authorization')));
  await next();
};

export function actor(c: { get(key: 'actor'): Actor | undefined }): Actor {
  const a = c.get('actor');
  if (!a) throw new Error('requireAuth missing on this route');
  return a;
}

export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roles.includes(actor(c).role)) throw forbidden();
    await next();
  };
}
