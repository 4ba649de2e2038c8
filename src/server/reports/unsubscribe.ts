import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { turnOffHourlyReport } from '../accounts/service.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { publicBaseUrl } from '../kernel/config.ts';

const PATH = '/capi/api/report/unsubscribe';

const sign = (deps: Deps, userId: number): string =>
  createHmac('sha256', deps.secrets.tokenSecret).update(`report-unsubscribe\n${userId}`).digest('base64url').slice(0, 32);

/** The unsubscribe link of a user's hourly report: signed, needs no login, does not expire. */
export const unsubscribeUrl = (deps: Deps, userId: number): string =>
  `${publicBaseUrl(deps.config)}${PATH}?t=${userId}.${sign(deps, userId)}`;

function userOf(deps: Deps, token: string | undefined): number | null {
  const [id, sig = ''] = (token ?? '').split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const want = Buffer.from(sign(deps, userId));
  const given = Buffer.from(sig);
  return want.length === given.length && timingSafeEqual(want, given) ? userId : null;
}

const page = (title: string, body: string, status: 200 | 400 = 200): Response =>
  new Response(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} - 投放管理平台</title></head><body style="font-family:'PingFang SC','Microsoft YaHei',Arial,sans-serif;background:#f9fafb;margin:0;padding:48px 16px;color:#111827;"><div style="max-width:420px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px;"><h1 style="font-size:18px;margin:0 0 12px;">${title}</h1>${body}</div></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } },
  );

const bad = () => page('链接无效', '<p>退订链接不完整或已被修改，请使用时报邮件中的链接，或登录控制台在“时报设置”中关闭。</p>', 400);

/**
 * The hourly report's unsubscribe link (no login): GET shows a confirmation with one button (mail scanners
 * that open links change nothing), POST turns the account's `email_status` off — also the one-click POST of
 * RFC 8058 that mail clients send for the List-Unsubscribe header.
 */
export function mountUnsubscribe(app: Hono<AppEnv>): void {
  app.get(PATH, (c) => {
    const token = c.req.query('t');
    if (userOf(c.get('deps'), token) === null) return bad();
    return page(
      '退订时报邮件',
      `<p>退订后将不再收到每小时的投放时报邮件，之后可在控制台“时报设置”中重新开启。</p><form method="post" action="${PATH}?t=${encodeURIComponent(token ?? '')}"><button type="submit" style="background:#2563eb;color:#fff;border:0;border-radius:6px;padding:8px 20px;font-size:14px;cursor:pointer;">确认退订</button></form>`,
    );
  });
  app.post(PATH, async (c) => {
    const deps = c.get('deps');
    const userId = userOf(deps, c.req.query('t'));
    if (userId === null) return bad();
    await turnOffHourlyReport(deps, userId);
    return page('已退订', '<p>已关闭时报邮件，之后不会再收到。需要时可在控制台“时报设置”中重新开启。</p>');
  });
}
