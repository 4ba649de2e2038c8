import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor, requireAuth, requireRole } from '../http/auth.ts';
import { followChain } from './follow.ts';

const runInput = z.object({
  url: z
    .string({ error: '请输入要测试的链接' })
    .trim()
    .min(1, '请输入要测试的链接')
    .max(4000, '链接不能超过 4000 个字符')
    .transform((s) => (/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`)),
});

/** `/capi/napi/jumptest/*`: link jump test (admin roles 1, 2; spec §2 /sxA/jumptest). */
export const jumptestRoutes = new Hono<AppEnv>()
  .use('/*', requireAuth, requireRole(1, 2))
  .post('/run', async (c) => {
    const { url } = await body(c, runInput);
    const deps = c.get('deps');
    deps.limiter.hit(`jumptest:${actor(c).userId}`, 30, 60_000);
    return ok(c, await followChain(url, { allowPrivate: deps.config.JUMPTEST_ALLOW_PRIVATE }));
  });
