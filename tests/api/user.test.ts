import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/server/accounts/tokens.ts';
import { createUser, setUserStatus } from '../../src/server/accounts/users.ts';
import type { LoginData, UserInfo } from '../../src/shared/user.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

const PW = 'secret123';
const LOGIN_FIELDS = [
  'jwt',
  'username',
  'company',
  'id',
  'super',
  'udsmart',
  'is_sub',
  'role',
  'phone',
  'email',
  'expire_time',
  'status',
  'promote_type',
].sort();

describe.each(dialects())('user API on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await createUser(t.deps, { email: 'super@x.cn', password: PW, role: 1 });
    await createUser(t.deps, { email: 'admin@x.cn', password: PW, role: 2 });
    await createUser(t.deps, { email: 'ud@x.cn', password: PW, role: 5 });
    await createUser(t.deps, { email: 'udsub@x.cn', password: PW, role: 6, parentEmail: 'ud@x.cn' });
    await createUser(t.deps, { email: 'c1@x.cn', password: PW, role: 3, company: '甲公司', phone: '13812345678', expireTime: 1893427200 });
    await createUser(t.deps, { email: 'agent@x.cn', password: PW, role: 4 });
    await createUser(t.deps, { email: 'sub@x.cn', password: PW, role: 3, parentEmail: 'agent@x.cn' });
  });
  afterAll(() => t.close());

  const login = (email: string, password = PW, ip?: string) => t.post<LoginData>('/capi/api/user/login', { email, password }, { ip });

  it.each([
    ['super@x.cn', 1, 0, 0, 'common', 1],
    ['admin@x.cn', 2, 0, 0, 'common', 2],
    ['ud@x.cn', 2, 1, 0, 'common', 5],
    ['udsub@x.cn', 2, 1, 1, 'common', 6],
    ['c1@x.cn', 0, 0, 0, 'common', 3],
    ['agent@x.cn', 0, 0, 0, 'agent', 4],
    ['sub@x.cn', 0, 0, 0, 'common', 3],
  ])('%s logs in with exactly the spec fields and derives role', async (email, sup, ud, sub, role, userrole) => {
    const r = await login(email);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    expect(Object.keys(r.body.data).sort()).toEqual(LOGIN_FIELDS);
    expect(r.body.data).toMatchObject({ super: sup, udsmart: ud, is_sub: sub, role, email, status: 1 });
    const info = await t.post<UserInfo>('/capi/api/user/info', {}, { token: r.body.data.jwt });
    expect(info.body.code).toBe(1);
    expect(info.body.data.userrole).toBe(userrole);
  });

  it('masks the phone and keeps only the date part of expire_time', async () => {
    const r = await login('c1@x.cn');
    expect(r.body.data.phone).toBe('138****5678');
    expect(r.body.data.expire_time).toBe('2030-01-01');
    expect(r.body.data.company).toBe('甲公司');
  });

  it('answers wrong password and unknown e-mail identically', async () => {
    const a = await login('c1@x.cn', 'wrongpass', '10.1.1.1');
    const b = await login('nobody@x.cn', 'wrongpass', '10.1.1.1');
    expect(a).toEqual({ status: 400, body: { code: 4010, msg: '邮箱或密码错误', data: null } });
    expect(b).toEqual(a);
  });

  it.each([
    ['malformed JSON', { raw: '{"email": ' }, 400, 4001, '请求体不是合法的 JSON，请检查后重试'],
    ['array body', { raw: '[1,2]' }, 400, 4000, '请求体必须是 JSON 对象'],
    ['missing email', { raw: '{"password":"123456"}' }, 400, 4000, '请输入邮箱'],
    ['wrong type', { raw: '{"email":123,"password":"123456"}' }, 400, 4000, '请输入邮箱'],
    ['bad e-mail', { raw: '{"email":"abc","password":"123456"}' }, 400, 4000, '邮箱格式不正确'],
  ])('login with %s answers %i/%i', async (_n, opts, status, code, msg) => {
    const r = await t.post('/capi/api/user/login', undefined, opts);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(r.body.msg).toBe(msg);
  });

  it('refuses an oversized body with 413 and a Chinese message', async () => {
    const r = await t.post('/capi/api/user/login', { email: 'a@b.cn', password: 'x'.repeat(100_000) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 4013, msg: '请求内容过大（上限 64 KB）', data: null });
  });

  it('answers unknown routes with the envelope', async () => {
    const r = await t.post('/capi/api/nothing/here', {});
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 4004, msg: '接口不存在，请检查请求地址', data: null });
  });

  it.each([
    ['missing', undefined],
    ['garbled', 'not-a-token'],
    ['forged', 'eyJzaWQiOiJ4IiwidWlkIjoxLCJleHAiOjk5OTk5OTk5OTl9.AAAA'],
  ])('a %s token answers 1009', async (_n, token) => {
    const r = await t.post('/capi/api/user/info', {}, { token });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1009, msg: '登录信息已过期', data: null });
  });

  it('an expired token answers 1009', async () => {
    const r = await login('c1@x.cn');
    const { sid, uid } = JSON.parse(Buffer.from(r.body.data.jwt.split('.')[0]!, 'base64url').toString());
    const expired = signToken(t.deps.secrets.tokenSecret, { sid, uid, exp: t.deps.clock.now() - 1 });
    expect((await t.post('/capi/api/user/info', {}, { token: expired })).body.code).toBe(1009);
  });

  it('logout revokes the token', async () => {
    const { jwt } = (await login('c1@x.cn')).body.data;
    expect((await t.post('/capi/api/user/logout', {}, { token: jwt })).body.code).toBe(1);
    expect((await t.post('/capi/api/user/info', {}, { token: jwt })).body.code).toBe(1009);
  });

  it('a disabled account gets 1001 at login and on its live tokens', async () => {
    const u = await createUser(t.deps, { email: 'gone@x.cn', password: PW, role: 3 });
    const { jwt } = (await login('gone@x.cn')).body.data;
    await setUserStatus(t.deps, u.id, 0);
    expect((await t.post('/capi/api/user/info', {}, { token: jwt })).body.code).toBe(1009);
    const r = await login('gone@x.cn');
    expect(r.body).toEqual({ code: 1001, msg: '用户被禁止登录，请联系管理员', data: null });
  });

  it('an account past expire_time is refused with 1010', async () => {
    await createUser(t.deps, { email: 'old@x.cn', password: PW, role: 3, expireTime: 1_600_000_000 });
    const r = await login('old@x.cn');
    expect(r.body).toEqual({ code: 1010, msg: '账号已到期，请联系管理员续期', data: null });
  });

  describe('modify password', () => {
    it('validates with the spec messages', async () => {
      const { jwt } = (await login('agent@x.cn')).body.data;
      const cases: Array<[object, string]> = [
        [{ password: 'newpass1', confirmpass: 'newpass1' }, '请输入密码'],
        [{ oldpass: PW, password: '123', confirmpass: '123' }, '长度在 6 到 20 个字符'],
        [{ oldpass: PW, password: 'newpass1', confirmpass: 'newpass2' }, '两次密码输入不一致'],
        [{ oldpass: PW, password: 'newpass1' }, '请再次重复新密码'],
      ];
      for (const [input, msg] of cases) {
        const r = await t.post('/capi/api/user/modify', input, { token: jwt });
        expect(r.body).toMatchObject({ code: 4000, msg });
      }
      expect(
        (await t.post('/capi/api/user/modify', { oldpass: 'wrongold', password: 'newpass1', confirmpass: 'newpass1' }, { token: jwt }))
          .body,
      ).toMatchObject({ code: 4010, msg: '原密码错误' });
    });

    it('succeeds, trims, and revokes every older token', async () => {
      const a = (await login('sub@x.cn')).body.data.jwt;
      const b = (await login('sub@x.cn')).body.data.jwt;
      const r = await t.post(
        '/capi/api/user/modify',
        { oldpass: ` ${PW} `, password: ' newpass9 ', confirmpass: 'newpass9' },
        { token: a },
      );
      expect(r.body).toEqual({ code: 1, msg: '修改密码成功，请重新登录', data: null });
      expect((await t.post('/capi/api/user/info', {}, { token: a })).body.code).toBe(1009);
      expect((await t.post('/capi/api/user/info', {}, { token: b })).body.code).toBe(1009);
      expect((await login('sub@x.cn', 'newpass9')).body.code).toBe(1);
    });
  });

  it('reads and sets the hourly-report status', async () => {
    const { jwt } = (await login('c1@x.cn')).body.data;
    expect((await t.post('/capi/api/user/getemail', {}, { token: jwt })).body.data).toEqual({ email_status: 2 });
    expect((await t.post('/capi/api/user/setemail', { email_status: 1 }, { token: jwt })).body).toEqual({
      code: 1,
      msg: '提交成功',
      data: { email_status: 1 },
    });
    expect((await t.post('/capi/api/user/getemail', {}, { token: jwt })).body.data).toEqual({ email_status: 1 });
    expect((await t.post('/capi/api/user/setemail', { email_status: 'x' }, { token: jwt })).body.code).toBe(4000);
    expect((await t.post('/capi/api/user/setemail', { email_status: 3 }, { token: jwt })).body.msg).toBe(
      '时报状态只能是 1（开启）或 2（关闭）',
    );
  });

  it('lets admins switch account status, within their reach', async () => {
    const target = await createUser(t.deps, { email: 'target@x.cn', password: PW, role: 3 });
    const admin = (await login('admin@x.cn')).body.data.jwt;
    const customer = (await login('c1@x.cn')).body.data.jwt;
    const superId = (await login('super@x.cn')).body.data.id;
    expect((await t.post('/capi/api/user/open', { id: target.id, status: 0 }, { token: customer })).body.code).toBe(4003);
    expect((await t.post('/capi/api/user/open', { id: superId, status: 0 }, { token: admin })).body.msg).toBe(
      '管理员只能启用或禁用客户账号',
    );
    expect((await t.post('/capi/api/user/open', { id: 999999, status: 0 }, { token: admin })).body.code).toBe(4004);
    expect((await t.post('/capi/api/user/open', { id: target.id, status: 0 }, { token: admin })).body.code).toBe(1);
    expect((await login('target@x.cn')).body.code).toBe(1001);
    expect((await t.post('/capi/api/user/open', { id: target.id, status: 1 }, { token: admin })).body.code).toBe(1);
    expect((await login('target@x.cn')).body.code).toBe(1);
  });

  it('rate-limits login per account', async () => {
    await createUser(t.deps, { email: 'brute@x.cn', password: PW, role: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login('brute@x.cn', 'wrong-' + i, `10.9.0.${i}`)).body.code);
    expect(codes.slice(0, 8).every((c) => c === 4010)).toBe(true);
    expect(codes.slice(8)).toEqual([4029, 4029]);
    expect((await login('brute@x.cn', PW, '10.9.1.1')).body.code).toBe(4029);
  });

  it('rate-limits login per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await login(`nobody${i}@x.cn`, 'whatever', '10.7.7.7')).body.code);
    expect(codes.filter((c) => c === 4029).length).toBe(2);
  });
});
