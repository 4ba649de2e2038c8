import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const PW = 'secret123';
const NOT_FOUND = { status: 404, body: { code: 4004, msg: '推广链接不存在', data: null } };

describe.each(dialects())('links tenant isolation on $name', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const pages: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const users: [string, number, string?][] = [
      ['super', 1],
      ['admin', 2],
      ['c1', 3],
      ['c2', 3],
      ['agent', 4],
      ['sub', 3, 'agent@x.cn'],
      ['agent2', 4],
      ['ud', 5],
      ['udsub', 6, 'ud@x.cn'],
    ];
    for (const [name, role, parentEmail] of users) {
      ids[name] = (await createUser(t.deps, { email: `${name}@x.cn`, password: PW, role, company: name, parentEmail })).id;
      tok[name] = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })).body.data.jwt;
    }
    for (const who of ['c1', 'c2', 'agent', 'sub']) {
      const r = await t.post<LinkView>(
        '/capi/napi/link/create',
        { platform: 2, state: 2, item: '600000000001', isdirect: 1 },
        { token: tok[who] },
      );
      pages[who] = r.body.data.pageid;
    }
  });
  afterAll(() => t.close());

  const call = <T = LinkView>(who: string, path: string, body: unknown) => t.post<T>(`/capi/napi/link/${path}`, body, { token: tok[who] });
  const visible = async (who: string) =>
    (await call<{ list: LinkView[] }>(who, 'index', { pagesize: 100 })).body.data.list.map((l) => l.pageid).sort();

  it.each(['detail', 'update', 'delete', 'log'])("another customer's pageid on %s answers 4004 like a missing one", async (action) => {
    const other = await call('c2', action, { pageid: pages.c1, title: 'x' });
    expect(other).toEqual(NOT_FOUND);
    expect(await call('c2', action, { pageid: '999999999', title: 'x' })).toEqual(NOT_FOUND);
    expect((await call('c1', 'detail', { pageid: pages.c1 })).body.data.title).toBe('');
  });

  it('each customer lists only its own links', async () => {
    expect(await visible('c1')).toEqual([pages.c1]);
    expect(await visible('c2')).toEqual([pages.c2]);
    expect(await visible('sub')).toEqual([pages.sub]);
  });

  it("an agent sees its own and its sub-customers' links, not another customer's", async () => {
    expect(await visible('agent')).toEqual([pages.agent, pages.sub].sort());
    expect((await call('agent', 'detail', { pageid: pages.sub })).body.code).toBe(1);
    expect(await call('agent', 'detail', { pageid: pages.c1 })).toEqual(NOT_FOUND);
    expect(await visible('agent2')).toEqual([]);
    expect(await call('agent2', 'detail', { pageid: pages.sub })).toEqual(NOT_FOUND);
  });

  it('an agent creates for a sub-customer but not for anyone else', async () => {
    const ok = await call('agent', 'create', { customerid: ids.sub, platform: 2, state: 2, item: '600000000002', isdirect: 1 });
    expect(ok.body.code).toBe(1);
    expect(ok.body.data).toMatchObject({ customerid: ids.sub, customer: 'sub' });
    for (const customerid of [ids.c1, ids.agent2, 987654]) {
      const r = await call('agent', 'create', { customerid, platform: 2, state: 2, item: '600000000002', isdirect: 1 });
      expect(r).toEqual({ status: 403, body: { code: 4003, msg: '只能为自己或名下子客户创建推广链接', data: null } });
    }
    const moved = await call('agent', 'update', { pageid: ok.body.data.pageid, customerid: ids.c1 });
    expect(moved.body.code).toBe(4003);
  });

  it('a customer cannot create for someone else', async () => {
    const r = await call('c1', 'create', { customerid: ids.c2, platform: 2, state: 2, item: '600000000002', isdirect: 1 });
    expect(r).toEqual({ status: 403, body: { code: 4003, msg: '只能为自己的账号创建推广链接', data: null } });
  });

  it('admins see and edit every link and must name an existing customer on create', async () => {
    for (const who of ['super', 'admin']) {
      const all = await visible(who);
      for (const p of Object.values(pages)) expect(all).toContain(p);
      expect((await call(who, 'index', { customerid: ids.c1 })).body.data).toMatchObject({ total: 1 });
    }
    expect(await call('admin', 'create', { platform: 2, state: 2, item: '600000000002', isdirect: 1 })).toEqual({
      status: 400,
      body: { code: 4000, msg: '请选择客户（customerid）', data: { field: 'customerid' } },
    });
    expect(await call('admin', 'create', { customerid: 987654, platform: 2, state: 2, item: '600000000002', isdirect: 1 })).toEqual({
      status: 404,
      body: { code: 4004, msg: '客户不存在', data: null },
    });
    expect(await call('admin', 'create', { customerid: ids.super, platform: 2, state: 2, item: '600000000002', isdirect: 1 })).toEqual({
      status: 404,
      body: { code: 4004, msg: '客户不存在', data: null },
    });
    const r = await call('admin', 'create', { customerid: ids.c2, platform: 2, state: 2, item: '600000000002', isdirect: 1 });
    expect(r.body.data.customerid).toBe(ids.c2);
    expect((await call('admin', 'update', { pageid: pages.c1, title: '管理员改' })).body.data.title).toBe('管理员改');
  });

  it.each(['ud', 'udsub'])('UDSmart account %s gets 4003 everywhere in links', async (who) => {
    const forbidden = { status: 403, body: { code: 4003, msg: 'UDSmart 账号没有推广链接功能', data: null } };
    expect(await call(who, 'index', {})).toEqual(forbidden);
    expect(await call(who, 'detail', { pageid: pages.c1 })).toEqual(forbidden);
    expect(await call(who, 'create', { platform: 2, state: 2, item: '600000000002', isdirect: 1 })).toEqual(forbidden);
    expect(await t.post('/capi/api/land/adlist', {}, { token: tok[who] })).toEqual(forbidden);
  });

  it('without a token every link call answers 1009', async () => {
    for (const p of ['/capi/napi/link/index', '/capi/api/land/v2/index', '/capi/api/land/detail']) {
      expect((await t.post(p, {})).body.code).toBe(1009);
    }
  });
});
