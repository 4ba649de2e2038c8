import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor, requireAuth } from '../http/auth.ts';
import { z } from '../../shared/zod.ts';
import { linkStats } from './stats.ts';

/** `/capi/napi/link/stats` — mounted at `/capi/napi/link/stats` by app.ts. */
export const trackingRoutes = new Hono<AppEnv>()
  .use('/*', requireAuth)
  .post('/', async (c) => ok(c, await linkStats(c.get('deps'), actor(c), await body(c, z.looseObject({})))));
