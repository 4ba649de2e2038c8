import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor, requireAuth } from '../http/auth.ts';
import { AppError } from '../kernel/errors.ts';
import { Code } from '../../shared/codes.ts';
import { z } from '../../shared/zod.ts';
import { landIndexInput, linkCreateInput, linkIndexInput, linkUpdateInput, pageidInput } from '../../shared/links.ts';
import { createLink, deleteLink, getLink, listLinks, updateLink } from './service.ts';
import { scopeOf } from './scope.ts';

/** The shared handlers of `/api/land/{action}` and `/api/land/v2/{action}`: the same services as `/napi/link`. */
const actions = new Hono<AppEnv>()
  .post('/create', async (c) => ok(c, await createLink(c.get('deps'), actor(c), await body(c, linkCreateInput)), '创建成功'))
  .post('/update', async (c) => ok(c, await updateLink(c.get('deps'), actor(c), await body(c, linkUpdateInput)), '保存成功'))
  .post('/delete', async (c) => {
    await deleteLink(c.get('deps'), actor(c), (await body(c, pageidInput)).pageid);
    return ok(c, null, '删除成功');
  })
  .post('/detail', async (c) => ok(c, await getLink(c.get('deps'), actor(c), (await body(c, pageidInput)).pageid)));

/** `/capi/api/land/*`: the old console's link calls (spec §7 Links). */
export const landRoutes = new Hono<AppEnv>()
  .use('/*', requireAuth)
  .post('/v2/index', async (c) => {
    const { jump_type, ...rest } = await body(c, landIndexInput);
    return ok(c, await listLinks(c.get('deps'), actor(c), { ...rest, isdirect: jump_type }));
  })
  .post('/index', async (c) => ok(c, await listLinks(c.get('deps'), actor(c), await body(c, linkIndexInput))))
  /** The caller's advertisers: empty until the ad-account feature lands. */
  .post('/adlist', async (c) => {
    await scopeOf(c.get('deps').db, actor(c));
    return ok(c, [] as { advertiser_id: string; advertiser_name: string }[]);
  })
  .post('/report', async (c) => {
    await body(c, z.object({ orderid: z.union([z.string(), z.number()], { error: '请指定订单号' }).optional() }));
    throw new AppError(Code.notImplemented, '订单功能尚未开放');
  })
  .route('/v2', actions)
  .route('/', actions);
