/** What every landing route does on a request: find the link (null → the page rewrites to /404), record the visit (not for the publisher's renders). */
import type { AstroGlobal } from 'astro';
import type { LandingLinkRow } from './model.ts';
import { isPageIdParam, RENDER_HEADER } from './runtime.ts';

function clientIp(astro: AstroGlobal, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = astro.request.headers.get('x-forwarded-for');
    if (fwd) return fwd.split(',')[0]!.trim().slice(0, 64);
  }
  try {
    return astro.clientAddress ?? '';
  } catch {
    return '';
  }
}

export async function resolveLanding(astro: AstroGlobal): Promise<LandingLinkRow | null> {
  const pageId = astro.params.pageId;
  astro.response.headers.set('cache-control', 'no-store');
  const rt = astro.locals.landing;
  if (!rt) throw new Error('landing runtime missing (pages are served by src/server/main.ts, which passes it in Astro.locals)');
  const link = isPageIdParam(pageId) ? await rt.find(pageId) : null;
  if (!link) return null;
  if (astro.request.headers.get(RENDER_HEADER) !== rt.renderSecret) {
    const h = astro.request.headers;
    await rt.recordVisit({
      pageid: pageId!,
      query: astro.url.search.slice(1),
      ip: clientIp(astro, rt.trustProxy),
      ua: h.get('user-agent') ?? '',
      referer: h.get('referer') ?? '',
    });
  }
  return link;
}
