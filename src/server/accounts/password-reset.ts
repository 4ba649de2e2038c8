import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '../../shared/codes.ts';
import { audit } from '../audit/service.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError } from '../kernel/errors.ts';
import * as store from './store.ts';
import { setPassword } from './users.ts';

const CODE_TTL_SECONDS = 15 * 60;
const MAX_ATTEMPTS = 5;
export const SEND_ANSWER = '如果该邮箱已注册，验证码已发送，请在 15 分钟内使用';

const hashCode = (deps: Deps, email: string, code: string): string =>
  createHmac('sha256', deps.secrets.tokenSecret).update(`${email}:${code}`).digest('base64url');

/**
 * E-mail a 6-digit reset code. Rate-limited per address and per IP *before* the lookup,
 * and the answer is the same whether or not the address exists.
 */
export async function sendResetCode(deps: Deps, email: string, ip: string): Promise<string> {
  deps.limiter.hit(`send:email:${email}`, 1, 60_000, '验证码发送过于频繁，请 60 秒后再试');
  deps.limiter.hit(`send:ip:${ip}`, 10, 3600_000, '验证码发送过于频繁，请稍后再试');
  const user = await store.findUserByEmail(deps.db, email);
  if (!user || user.status !== 1) return SEND_ANSWER;
  await mailCode(deps, user, ip, null);
  return SEND_ANSWER;
}

/**
 * An administrator sends a customer the reset e-mail (the same code the customer would ask for on /login; one per
 * address a minute). A disabled account gets none: it could not log in with the new password anyway.
 */
export async function sendResetCodeFor(deps: Deps, user: store.UserRow, actor: Actor, ip: string): Promise<void> {
  if (user.status !== 1) throw new AppError(Code.banned, '该账号已禁用，请先启用再发送重置密码邮件');
  deps.limiter.hit(`send:email:${user.email}`, 1, 60_000, '验证码发送过于频繁，请 60 秒后再试');
  await mailCode(deps, user, ip, actor);
}

async function mailCode(deps: Deps, user: store.UserRow, ip: string, actor: Actor | null): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.clock.now();
  const email = user.email;
  await store.insertResetCode(deps.db, {
    email,
    code_hash: hashCode(deps, email, code),
    created_at: now,
    expires_at: now + CODE_TTL_SECONDS,
  });
  const why = actor ? '管理员为您发起了重置密码。' : '';
  await deps.mailer.send({
    to: email,
    subject: '【投放管理平台】找回密码验证码',
    text: `您好，\n\n${why}您的找回密码验证码是：${code}\n验证码 15 分钟内有效，请在登录页点击“忘记密码？”输入验证码并设置新密码。如果这不是您本人的操作，请忽略本邮件。\n\n投放管理平台`,
  });
  await audit(deps.db, {
    event: actor ? 'client_reset_sent' : 'reset_code_sent',
    at: now,
    userId: user.id,
    actorId: actor?.userId ?? null,
    email,
    ip,
  });
}

/** Check the code (at most 5 tries per code), set the new password, end every session. */
export async function resetPassword(deps: Deps, input: { email: string; code: string; password: string }, ip: string): Promise<void> {
  deps.limiter.hit(`find:ip:${ip}`, 30, 3600_000);
  const now = deps.clock.now();
  const row = await store.latestResetCode(deps.db, input.email, now);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(Code.wrongResetCode);
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(hashCode(deps, input.email, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await store.countResetAttempt(deps.db, row.id);
    throw new AppError(Code.wrongResetCode);
  }
  const user = await store.findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError(Code.wrongResetCode);
  await store.markResetCodesUsed(deps.db, input.email, now);
  await setPassword(deps, user.id, input.password, 'password_reset', ip);
}
