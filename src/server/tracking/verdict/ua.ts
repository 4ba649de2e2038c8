/**
 * Bots and headless browsers by user agent, with the `isbot` library (its pattern list is kept by its maintainers,
 * github.com/omrilotan/isbot; it matches "HeadlessChrome", "PhantomJS", crawlers, HTTP libraries such as curl,
 * python-requests or Go-http-client). No list of our own.
 */
import { isbot } from 'isbot';

/** Longest user agent looked at: the hot path keeps 1 024 characters (parse.ts LIMITS.ua). */
const LOOK = 1024;

/**
 * isbot's answer per user agent seen lately. The pattern costs ≈ 10 µs a ping (bench/README.md "Idle drain"), and
 * the same few thousand WebView user agents (one per phone model and app version) come back ping after ping. At most
 * `REMEMBERED` are kept; when full the memo starts again empty (a cheap bound, no per-hit bookkeeping).
 */
const REMEMBERED = 4096;
const seen = new Map<string, boolean>();

function judged(ua: string): boolean {
  try {
    return isbot(ua);
  } catch {
    return false;
  }
}

/** True for a bot or headless browser; '' (no user agent) is not judged. Never throws. */
export function isBotUa(ua: string): boolean {
  if (!ua) return false;
  const look = ua.length > LOOK ? ua.slice(0, LOOK) : ua;
  let bot = seen.get(look);
  if (bot === undefined) {
    bot = judged(look);
    if (seen.size >= REMEMBERED) seen.clear();
    seen.set(look, bot);
  }
  return bot;
}
