/** `/promotion/plan/{id}` without `?acpl=`: the plan detail finds the plan's channel from its id, inside the caller's tenants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { channelLabel } from '../../src/shared/catalog.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertAccount, insertEntity } from '../support/factories-promotion.ts';

describe.each(dialects())('plan detail without a channel ($name)', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const detail = (who: string, body: object) =>
    t.post<{ row: { id: string; channel: number; channel_name: string } }>('/capi/napi/promote/detail', body, { token: tok[who] });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const ids: Record<string, number> = {};
    for (const [name, role] of [
      ['c', 3],
      ['other', 3],
      ['admin', 2],
    ] as const) {
      ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: 'secret123', role })).id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: 'secret123' })).body.data.jwt;
    }
    const plan = async (platform: number, advertiser: string, owner: string, id: string) =>
      insertEntity(t.deps.db, { platform, advertiser_id: advertiser, customerid: ids[owner]!, level: 'plan', entity_id: id });
    await insertAccount(t.deps, { platform: 4, advertiserId: 'T1', customerid: ids.c! });
    await insertAccount(t.deps, { platform: 2, advertiserId: 'J1', customerid: ids.c! });
    await insertAccount(t.deps, { platform: 2, advertiserId: 'J9', customerid: ids.other! });
    await plan(4, 'T1', 'c', '701'); // 腾讯: 创意即计划
    await plan(2, 'J9', 'other', '701'); // the same id on 巨量, another tenant's
    await plan(4, 'T1', 'c', '808');
    await plan(2, 'J1', 'c', '808');
  });
  afterAll(() => t.close());

  it('finds a 腾讯 plan from its id alone; the answer names its channel', async () => {
    const r = await detail('c', { type: 'plan', id: '701' });
    expect(r.body.code).toBe(1);
    expect(r.body.data.row).toMatchObject({ id: '701', channel: 4, channel_name: channelLabel(4) });
    // with the channel named, as before
    expect((await detail('c', { acpl: 4, type: 'plan', id: '701' })).body.data.row.channel).toBe(4);
    expect((await detail('other', { type: 'plan', id: '701' })).body.data.row.channel).toBe(2);
  });

  it('an id on several channels asks for the channel, naming them; an unknown id is not found', async () => {
    expect((await detail('c', { type: 'plan', id: '808' })).body).toMatchObject({
      code: 4000,
      msg: `编号 808 在多个广告平台都有（${channelLabel(2)}、${channelLabel(4)}），请选择广告平台`,
      data: { field: 'acpl' },
    });
    expect((await detail('admin', { type: 'plan', id: '701' })).body).toMatchObject({ code: 4000 });
    expect((await detail('c', { type: 'plan', id: '999' })).body).toMatchObject({ code: 4004, msg: '推广对象不存在或无权查看' });
    expect((await detail('c', { type: 'adver', id: '701' })).body).toMatchObject({ code: 4000, data: { field: 'type' } });
  });
});
