import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import { platformSchema } from '../../shared/links.ts';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body, query } from '../http/validate.ts';
import { actor } from '../http/auth.ts';
import { unionOf } from './items.ts';
import { convertItem, jdShopId } from './service.ts';

const text = (msg: string) => z.string({ error: msg }).trim().min(1, msg).max(2000, '链接不能超过 2000 个字符');
const itemQuery = z.object({ item: text('请输入商品 ID 或商品链接') });
const urlQuery = z.object({ url: text('请输入商品或店铺链接') });
const converQuery = urlQuery.extend({ platform: platformSchema.optional() });

/** `/tfc/*`: the "separate service" of spec §7 — item conversion through the affiliate provider, landing HTML publishing. */
export const tfcRoutes = new Hono<AppEnv>()
  .get('/newputoth/geturl', async (c) => ok(c, await convertItem(c.get('deps'), actor(c), query(c, itemQuery).item, 2)))
  .get('/newputpdd/geturl', async (c) => ok(c, await convertItem(c.get('deps'), actor(c), query(c, itemQuery).item, 5)))
  .get('/newputoth/item_conver', async (c) => {
    const q = query(c, converQuery);
    return ok(c, await convertItem(c.get('deps'), actor(c), q.url, q.platform ? unionOf(q.platform) : null));
  })
  .post('/jdpromotion', async (c) => ok(c, await convertItem(c.get('deps'), actor(c), (await body(c, itemQuery)).item, 3)))
  .get('/jdgetshopid', async (c) => ok(c, await jdShopId(c.get('deps'), actor(c), query(c, urlQuery).url)));
