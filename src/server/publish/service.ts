import { Code } from '../../shared/codes.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError } from '../kernel/errors.ts';
import { requireLink, scopeOf } from '../links/scope.ts';
import { landingKey } from './storage.ts';

/** Largest landing page we publish (the request body limit applies first). */
export const MAX_HTML_BYTES = 512 * 1024;

/** `htmltoss`: store a landing page's static HTML; the caller must own the link. */
export async function publishLandingHtml(
  deps: Deps,
  actor: Actor,
  pageid: string,
  html: string,
): Promise<{ pageid: string; key: string; bytes: number }> {
  await requireLink(deps.db, await scopeOf(deps.db, actor), pageid);
  const body = Buffer.from(html, 'utf8');
  if (body.length > MAX_HTML_BYTES) throw new AppError(Code.payloadTooLarge, `落地页 HTML 过大（上限 ${MAX_HTML_BYTES / 1024} KB）`);
  const key = landingKey(pageid);
  await deps.storage.put(key, body, 'text/html; charset=utf-8');
  return { pageid, key, bytes: body.length };
}
