/**
 * Input checks that never throw and stay linear on any input (huge, binary, non-UTF-8 decoded as U+FFFD).
 */

/** The replacement character (bytes that were not UTF-8) or a lone surrogate. */
const BROKEN = /\ufffd|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A control character (U+0000–U+001F, U+007F): a plain loop, no control characters in a regular expression. */
function hasControl(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** `__X__` (巨量, 腾讯, 快手, 小红书) or `{X}` (UC): a macro the platform did not substitute (as parse.ts reads them). */
const MACRO = /^(?:__[A-Za-z0-9_]+__|\{[A-Za-z0-9_]+\})$/;

/** Longest value the checks look at: ids are shorter, and past this a value is malformed anyway. */
const LOOK = 4096;

export const isGarbage = (v: string): boolean => v.length > LOOK || hasControl(v) || BROKEN.test(v);

export const isMacro = (v: string): boolean => v.length <= 128 && MACRO.test(v.trim());

/** A device id that names no device: a zeroed IDFA/OAID (limited ad tracking) or all zeros. */
export const isBlankDevice = (v: string): boolean => /^[0-]*$/.test(v);
