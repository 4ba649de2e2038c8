import { LANDING_PREFIXES } from '../../shared/links.ts';
import { MONITOR_PATH } from '../../shared/macros.ts';

/**
 * The promotion link an ad entity drives, read from the URLs it carries: our click/show monitor URL
 * (`/m/c/{pageid}`, `/m/s/{pageid}`) or our landing page (`/pub/{pageid}` …), on this product's public host.
 * Anything else (another host, another path) is not ours: ''.
 */
export function pageidOfUrl(url: string | undefined, publicBase: string): string {
  if (!url) return '';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '';
  }
  if (u.origin !== new URL(publicBase).origin) return '';
  const basePath = new URL(publicBase).pathname.replace(/\/$/, '');
  const path = u.pathname.startsWith(basePath) ? u.pathname.slice(basePath.length) : u.pathname;
  for (const prefix of [...Object.values(MONITOR_PATH), ...LANDING_PREFIXES]) {
    const m = path.startsWith(prefix) ? /^(\d{1,20})(?:[/?#]|$)/.exec(path.slice(prefix.length)) : null;
    if (m?.[1]) return m[1];
  }
  return '';
}

/** The first of an entity's URLs that points at one of our links (click monitor, show monitor, landing page). */
export const pageidOfEntity = (e: { clickMonitorUrl?: string; showMonitorUrl?: string; landingUrl?: string }, publicBase: string): string =>
  pageidOfUrl(e.clickMonitorUrl, publicBase) || pageidOfUrl(e.showMonitorUrl, publicBase) || pageidOfUrl(e.landingUrl, publicBase);
