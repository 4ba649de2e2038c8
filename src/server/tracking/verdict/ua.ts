/**
 * Bots and headless browsers by user agent, with the `isbot` library (its pattern list is kept by its maintainers,
 * github.com/omrilotan/isbot; it matches "HeadlessChrome", "PhantomJS", crawlers, HTTP libraries such as curl,
 * python-requests or Go-http-client). No list of our own.
 */
import { isbot } from 'isbot';

/** Longest user agent looked at: the hot path keeps 1 024 characters (parse.ts LIMITS.ua). */
const LOOK = 1024;

/** True for a bot or headless browser; '' (no user agent) is not judged. Never throws. */
export function isBotUa(ua: string): boolean {
  if (!ua) return false;
  try {
    return isbot(ua.length > LOOK ? ua.slice(0, LOOK) : ua);
  } catch {
    return false;
  }
}
