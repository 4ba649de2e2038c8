/**
 * Every path the console island answers (spec §2), public and role routes alike.
 * The Astro catch-all page redirects anything else to /404 before any JS loads, and the
 * client router sends unmatched paths to /404 too, so a refresh on a role route never 404s.
 * Landing pages (/pub /puc /pud /pwb /pjd /xtb /new/{digits} /new/wx/{digits}) are Astro pages, not listed.
 * Pattern syntax: `:param` is one segment, a trailing `/*` is any rest (including none).
 */
export const publicConsolePaths: readonly string[] = [
  '/',
  '/login',
  '/admin-login',
  '/auloading',
  '/404',
  '/401',
  '/redirect',
  '/redirect/*',
];

/** Customer ver2 (default) and standard (ver1) routes, roles 3 and 4. */
export const customerConsolePaths: readonly string[] = [
  '/dashboard',
  '/accountinfo',
  '/collect',
  '/collect/page/:pageId',
  '/new/mandate',
  '/promotion',
  '/promotion/page/:pageId',
  '/landing',
  '/landing/:pageId',
  '/exportTemplate',
  // standard (old) version
  '/mandate',
  '/promotion/weibo',
  '/promotion/tencent',
  '/promotion/plan/:adId',
  '/minipromote',
  '/minipromote/miniweibo',
  '/minipromote/minitencent',
  '/minipromote/plan/:adId',
  '/minipromote/page/:pageId',
  '/landing/page',
  '/minilandurl/page',
  '/minilandurl/:pageId',
];

/** Admin routes (roles 1, 2) and UDSmart routes (roles 5, 6). */
export const adminConsolePaths: readonly string[] = [
  '/sxA',
  '/sxA/agentorader/:pageId',
  '/sxA/jumptest',
  '/sxA/costinfo',
  '/sxA/manager',
  '/newsxA/client/list',
  '/newsxA/client/landingpage',
  '/newsxA/client/landingpage/:pageId',
  '/newsxA/client/promote',
  '/newsxA/client/promote/:pageId',
  '/sxA/udAcct/brand',
  '/sxA/udAcct/account',
  '/sxA/udAcct/preview',
  '/sxA/udAcct/promoteList',
  '/sxA/udAcct/page/:pageId',
];

export const consolePathPatterns: readonly string[] = [
  ...publicConsolePaths,
  ...customerConsolePaths,
  ...adminConsolePaths,
];

/** Drop a trailing slash (except for the root) so `/dashboard/` and `/dashboard` are one path. */
export function normalizePath(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') || '/' : p;
}

/** True when `pathname` matches `pattern` (`:param` = one non-empty segment, trailing `/*` = any rest). */
export function matchPattern(pattern: string, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return matchPattern(base, path) || (path.startsWith(base + '/') && matchSegments(base, path, true));
  }
  return matchSegments(pattern, path, false);
}

function matchSegments(pattern: string, path: string, prefix: boolean): boolean {
  const ps = pattern.split('/').filter(Boolean);
  const xs = path.split('/').filter(Boolean);
  if (prefix ? xs.length < ps.length : xs.length !== ps.length) return false;
  return ps.every((seg, i) => {
    const x = xs[i];
    if (x === undefined || x === '') return false;
    return seg.startsWith(':') || seg === x;
  });
}

/** Is this one of the console's paths (spec §2)? Pure; used by the Astro page and the client router. */
export function isConsolePath(pathname: string): boolean {
  let path: string;
  try {
    path = normalizePath(decodeURI(pathname));
  } catch {
    return false;
  }
  if (path.includes('//')) return false;
  // /redirect/{path*} is a console path exactly when its target is.
  if (path.startsWith('/redirect/')) return isConsolePath(path.slice('/redirect'.length));
  return consolePathPatterns.some((pattern) => matchPattern(pattern, path));
}
