import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor, requireAuth } from '../http/auth.ts';
import { linkCreateInput, linkIndexInput, linkLogInput, linkUpdateInput, pageidInput } from '../../shared/links.ts';
import { createLink, customerOptions, deleteLink, getLink, linkLog, listLinks, updateLink } from './service.ts';

/** `/capi/napi/link/*`: promotion links (spec §7 Links, napi). Tenant rules live in the service. */
export const linkRoutes = new Hono<AppEnv>()
  .use('/*', requireAuth)
  .post('/index', async (c) => ok(c, await listLinks(c.get('deps'), actor(c), await body(c, linkIndexInput))))
  .post('/create', async (c) => ok(c, await createLink(c.get('deps'), actor(c), await body(c, linkCreateInput)), '创建成功'))
  .post('/update', async (c) => ok(c, await updateLink(c.get('deps'), actor(c), await body(c, linkUpdateInput)), '保存成功'))
  .post('/delete', async (c) => {
    await deleteLink(c.get('deps'), actor(c), (await body(c, pageidInput)).pageid);
    return ok(c, null, '删除成功');
  })
  .post('/detail', async (c) => ok(c, await getLink(c.get('deps'), actor(c), (await body(c, pageidInput)).pageid)))
  .post('/log', async (c) => ok(c, await linkLog(c.get('deps'), actor(c), await body(c, linkLogInput))))
  .post('/customers', async (c) => ok(c, await customerOptions(c.get('deps'), actor(c))));
