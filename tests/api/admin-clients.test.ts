import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { AuditView, ClientView, ManagerView } from '../../src/shared/admin.ts';
import { chinaDate } from '../../src/shared/time.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeUser, PASSWORD } from '../support/factories.ts';

/** `/newsxA/client/list` and `/sxA/manager` through the API: CRUD, bad input, other tenants' ids, audit, sessions. */
describe.each(dialects())('admin customers and administrators on $name', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-11-20T10:00:00+08:00'));
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let ip = 0;
  const post = <T>(path: string, body: unknown, who: string) => t.post<T>(path, body, { token: tok[who], ip: `10.7.0.${ip++ % 250}` });

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    for (const [name, role, parentEmail] of [
      ['super', 1],
      ['super2', 1],
      ['admin', 2],
      ['ud', 5],
      ['udsub', 6, 'ud@a.cn'],
      ['agent', 4],
      ['agent2', 4],
      ['sub', 3, 'agent@a.cn'],
      ['c1', 3],
    ] as [string, 1 | 2 | 3 | 4 | 5 | 6, string?][]) {
      ids[name] = (await makeUser(t.deps, { email: `${name}@a.cn`, role, company: `${name}公司`, parentEmail })).id;
      tok[name] = await loginAs(t, `${name}@a.cn`);
    }
  });
  afterAll(() => t.close());

  describe('customers', () => {
    it('lists customers and agents only, with filters, search and pager', async () => {
      const all = await post<{ list: ClientView[]; total: number }>('/capi/napi/admin/client/index', {}, 'admin');
      expect(all.body.code).toBe(1);
      expect(all.body.data.list.map((c) => c.email).sort()).toEqual(['agent2@a.cn', 'agent@a.cn', 'c1@a.cn', 'sub@a.cn']);
      const agent = all.body.data.list.find((c) => c.email === 'agent@a.cn')!;
      expect(agent).toMatchObject({ usertype: 'agent', sub_count: 1, status: 1, expire_time: '' });
      expect(all.body.data.list.find((c) => c.email === 'sub@a.cn')).toMatchObject({ agent_id: ids.agent, agent: 'agent公司' });
      const agents = await post<{ list: ClientView[] }>('/capi/napi/admin/client/index', { usertype: 'agent' }, 'admin');
      expect(agents.body.data.list.map((c) => c.email).sort()).toEqual(['agent2@a.cn', 'agent@a.cn']);
      const subs = await post<{ list: ClientView[] }>('/capi/napi/admin/client/index', { agent_id: ids.agent }, 'super');
      expect(subs.body.data.list.map((c) => c.email)).toEqual(['sub@a.cn']);
      const found = await post<{ list: ClientView[]; total: number }>('/capi/napi/admin/client/index', { exact: 'C1公司' }, 'admin');
      expect(found.body.data.list.map((c) => c.email)).toEqual(['c1@a.cn']);
      const paged = await post<{ list: ClientView[]; total: number }>('/capi/napi/admin/client/index', { page: 2, pagesize: 3 }, 'admin');
      expect(paged.body.data).toMatchObject({ total: 4 });
      expect(paged.body.data.list).toHaveLength(1);
    });

    it.each([
      [{ page: 'abc' }, '页码必须是整数'],
      [{ pagesize: 1000 }, '每页条数只能是 1–100'],
      [{ exact: 'x'.repeat(101) }, '搜索内容不能超过 100 个字符'],
      [{ usertype: 'boss' }, '客户类型只能是 common（广告主）或 agent（代理商）'],
    ])('refuses a bad list query %#', async (body, msg) => {
      const r = await post('/capi/napi/admin/client/index', body, 'admin');
      expect(r.body).toMatchObject({ code: 4000, msg });
    });

    it('creates a customer under an agent, who can then log in', async () => {
      const r = await post<ClientView>(
        '/capi/napi/admin/client/create',
        {
          email: 'New@a.cn',
          password: 'newpass1',
          company: '新公司',
          phone: '13900001111',
          agent_id: ids.agent,
          expire_time: '2027-01-31',
          promote_type: 2,
        },
        'admin',
      );
      expect(r.body).toMatchObject({ code: 1, msg: '创建成功' });
      expect(r.body.data).toMatchObject({
        email: 'new@a.cn',
        usertype: 'common',
        agent_id: ids.agent,
        expire_time: '2027-01-31',
        promote_type: 2,
        status: 1,
      });
      expect(await loginAs(t, 'new@a.cn', 'newpass1')).toMatch(/\./);
      const again = await post('/capi/napi/admin/client/create', { email: 'new@a.cn', password: 'newpass1', company: '重复' }, 'admin');
      expect(again.body).toMatchObject({ code: 4009, msg: '邮箱 new@a.cn 已被注册' });
    });

    it.each([
      [{ email: 'bad', password: 'secret123', company: '甲' }, '邮箱格式不正确'],
      [{ email: 'x1@a.cn', password: '123', company: '甲' }, '长度在 6 到 20 个字符'],
      [{ email: 'x1@a.cn', password: 'secret123', company: '' }, '请输入公司名称'],
      [{ email: 'x1@a.cn', password: 'secret123', company: '甲', phone: '138-0000' }, '手机号只能是数字'],
      [{ email: 'x1@a.cn', password: 'secret123', company: '甲', expire_time: '2026-13-45' }, '日期不存在'],
      [{ email: 'x1@a.cn', password: 'secret123', company: '甲'.repeat(101) }, '公司名称不能超过 100 个字符'],
      [{ email: 'x1@a.cn', password: 'secret123', company: '甲', promote_type: 'x' }, '推广类型只能是 1、2 或 3'],
    ])('refuses bad new-customer input %#', async (body, msg) => {
      const r = await post('/capi/napi/admin/client/create', body, 'admin');
      expect(r.body).toMatchObject({ code: 4000, msg });
    });

    it('refuses a new customer that would be expired the moment it is made, naming the date; today and later are fine', async () => {
      const today = chinaDate(t.deps.clock.now());
      const yesterday = chinaDate(t.deps.clock.now() - 86_400);
      const body = { email: 'past@a.cn', password: 'secret123', company: '已过期公司' };
      const r = await post('/capi/napi/admin/client/create', { ...body, expire_time: yesterday }, 'admin');
      expect(r.body).toMatchObject({
        code: 4000,
        msg: `到期日期 ${yesterday} 早于今天（${today}），保存后该客户将立即过期；请选择今天或之后的日期，或留空表示长期有效`,
        data: { field: 'expire_time' },
      });
      const list = await post<{ list: ClientView[] }>('/capi/napi/admin/client/index', { exact: 'past@a.cn' }, 'admin');
      expect(list.body.data.list).toEqual([]);
      const ok = await post<ClientView>('/capi/napi/admin/client/create', { ...body, expire_time: today }, 'admin');
      expect(ok.body.data).toMatchObject({ email: 'past@a.cn', expire_time: today, expired: false });
    });

    it('refuses an agent that is not one, and an agent under an agent', async () => {
      const notAgent = await post(
        '/capi/napi/admin/client/create',
        { email: 'x2@a.cn', password: 'secret123', company: '甲', agent_id: ids.c1 },
        'admin',
      );
      expect(notAgent.body).toMatchObject({ code: 4004, msg: '代理商不存在' });
      const adminAsAgent = await post(
        '/capi/napi/admin/client/create',
        { email: 'x2@a.cn', password: 'secret123', company: '甲', agent_id: ids.ud },
        'admin',
      );
      expect(adminAsAgent.body).toMatchObject({ code: 4004, msg: '代理商不存在' });
      const nested = await post(
        '/capi/napi/admin/client/create',
        { email: 'x2@a.cn', password: 'secret123', company: '甲', usertype: 'agent', agent_id: ids.agent },
        'admin',
      );
      expect(nested.body).toMatchObject({ code: 4000, msg: '代理商不能挂在另一个代理商名下' });
    });

    it('edits the §3 fields, audits before/after, and never edits an administrator through it', async () => {
      const r = await post<ClientView>(
        '/capi/napi/admin/client/update',
        { id: ids.c1, company: '甲改名', phone: '13700000000', email: 'c1new@a.cn', promote_type: 3, expire_time: '2027-06-30' },
        'super',
      );
      expect(r.body.data).toMatchObject({
        company: '甲改名',
        phone: '13700000000',
        email: 'c1new@a.cn',
        promote_type: 3,
        expire_time: '2027-06-30',
      });
      const log = await post<{ list: AuditView[] }>('/capi/napi/admin/audit/index', { event: 'client_updated' }, 'admin');
      expect(log.body.data.list[0]).toMatchObject({
        action: '修改客户',
        actor: 'super@a.cn',
        target: 'c1@a.cn',
        before: { company: 'c1公司', email: 'c1@a.cn', promote_type: 1, expire_time: 0 },
        after: { company: '甲改名', email: 'c1new@a.cn', promote_type: 3 },
      });
      for (const id of [ids.admin, ids.ud, 999_999]) {
        const other = await post('/capi/napi/admin/client/update', { id, company: '改' }, 'super');
        expect(other.body).toMatchObject({ code: 4004, msg: '客户不存在' });
      }
      const taken = await post('/capi/napi/admin/client/update', { id: ids.c1, email: 'agent@a.cn' }, 'super');
      expect(taken.body).toMatchObject({ code: 4009 });
      const wrongType = await post('/capi/napi/admin/client/update', { id: 'x', company: '改' }, 'super');
      expect(wrongType.body).toMatchObject({ code: 4000, msg: '请指定客户' });
    });

    it('keeps agents with sub-customers agents, and sub-customers customers', async () => {
      const demote = await post('/capi/napi/admin/client/update', { id: ids.agent, usertype: 'common' }, 'admin');
      expect(demote.body.code).toBe(4009);
      const promote = await post('/capi/napi/admin/client/update', { id: ids.sub, usertype: 'agent' }, 'admin');
      expect(promote.body).toMatchObject({ code: 4000, msg: '子客户不能设为代理商，请先解除与代理商的关联' });
    });

    it('disabling a customer ends its sessions at once; enabling lets it log in again', async () => {
      const c = await makeUser(t.deps, { email: 'victim@a.cn' });
      const token = await loginAs(t, 'victim@a.cn');
      expect((await t.post('/capi/api/user/info', {}, { token })).body.code).toBe(1);
      const off = await post<ClientView>('/capi/napi/admin/client/update', { id: c.id, status: 0 }, 'admin');
      expect(off.body.data.status).toBe(0);
      expect((await t.post('/capi/api/user/info', {}, { token })).body.code).toBe(1009);
      expect((await t.post('/capi/api/user/login', { email: 'victim@a.cn', password: PASSWORD }, { ip: '10.8.0.1' })).body.code).toBe(1001);
      await post('/capi/napi/admin/client/update', { id: c.id, status: 1 }, 'admin');
      expect(await loginAs(t, 'victim@a.cn')).toMatch(/\./);
      const log = await post<{ list: AuditView[] }>('/capi/napi/admin/audit/index', { exact: 'victim@' }, 'admin');
      expect(log.body.data.list.map((l) => [l.action, l.before, l.after])).toEqual([
        ['启用账号', { status: 0 }, { status: 1 }],
        ['禁用账号', { status: 1 }, { status: 0 }],
        ['新建账号', {}, { role: 3 }],
      ]);
    });

    it('extends expiry from the later of today and the current expiry', async () => {
      const c = await makeUser(t.deps, { email: 'exp@a.cn', expireTime: Date.parse('2026-11-10T23:59:59+08:00') / 1000 });
      const r = await post<ClientView>('/capi/napi/admin/client/extend', { id: c.id, days: 30 }, 'admin');
      expect(r.body).toMatchObject({ code: 1, msg: '已延期' });
      expect(r.body.data).toMatchObject({ expire_time: '2026-12-20', expired: false });
      const again = await post<ClientView>('/capi/napi/admin/client/extend', { id: c.id, days: 10 }, 'admin');
      expect(again.body.data.expire_time).toBe('2026-12-30');
      const forever = await post('/capi/napi/admin/client/extend', { id: ids.agent2, days: 10 }, 'admin');
      expect(forever.body).toMatchObject({ code: 4000, msg: '该客户长期有效，无需延期' });
      for (const days of [0, 5000, 'x'])
        expect((await post('/capi/napi/admin/client/extend', { id: c.id, days }, 'admin')).body.code).toBe(4000);
      const expiring = await post<{ list: ClientView[] }>('/capi/napi/admin/client/index', { expiring: 1 }, 'admin');
      expect(expiring.body.data.list.map((x) => x.email)).not.toContain('exp@a.cn');
    });

    it('assigns an advertiser to an agent and detaches it; only advertisers and only to agents', async () => {
      const c = await makeUser(t.deps, { email: 'loner@a.cn' });
      const r = await post<ClientView>('/capi/napi/admin/client/assign', { id: c.id, agent_id: ids.agent2 }, 'admin');
      expect(r.body.data).toMatchObject({ agent_id: ids.agent2, agent: 'agent2公司' });
      const agentToken = await loginAs(t, 'agent2@a.cn');
      const picks = await t.post<{ customerid: number }[]>('/capi/napi/link/customers', {}, { token: agentToken });
      expect(picks.body.data.map((p) => p.customerid)).toContain(c.id);
      const off = await post<ClientView>('/capi/napi/admin/client/assign', { id: c.id, agent_id: 0 }, 'admin');
      expect(off.body.data.agent_id).toBeNull();
      const picksAfter = await t.post<{ customerid: number }[]>('/capi/napi/link/customers', {}, { token: agentToken });
      expect(picksAfter.body.data.map((p) => p.customerid)).not.toContain(c.id);
      expect((await post('/capi/napi/admin/client/assign', { id: c.id, agent_id: ids.c1 }, 'admin')).body).toMatchObject({
        code: 4004,
        msg: '代理商不存在',
      });
      expect((await post('/capi/napi/admin/client/assign', { id: ids.agent, agent_id: ids.agent2 }, 'admin')).body).toMatchObject({
        code: 4000,
      });
      expect((await post('/capi/napi/admin/client/assign', { id: ids.udsub, agent_id: ids.agent }, 'admin')).body).toMatchObject({
        code: 4004,
      });
    });

    it('sends a password-reset e-mail whose code works on /login', async () => {
      const c = await makeUser(t.deps, { email: 'forgot@a.cn' });
      const r = await post('/capi/napi/admin/client/reset', { id: c.id }, 'admin');
      expect(r.body).toMatchObject({ code: 1, msg: '重置密码邮件已发送' });
      const mail = await t.deps.db.selectFrom('mail_outbox').selectAll().where('to_addr', '=', 'forgot@a.cn').executeTakeFirstOrThrow();
      expect(mail.text).toContain('管理员为您发起了重置密码');
      const code = /验证码是：(\d{6})/.exec(mail.text)?.[1];
      const reset = await t.post(
        '/capi/api/user/find',
        { email: 'forgot@a.cn', code, password: 'fresh123', confirmpass: 'fresh123' },
        { ip: '10.9.9.9' },
      );
      expect(reset.body.code).toBe(1);
      expect(await loginAs(t, 'forgot@a.cn', 'fresh123')).toMatch(/\./);
      expect((await post('/capi/napi/admin/client/reset', { id: c.id }, 'admin')).body.code).toBe(4029);
      expect((await post('/capi/napi/admin/client/reset', { id: ids.admin }, 'super')).body.code).toBe(4004);
    });
  });

  describe('administrators', () => {
    it('role 1 creates administrators of roles 2, 5 and 6; a sub-account needs a UDSmart admin', async () => {
      const a = await post<ManagerView>('/capi/napi/admin/manager/create', { email: 'staff@a.cn', password: 'staff123', role: 2 }, 'super');
      expect(a.body.data).toMatchObject({ role: 2, editable: true, status: 1 });
      const noParent = await post('/capi/napi/admin/manager/create', { email: 'ud2@a.cn', password: 'staff123', role: 6 }, 'super');
      expect(noParent.body).toMatchObject({ code: 4000, msg: 'UDSmart 子账号必须指定所属的 UDSmart 管理员' });
      const wrongParent = await post(
        '/capi/napi/admin/manager/create',
        { email: 'ud2@a.cn', password: 'staff123', role: 6, parent_id: ids.admin },
        'super',
      );
      expect(wrongParent.body.code).toBe(4000);
      const sub = await post<ManagerView>(
        '/capi/napi/admin/manager/create',
        { email: 'ud2@a.cn', password: 'staff123', role: 6, parent_id: ids.ud },
        'super',
      );
      expect(sub.body.data).toMatchObject({ role: 6, parent_id: ids.ud, parent: 'ud@a.cn' });
      for (const role of [1, 3, 4, 'x']) {
        const r = await post('/capi/napi/admin/manager/create', { email: 'nope@a.cn', password: 'staff123', role }, 'super');
        expect(r.body).toMatchObject({ code: 4000 });
      }
    });

    it('role 2 reads the list but cannot touch administrators', async () => {
      const list = await post<{ list: ManagerView[] }>('/capi/napi/admin/manager/index', {}, 'admin');
      expect(list.body.code).toBe(1);
      expect(list.body.data.list.every((m) => !m.editable)).toBe(true);
      expect(list.body.data.list.map((m) => m.email)).toEqual(
        expect.arrayContaining(['super@a.cn', 'admin@a.cn', 'ud@a.cn', 'udsub@a.cn']),
      );
      expect(list.body.data.list.map((m) => m.email)).not.toContain('c1new@a.cn');
      const staff = list.body.data.list.find((m) => m.email === 'staff@a.cn')!;
      for (const [path, body] of [
        ['/capi/napi/admin/manager/create', { email: 'r2@a.cn', password: 'staff123', role: 2 }],
        ['/capi/napi/admin/manager/update', { id: staff.id, username: '改' }],
        ['/capi/napi/admin/manager/status', { id: staff.id, status: 0 }],
        ['/capi/napi/admin/manager/passwd', { id: staff.id, password: 'hacked1' }],
        ['/capi/api/user/open', { id: staff.id, status: 0 }],
      ] as const) {
        const r = await post(path, body, 'admin');
        expect(r.body.code, path).toBe(4003);
      }
      expect(await loginAs(t, 'staff@a.cn', 'staff123')).toMatch(/\./);
    });

    it('nobody edits themselves or a super admin here', async () => {
      for (const [path, body] of [
        ['/capi/napi/admin/manager/update', { id: ids.super, role: 2 }],
        ['/capi/napi/admin/manager/status', { id: ids.super, status: 0 }],
        ['/capi/napi/admin/manager/passwd', { id: ids.super, password: 'whatever1' }],
        ['/capi/napi/admin/manager/update', { id: ids.super2, role: 2 }],
        ['/capi/api/user/open', { id: ids.super2, status: 0 }],
      ] as const) {
        expect((await post(path, body, 'super')).body.code, path).toBe(4003);
      }
      const me = await post<{ list: ManagerView[] }>('/capi/napi/admin/manager/index', { exact: 'super' }, 'super');
      expect(me.body.data.list.every((m) => !m.editable)).toBe(true);
      expect((await post('/capi/napi/admin/manager/update', { id: ids.c1, username: 'x' }, 'super')).body).toMatchObject({
        code: 4004,
        msg: '管理员不存在',
      });
    });

    it('role 1 edits, disables (sessions end) and resets the password of an administrator', async () => {
      const list = await post<{ list: ManagerView[] }>('/capi/napi/admin/manager/index', { exact: 'staff@' }, 'super');
      const staff = list.body.data.list[0]!;
      const token = await loginAs(t, 'staff@a.cn', 'staff123');
      const up = await post<ManagerView>('/capi/napi/admin/manager/update', { id: staff.id, username: '小王', role: 5 }, 'super');
      expect(up.body.data).toMatchObject({ username: '小王', role: 5 });
      const off = await post<ManagerView>('/capi/napi/admin/manager/status', { id: staff.id, status: 0 }, 'super');
      expect(off.body.data.status).toBe(0);
      expect((await t.post('/capi/api/user/info', {}, { token })).body.code).toBe(1009);
      await post('/capi/napi/admin/manager/status', { id: staff.id, status: 1 }, 'super');
      const pw = await post('/capi/napi/admin/manager/passwd', { id: staff.id, password: 'newstaff1' }, 'super');
      expect(pw.body).toMatchObject({ code: 1, msg: '密码已重置' });
      expect(await loginAs(t, 'staff@a.cn', 'newstaff1')).toMatch(/\./);
      const bad = await post('/capi/napi/admin/manager/passwd', { id: staff.id, password: '1' }, 'super');
      expect(bad.body).toMatchObject({ code: 4000, msg: '长度在 6 到 20 个字符' });
      const log = await post<{ list: AuditView[] }>('/capi/napi/admin/audit/index', { exact: 'staff@' }, 'admin');
      expect(log.body.data.list.map((l) => l.action)).toEqual(['重置管理员密码', '启用账号', '禁用账号', '修改管理员', '新建账号']);
      expect(log.body.data.list[3]).toMatchObject({ before: { udsmart: 0, username: 'staff' }, after: { udsmart: 1, username: '小王' } });
    });

    it('a UDSmart admin with sub-accounts keeps its role', async () => {
      const r = await post('/capi/napi/admin/manager/update', { id: ids.ud, role: 2 }, 'super');
      expect(r.body.code).toBe(4009);
    });
  });
});

describe.each(dialects().slice(0, 2))('agent picks ($name)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('an agent picks itself and its sub-customers with their advertisers per channel, never another customer', async () => {
    const agent = await makeUser(t.deps, { email: 'ag@p.cn', role: 4, company: '代理' });
    const sub = await makeUser(t.deps, { email: 'sb@p.cn', parentEmail: 'ag@p.cn', company: '子客户' });
    const stranger = await makeUser(t.deps, { email: 'st@p.cn', company: '别人' });
    const { makeAdAccount } = await import('../support/factories-admin.ts');
    const j = await makeAdAccount(t.deps.db, { customerid: sub.id, platform: 2, name: '子巨量' });
    const k = await makeAdAccount(t.deps.db, { customerid: sub.id, platform: 5, name: '子快手' });
    await makeAdAccount(t.deps.db, { customerid: stranger.id, platform: 2, name: '别人的号' });
    const token = await loginAs(t, 'ag@p.cn');
    const r = await t.post<
      { customerid: number; company: string; advertisers: Record<string, { advertiser_id: string; advertiser_name: string }[]> }[]
    >('/capi/napi/link/customers', {}, { token });
    expect(r.body.data.map((c) => c.customerid).sort()).toEqual([agent.id, sub.id].sort());
    expect(r.body.data.find((c) => c.customerid === sub.id)!.advertisers).toEqual({
      '2': [{ advertiser_id: j.advertiser_id, advertiser_name: '子巨量' }],
      '5': [{ advertiser_id: k.advertiser_id, advertiser_name: '子快手' }],
    });
    const foreign = await t.post(
      '/capi/napi/link/create',
      { platform: 2, state: 2, item: '600000000001', isdirect: 1, customerid: stranger.id },
      { token },
    );
    expect(foreign.body).toMatchObject({ code: 4003, msg: '只能为自己或名下子客户创建推广链接' });
    const list = await t.post('/capi/napi/link/index', { customerid: stranger.id }, { token });
    expect(list.body).toMatchObject({ code: 1, data: { total: 0 } });
  });
});
