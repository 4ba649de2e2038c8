/**
 * 巨量 sandbox: the calls a 管家 or 代理商 grant needs — `2/majordomo/advertiser/select/` (→ `list[{advertiser_id,
 * advertiser_name}]`), `2/agent/advertiser/select/` (→ `list[ids]`, `page_info`) and `2/advertiser/info/`
 * (→ `data[{id, name …}]`), as oceanengine/ad_open_sdk_go and bububa/oceanengine model them. Accounts: juliang-world.ts.
 */
import type { Context, Hono } from 'hono';
import type { PlatformContext } from './admin.ts';
import { C, envelope, ok } from './juliang-wire.ts';
import { childrenOf, type JuliangRole, roleOf } from './juliang-world.ts';
import { idField, idList, intParam, jsonParam, pageOf, wireId } from './paging.ts';

const p = 'juliang';

export function juliangAccountRoutes(
  ctx: PlatformContext,
  app: Hono,
  authed: (c: Context, advertiserId: string | null) => { grant: { advertiserIds: string[] } } | Response,
): void {
  const { world } = ctx;
  const holder = (c: Context, role: JuliangRole): string | Response => {
    const id = idField(c.req.query('advertiser_id'));
    if (!id) return envelope(c, C.badParam, 'advertiser_id 必填');
    const a = authed(c, id);
    if (a instanceof Response) return a;
    if (roleOf(world, id) !== role) return envelope(c, C.noPermission, `${id} 不是${role === 'majordomo' ? '账号管家' : '代理商'}账户`);
    return id;
  };

  app.get('/open_api/2/majordomo/advertiser/select/', (c) => {
    const id = holder(c, 'majordomo');
    if (id instanceof Response) return id;
    return ok(c, {
      list: childrenOf(world, id).map((x) => ({ advertiser_id: wireId(x), advertiser_name: world.advertiser(p, x)?.name ?? '' })),
    });
  });

  app.get('/open_api/2/agent/advertiser/select/', (c) => {
    const id = holder(c, 'agent');
    if (id instanceof Response) return id;
    const page = intParam(c.req.query('page'), 1);
    const size = intParam(c.req.query('page_size'), 100);
    if (page === null || page < 1 || size === null || size < 1 || size > 100) return envelope(c, C.badParam, 'page_size 取值范围 1-100');
    const all = childrenOf(world, id);
    return ok(c, {
      list: pageOf(all, page, size).map((x) => wireId(x)),
      account_source: 'AD',
      page_info: { page, page_size: size, total_number: all.length, total_page: Math.ceil(all.length / size) },
    });
  });

  app.get('/open_api/2/advertiser/info/', (c) => {
    const ids = idList(jsonParam(c.req.query('advertiser_ids')));
    if (!ids || !ids.length || ids.length > 100) return envelope(c, C.badParam, 'advertiser_ids 必填，最多 100 个');
    for (const id of ids) {
      const a = authed(c, id);
      if (a instanceof Response) return a;
    }
    const data = ids.map((id) => ({
      id: wireId(id),
      name: world.advertiser(p, id)?.name ?? '',
      role: 'ROLE_ADVERTISER',
      status: 'STATUS_ENABLE',
    }));
    return envelope(c, C.ok, 'OK', data);
  });
}
