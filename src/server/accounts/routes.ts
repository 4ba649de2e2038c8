import { Hono } from 'hono';
import { z } from '../../shared/zod.ts';
import { emailStatusInput, findPasswordInput, loginInput, modifyPasswordInput, openInput, sendCodeInput } from '../../shared/user.ts';
import type { AppEnv } from '../http/env.ts';
import { ok } from '../http/envelope.ts';
import { body } from '../http/validate.ts';
import { actor, requireAuth } from '../http/auth.ts';
import { login, logout, userInfo } from './session.ts';
import { sendResetCode, resetPassword } from './password-reset.ts';
import { modifyPassword, openAccount, setEmailStatus, setVersion } from './service.ts';

const client = (c: { get(k: 'clientIp'): string; req: { header(n: string): string | undefined } }) => ({
  ip: c.get('clientIp'),
  userAgent: c.req.header('user-agent') ?? '',
});

/** `/capi/api/user/*` (spec §7 User). */
export const userRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => ok(c, await login(c.get('deps'), await body(c, loginInput), client(c)), '登录成功'))
  .post('/send', async (c) => {
    const { email } = await body(c, sendCodeInput);
    return ok(c, null, await sendResetCode(c.get('deps'), email, c.get('clientIp')));
  })
  .post('/find', async (c) => {
    await resetPassword(c.get('deps'), await body(c, findPasswordInput), c.get('clientIp'));
    return ok(c, null, '密码已重置，请重新登录');
  })
  .post('/info', requireAuth, async (c) => ok(c, userInfo(actor(c).user)))
  .post('/modify', requireAuth, async (c) => {
    await modifyPassword(c.get('deps'), actor(c), await body(c, modifyPasswordInput), c.get('clientIp'));
    return ok(c, null, '修改密码成功，请重新登录');
  })
  .post('/logout', requireAuth, async (c) => {
    await logout(c.get('deps'), actor(c), client(c));
    return ok(c, null, '已退出登录');
  })
  .post('/getemail', requireAuth, async (c) => ok(c, { email_status: actor(c).user.email_status }))
  .post('/setemail', requireAuth, async (c) => {
    const { email_status } = await body(c, emailStatusInput);
    return ok(c, await setEmailStatus(c.get('deps'), actor(c), email_status), '提交成功');
  })
  .post('/version', requireAuth, async (c) => {
    const { version } = await body(c, z.object({ version: z.enum(['ver1', 'ver2'], { error: '版本只能是 ver1 或 ver2' }) }));
    return ok(c, await setVersion(c.get('deps'), actor(c), version));
  })
  .post('/open', requireAuth, async (c) => {
    await openAccount(c.get('deps'), actor(c), await body(c, openInput), c.get('clientIp'));
    return ok(c, null, '操作成功');
  });
