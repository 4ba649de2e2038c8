import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { followChain, type JumpResult } from '../../src/server/jumptest/follow.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';

/** Network rule: everything here talks to 127.0.0.1 / localhost only. */
const PW = 'secret123';
let server: http.Server;
let port = 0;
let hits = 0;
const base = () => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    const u = req.url ?? '/';
    const loop = /^\/loop\/(\d+)$/.exec(u);
    if (u === '/a') return res.writeHead(302, { location: '/b' }).end();
    if (u === '/b') return res.writeHead(301, { location: `http://localhost:${port}/c` }).end();
    if (u === '/c')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><head><meta http-equiv="refresh" content="0;url=/d"></head></html>');
    if (u === '/d')
      return res.writeHead(302, { location: 'tbopen://m.taobao.com/tbopen/index.html?action=ali.open.nav&id=612345678901' }).end();
    if (loop) return res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
    if (u === '/slow') return; // never answers
    if (u === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(`<html>${' '.repeat(200 * 1024)}`);
      return res.end('<meta http-equiv="refresh" content="0;url=/a"></html>');
    }
    if (u === '/to-private') return res.writeHead(302, { location: `http://127.0.0.2:${port}/a` }).end();
    if (u === '/js') return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>location.href="/end"</script>');
    return res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('followChain on loopback (private addresses allowed)', () => {
  const allow = { allowPrivate: true };

  it('follows 3xx, absolute and relative Location, meta refresh, and ends at the app scheme', async () => {
    const r = await followChain(`${base()}/a`, allow);
    expect(r.final_kind).toBe('app');
    expect(r.app_scheme).toBe('tbopen');
    expect(r.app_name).toBe('淘宝');
    expect(r.final).toBe('tbopen://m.taobao.com/tbopen/index.html?action=ali.open.nav&id=612345678901');
    expect(r.hops.map((h) => [h.url, h.status, h.location])).toEqual([
      [`${base()}/a`, 302, '/b'],
      [`${base()}/b`, 301, `http://localhost:${port}/c`],
      [`http://localhost:${port}/c`, 200, '/d'],
      [`http://localhost:${port}/d`, 302, 'tbopen://m.taobao.com/tbopen/index.html?action=ali.open.nav&id=612345678901'],
    ]);
    for (const h of r.hops) expect(h.ms).toBeGreaterThanOrEqual(0);
  });

  it('follows a location.href script and stops at a plain page', async () => {
    const r = await followChain(`${base()}/js`, allow);
    expect(r).toMatchObject({ final: `${base()}/end`, final_kind: 'http' });
    expect(r.hops).toHaveLength(2);
  });

  it('stops after max hops', async () => {
    const r = await followChain(`${base()}/loop/0`, allow);
    expect(r.hops).toHaveLength(10);
    expect(r).toMatchObject({ final: `${base()}/loop/10`, final_kind: 'error', error: '跳转超过 10 次，已停止' });
  });

  it('enforces the per-hop timeout', async () => {
    const started = Date.now(); // elapsed real time: the hop timeout is a real-time deadline
    const r = await followChain(`${base()}/slow`, { ...allow, hopTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r).toMatchObject({ final_kind: 'error', error: '第 1 跳请求超时（300 毫秒）' });
  });

  it('enforces the total timeout across hops', async () => {
    const r = await followChain(`${base()}/loop/0`, { ...allow, totalTimeoutMs: 1, maxHops: 1000 });
    expect(r.final_kind).toBe('error');
    expect(r.error).toMatch(/总耗时超过|超时/);
  });

  it('reads no more than the body cap', async () => {
    const r = await followChain(`${base()}/big`, allow);
    expect(r).toMatchObject({ final: `${base()}/big`, final_kind: 'http' });
  });
});

describe('followChain refuses private targets by default', () => {
  it.each([
    ['http://127.0.0.1:PORT/a', '本机回环地址（127.0.0.1）'],
    ['http://localhost:PORT/a', '本机回环地址'],
    ['http://[::1]:PORT/a', '本机回环地址（::1）'],
    ['http://[::ffff:127.0.0.1]:PORT/a', '本机回环地址'],
    ['http://2130706433:PORT/a', '本机回环地址（127.0.0.1）'],
    ['http://0x7f.1:PORT/a', '本机回环地址（127.0.0.1）'],
    ['http://10.1.2.3/a', '内网地址（10.1.2.3）'],
    ['http://192.168.0.1/a', '内网地址（192.168.0.1）'],
    ['http://169.254.169.254/latest/meta-data', '链路本地地址（169.254.169.254）'],
    ['http://0.0.0.0:PORT/', '本网络地址（0.0.0.0/8）（0.0.0.0）'],
    ['http://[fd00::1]/', '内网地址（唯一本地地址）（fd00::1）'],
    ['http://[fe80::1]/', '链路本地地址（fe80::1）'],
  ])('%s', async (url, why) => {
    const before = hits;
    const r = await followChain(url.replace('PORT', String(port)), { allowPrivate: false });
    expect(r.final_kind).toBe('blocked');
    expect(r.hops).toEqual([]);
    expect(r.error).toContain(why);
    expect(hits).toBe(before);
  });

  it('checks every hop, not only the first', async () => {
    const onlyFirstLoopback = (ip: string) => (ip === '127.0.0.1' ? null : '内网地址');
    const r = await followChain(`${base()}/to-private`, { allowPrivate: false, filter: onlyFirstLoopback });
    expect(r.hops.map((h) => h.status)).toEqual([302]);
    expect(r).toMatchObject({
      final: `http://127.0.0.2:${port}/a`,
      final_kind: 'blocked',
      error: '目标 127.0.0.2 指向内网地址（127.0.0.2），已拒绝访问',
    });
  });

  it.each([
    ['javascript:alert(1)', 'blocked'],
    ['file:///etc/passwd', 'blocked'],
    ['openapp.jdmobile://virtual?params=%7B%7D', 'app'],
    ['pinduoduo://com.xunmeng.pinduoduo/goods.html?goods_id=1', 'app'],
    ['weixin://dl/business/?t=abc', 'app'],
  ])('%s ends as %s without any request', async (url, kind) => {
    const r = await followChain(url, { allowPrivate: false });
    expect(r).toMatchObject({ hops: [], final: url, final_kind: kind });
  });
});

describe.each(dialects())('POST /capi/napi/jumptest/run on $name', (dialect) => {
  let t: TestApp;
  let open: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    open = await makeTestApp(dialect, { JUMPTEST_ALLOW_PRIVATE: 'on' });
    for (const [app, prefix] of [
      [t, ''],
      [open, 'open-'],
    ] as const) {
      for (const [name, role] of [
        ['admin', 2],
        ['super', 1],
        ['c1', 3],
        ['agent', 4],
        ['ud', 5],
      ] as const) {
        await createUser(app.deps, { email: `${name}@x.cn`, password: PW, role });
        tok[prefix + name] = (
          await app.post<{ jwt: string }>('/capi/api/user/login', { email: `${name}@x.cn`, password: PW })
        ).body.data.jwt;
      }
    }
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  it('refuses loopback targets by default, whole envelope', async () => {
    const r = await t.post<JumpResult>('/capi/napi/jumptest/run', { url: `http://localhost:${port}/a` }, { token: tok.admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      code: 1,
      msg: '成功',
      data: {
        hops: [],
        final: `http://localhost:${port}/a`,
        final_kind: 'blocked',
        error: expect.stringMatching(/^目标 localhost 指向本机回环地址（(127\.0\.0\.1|::1)），已拒绝访问$/),
      },
    });
  });

  it('with JUMPTEST_ALLOW_PRIVATE=on follows the loopback chain', async () => {
    const r = await open.post<JumpResult>('/capi/napi/jumptest/run', { url: `${base()}/a` }, { token: tok['open-super'] });
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({ final_kind: 'app', app_scheme: 'tbopen' });
    expect(r.body.data.hops).toHaveLength(4);
  });

  it.each(['c1', 'agent', 'ud'])('role of %s gets 4003', async (who) => {
    expect(await t.post('/capi/napi/jumptest/run', { url: `${base()}/a` }, { token: tok[who] })).toEqual({
      status: 403,
      body: { code: 4003, msg: '没有权限执行该操作（仅限超级管理员与管理员）', data: null },
    });
  });

  it.each([
    [{}, '请输入要测试的链接'],
    [{ url: '' }, '请输入要测试的链接'],
    [{ url: 5 }, '请输入要测试的链接'],
    [{ url: 'x'.repeat(5000) }, '链接不能超过 4000 个字符'],
  ])('%o answers 4000', async (b, msg) => {
    const r = await t.post('/capi/napi/jumptest/run', b, { token: tok.admin });
    expect(r).toEqual({ status: 400, body: { code: 4000, msg, data: { field: 'url', issues: 1 } } });
  });

  it('malformed JSON answers 4001', async () => {
    expect((await t.post('/capi/napi/jumptest/run', undefined, { token: tok.admin, raw: '{url' })).body.code).toBe(4001);
  });
});
