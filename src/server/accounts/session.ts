import { Code } from '../../shared/codes.ts';
import { deriveRole, deriveVersion } from '../../shared/roles.ts';
import { chinaDate } from '../../shared/time.ts';
import type { LoginData, UserInfo } from '../../shared/user.ts';
import { audit } from '../audit/service.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, loginExpired } from '../kernel/errors.ts';
import { actorOf, maskPhone } from './actor.ts';
import { decoyHash, verifyPassword } from './password.ts';
import * as store from './store.ts';
import { newSessionId, signToken, verifyToken } from './tokens.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Failed logins allowed per window: per IP (offices share one) and per account; successes do not count. */
const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_FAILURES_PER_IP = 30;
const LOGIN_FAILURES_PER_ACCOUNT = 8;

/** An account past its expire_time (customers only; 0 = never). */
export const isExpired = (u: store.UserRow, now: number): boolean => u.expire_time > 0 && u.expire_time < now;

export function publicUser(u: store.UserRow): Omit<LoginData, 'jwt'> {
  return {
    username: u.username,
    company: u.company,
    id: u.id,
    super: u.super,
    udsmart: u.udsmart,
    is_sub: u.is_sub,
    role: u.usertype === 'agent' ? 'agent' : 'common',
    phone: maskPhone(u.phone),
    email: u.email,
    expire_time: chinaDate(u.expire_time),
    status: u.status,
    promote_type: u.promote_type,
  };
}

export function userInfo(u: store.UserRow): UserInfo {
  const role = deriveRole(u);
  return { ...publicUser(u), userrole: role, version: deriveVersion(role, u.version), email_status: u.email_status };
}

/**
 * Customers and administrators log in through the same call. Failures never reveal whether the e-mail exists;
 * a disabled or expired account is told so only after its password was right.
 */
export async function login(deps: Deps, input: { email: string; password: string }, client: ClientInfo): Promise<LoginData> {
  const ipKey = `login:ip:${client.ip}`;
  const accountKey = `login:email:${input.email}`;
  const now = deps.clock.now();
  deps.limiter.check(ipKey, LOGIN_FAILURES_PER_IP, '登录尝试过于频繁，请 15 分钟后再试');
  deps.limiter.check(accountKey, LOGIN_FAILURES_PER_ACCOUNT, '该账号登录失败次数过多，请 15 分钟后再试');
  const user = await store.findUserByEmail(deps.db, input.email);
  const good = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash(deps.config.SCRYPT_COST)));
  if (!user || !good) {
    deps.limiter.count(ipKey, LOGIN_WINDOW_MS);
    deps.limiter.count(accountKey, LOGIN_WINDOW_MS);
    await audit(deps.db, { event: 'login_failed', at: now, userId: user?.id ?? null, email: input.email, ip: client.ip });
    throw new AppError(Code.wrongCredentials);
  }
  if (user.status !== 1) {
    await audit(deps.db, {
      event: 'login_refused',
      at: now,
      userId: user.id,
      email: user.email,
      ip: client.ip,
      detail: { reason: 'disabled' },
    });
    throw new AppError(Code.banned);
  }
  if (isExpired(user, now)) {
    await audit(deps.db, {
      event: 'login_refused',
      at: now,
      userId: user.id,
      email: user.email,
      ip: client.ip,
      detail: { reason: 'expired' },
    });
    throw new AppError(Code.accountExpired);
  }
  deps.limiter.reset(accountKey);
  const sid = newSessionId();
  const exp = now + deps.config.TOKEN_TTL_HOURS * 3600;
  await store.insertSession(deps.db, {
    id: sid,
    user_id: user.id,
    created_at: now,
    expires_at: exp,
    ip: client.ip,
    user_agent: client.userAgent.slice(0, 300),
  });
  await audit(deps.db, { event: 'login_ok', at: now, userId: user.id, email: user.email, ip: client.ip });
  return { jwt: signToken(deps.secrets.tokenSecret, { sid, uid: user.id, exp }), ...publicUser(user) };
}

/**
 * The caller behind a token. Garbled, forged, expired or revoked → 1009; disabled → 1001;
 * an account past expire_time → 1009 too (its session ends; logging in again explains with 1010).
 */
export async function authenticate(deps: Deps, token: string | undefined): Promise<Actor> {
  const raw = token?.replace(/^Bearer\s+/i, '').trim();
  if (!raw) throw loginExpired();
  const now = deps.clock.now();
  const payload = verifyToken(deps.secrets.tokenSecret, raw, now);
  if (!payload) throw loginExpired();
  const row = await store.findSessionWithUser(deps.db, payload.sid);
  if (!row || row.id !== payload.uid || row.revoked_at !== null || row.session_expires_at <= now) throw loginExpired();
  const { session_id, session_expires_at: _e, revoked_at: _r, ...user } = row;
  if (user.status !== 1) throw new AppError(Code.banned);
  if (isExpired(user, now)) throw loginExpired();
  return actorOf(user, session_id);
}

export async function logout(deps: Deps, actor: Actor, client: ClientInfo): Promise<void> {
  const now = deps.clock.now();
  await store.revokeSession(deps.db, actor.sessionId, now);
  await audit(deps.db, { event: 'logout', at: now, userId: actor.userId, email: actor.user.email, ip: client.ip });
}
