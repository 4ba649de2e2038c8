/** Redirects written into an HTML page rather than a 3xx: `<meta http-equiv="refresh">` and `location.href = '…'`. */

const decode = (s: string) =>
  s
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&#x2F;|&#47;/gi, '/')
    .trim();

export function metaRefreshTarget(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?refresh\b/i.test(tag)) continue;
    const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
    const url = /url\s*=\s*['"]?([^'"]+)/i.exec(decode(value));
    if (url?.[1]) return url[1].trim();
  }
  return null;
}

const JS_REDIRECT =
  /(?:window\.|top\.|self\.|document\.)?location(?:\.href)?\s*=\s*(["'`])([^"'`\s]+)\1|location\.(?:replace|assign)\(\s*(["'`])([^"'`\s]+)\3\s*\)/;

export function scriptRedirectTarget(html: string): string | null {
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const hit = JS_REDIRECT.exec(m[1] ?? '');
    if (hit) return (hit[2] ?? hit[4] ?? '').replace(/\\\//g, '/');
  }
  return null;
}

/** The first HTML-level redirect of a page, or null. */
export const htmlRedirectTarget = (html: string): string | null => metaRefreshTarget(html) ?? scriptRedirectTarget(html);
