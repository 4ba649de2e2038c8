import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import { pageidSchema } from '../../shared/links.ts';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor } from '../http/auth.ts';
import { publishLandingHtml } from './service.ts';

const htmlInput = z.object({
  pageid: pageidSchema,
  html: z.string({ error: '请提供落地页 HTML' }).min(1, '请提供落地页 HTML'),
});

/** `/tfc/htmltoss` and `/tfc/newputoth/htmloss` (mounted under the authenticated tfc app). */
export const publishRoutes = new Hono<AppEnv>()
  .post('/htmltoss', async (c) => {
    const { pageid, html } = await body(c, htmlInput);
    return ok(c, await publishLandingHtml(c.get('deps'), actor(c), pageid, html), '发布成功');
  })
  .post('/newputoth/htmloss', async (c) => {
    const { pageid, html } = await body(c, htmlInput);
    return ok(c, await publishLandingHtml(c.get('deps'), actor(c), pageid, html), '发布成功');
  });
