import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEND_ANSWER } from '../../src/server/accounts/password-reset.ts';
import { createUser } from '../../src/server/accounts/users.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { startSmtp } from '../support/smtp.ts';

describe.each(dialects())('password reset by e-mail over real SMTP on $name', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await makeTestApp(dialect, { SMTP_URL: smtp.url });
    await createUser(t.deps, { email: 'forgot@x.cn', password: 'oldpass1', role: 3 });
    await createUser(t.deps, { email: 'off@x.cn', password: 'oldpass1', role: 3 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const codeFrom = (text: string) => text.match(/验证码是：(\d{6})/)?.[1];

  it('answers the same for known and unknown addresses, and only mails the known one', async () => {
    const known = await t.post('/capi/api/user/send', { email: 'forgot@x.cn' }, { ip: '10.2.0.1' });
    const unknown = await t.post('/capi/api/user/send', { email: 'ghost@x.cn' }, { ip: '10.2.0.1' });
    expect(known.body).toEqual({ code: 1, msg: SEND_ANSWER, data: null });
    expect(unknown.body).toEqual(known.body);
    // Queued and delivered by the mail job, kicked on enqueue: it arrives within moments, not at the next schedule.
    await vi.waitFor(() => expect(smtp.inbox.map((m) => m.to[0])).toEqual(['forgot@x.cn']), { timeout: 5000 });
    expect(codeFrom(smtp.inbox[0]!.text)).toMatch(/^\d{6}$/);
    await t.deps.jobs.idle();
    const outbox = await t.deps.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox.map((m) => [m.to_addr, m.status, m.attempts])).toEqual([['forgot@x.cn', 'sent', 1]]);
  });

  it('rate-limits sending per address', async () => {
    const again = await t.post('/capi/api/user/send', { email: 'forgot@x.cn' }, { ip: '10.2.0.2' });
    expect(again.body).toMatchObject({ code: 4029, msg: '验证码发送过于频繁，请 60 秒后再试' });
  });

  it('refuses a wrong code, counts attempts, then resets with the right one and ends old sessions', async () => {
    const code = codeFrom(smtp.inbox[0]!.text)!;
    const token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'forgot@x.cn', password: 'oldpass1' })).body.data.jwt;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.post('/capi/api/user/find', { email: 'forgot@x.cn', code: wrong, password: 'newpass1', confirmpass: 'newpass1' });
    expect(bad.body).toEqual({ code: 4011, msg: '验证码错误或已过期', data: null });
    const mismatch = await t.post('/capi/api/user/find', { email: 'forgot@x.cn', code, password: 'newpass1', confirmpass: 'newpass2' });
    expect(mismatch.body).toMatchObject({ code: 4000, msg: '两次密码输入不一致' });
    const good = await t.post('/capi/api/user/find', { email: 'forgot@x.cn', code, password: 'newpass1', confirmpass: 'newpass1' });
    expect(good.body).toEqual({ code: 1, msg: '密码已重置，请重新登录', data: null });
    expect((await t.post('/capi/api/user/info', {}, { token })).body.code).toBe(1009);
    expect((await t.post('/capi/api/user/login', { email: 'forgot@x.cn', password: 'newpass1' })).body.code).toBe(1);
    const reuse = await t.post('/capi/api/user/find', { email: 'forgot@x.cn', code, password: 'newpass2', confirmpass: 'newpass2' });
    expect(reuse.body.code).toBe(4011);
  });

  it('locks a code after 5 wrong tries', async () => {
    const before = smtp.inbox.length;
    await t.post('/capi/api/user/send', { email: 'off@x.cn' }, { ip: '10.2.0.3' });
    await vi.waitFor(() => expect(smtp.inbox.length).toBe(before + 1), { timeout: 5000 });
    const code = codeFrom(smtp.inbox.at(-1)!.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await t.post('/capi/api/user/find', { email: 'off@x.cn', code: wrong, password: 'newpass1', confirmpass: 'newpass1' });
    const r = await t.post('/capi/api/user/find', { email: 'off@x.cn', code, password: 'newpass1', confirmpass: 'newpass1' });
    expect(r.body.code).toBe(4011);
  });

  it.each([
    [{ email: 'forgot@x.cn', code: '12ab56', password: 'newpass1', confirmpass: 'newpass1' }, '验证码为 6 位数字'],
    [{ email: 'forgot@x.cn', code: '123456', password: '1', confirmpass: '1' }, '长度在 6 到 20 个字符'],
    [{ email: 'not-an-email', code: '123456', password: 'newpass1', confirmpass: 'newpass1' }, '邮箱格式不正确'],
  ])('validates %o', async (input, msg) => {
    expect((await t.post('/capi/api/user/find', input)).body).toMatchObject({ code: 4000, msg });
  });
});
