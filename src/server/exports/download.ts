import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { Code } from '../../shared/codes.ts';
import { ROLE_GROUP, type Role } from '../../shared/roles.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/envelope.ts';
import type { Actor } from '../kernel/actor.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { AppError } from '../kernel/errors.ts';
import * as store from './store.ts';

/** Admins (1, 2) may read and download anyone's exports; everybody else only their own. */
export const seesAll = (actor: Pick<Actor, 'role'>): boolean => (ROLE_GROUP.platformAdmins as readonly Role[]).includes(actor.role);

/** The session cookies of the console (spec §4), tried when a download carries no Authorization header. */
const TOKEN_COOKIES = ['sxTUUken', 'sxAminTUUken'] as const;

const DOWNLOAD_PATH = '/capi/napi/export/file/:id';

const signature = (deps: Deps, id: number, userId: number, expiresAt: number): string =>
  createHmac('sha256', deps.secrets.tokenSecret).update(`export-download\n${id}\n${userId}\n${expiresAt}`).digest('base64url');

/** A link to export `id` for `userId` until `expiresAt` (epoch seconds): HMAC-signed, so no field can be changed. */
export function signedDownloadUrl(deps: Deps, id: number, userId: number, expiresAt: number): string {
  const q = new URLSearchParams({ u: String(userId), e: String(expiresAt), s: signature(deps, id, userId, expiresAt) });
  return `${publicBaseUrl(deps.config)}/capi/napi/export/file/${id}?${q}`;
}

function checkSignature(deps: Deps, id: number, q: Record<string, string>): { userId: number } {
  const userId = Number(q.u);
  const expiresAt = Number(q.e);
  const given = Buffer.from(q.s ?? '');
  const want = Buffer.from(signature(deps, id, userId, expiresAt));
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expiresAt) || given.length !== want.length || !timingSafeEqual(given, want)) {
    throw new AppError(Code.forbidden, '下载链接无效，请在导出记录中重新下载');
  }
  if (expiresAt < deps.clock.now()) throw new AppError(Code.forbidden, '下载链接已过期，请在导出记录中重新下载');
  return { userId };
}

/** The caller: the Authorization header, else a console session cookie that still signs in. */
async function caller(c: Context<AppEnv>, deps: Deps): Promise<Actor | null> {
  const candidates = [c.req.header('authorization'), ...TOKEN_COOKIES.map((n) => getCookie(c, n))].filter((t): t is string => !!t);
  for (const token of candidates) {
    try {
      return await deps.authenticate(token);
    } catch {
      /* try the next one */
    }
  }
  return null;
}

/**
 * `GET /capi/napi/export/file/{id}?u=&e=&s=` — the file of a finished export. The link must be unexpired and
 * unaltered, and the browser must be signed in as the user it was made for (the owner or an admin who asked for
 * it), so a copied link is useless to anyone else. Streams from object storage.
 */
export function mountDownload(app: Hono<AppEnv>): void {
  app.get(DOWNLOAD_PATH, async (c) => {
    const deps = c.get('deps');
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) return fail(c, Code.notFound, '导出记录不存在');
    const { userId } = checkSignature(deps, id, c.req.query());
    const actor = await caller(c, deps);
    if (!actor) return fail(c, Code.loginExpired, '请先登录后再下载');
    if (actor.userId !== userId) return fail(c, Code.forbidden, '这个下载链接属于其他账号');
    const row = await store.findExport(deps.db, id);
    if (!row || (row.user_id !== actor.userId && !seesAll(actor))) return fail(c, Code.notFound, '导出记录不存在');
    if (row.state !== 'done' || !row.storage_key) return fail(c, Code.notFound, '文件已过期删除，请重新导出');
    const file = await deps.storage.open(row.storage_key);
    if (!file) return fail(c, Code.notFound, '文件已过期删除，请重新导出');
    const name = `${row.title}.${row.format}`;
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="export.${row.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
