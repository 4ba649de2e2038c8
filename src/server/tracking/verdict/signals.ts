/**
 * What the verdicts read from a ping's or visit's query beyond the parsed event: whether the platform left its id
 * macros unfilled, whether an id is garbage, and the device (id, IP, user agent) the platform's macros named. Read
 * from the `Query` the parser already built (no second decoding); never throws.
 */
import { LANDING_CLICK_PARAMS } from '../../../shared/macros.ts';
import type { Query } from '../parse.ts';
import { isBlankDevice, isGarbage, isMacro } from './text.ts';

/**
 * The query keys whose value identifies the click (shared/macros.ts). A ping is unfilled when its account id came back
 * as the macro, or when one of these did and none of them carries a real value (a platform may leave one of two
 * callback macros empty — 巨量 fills __CALLBACK_PARAM__ and __CALLBACK_URL__ — but never all of them).
 */
const ID_KEYS = ['clickid', 'cb', 'cburl'] as const;
/** Device ids in the order they are preferred (shared/macros.ts: 巨量, 腾讯 hashed, 快手, UC). */
const DEVICE_KEYS = ['oaid', 'idfa', 'imei', 'muid', 'caid', 'androidid'] as const;

export interface Signals {
  /** An id macro came back as is (`__CLICKID__`, `{CALLBACK_URL}` …). */
  unfilled: boolean;
  /** An id or device value holds control characters, bytes that were not UTF-8, or is absurdly long. */
  malformed: boolean;
  /** The device id the platform filled, '' when none. */
  device: string;
}

const read = (q: Query, key: string): string => {
  try {
    return q.get(key);
  } catch {
    return '\u0000'; // undecodable: garbage
  }
};

export function pingSignals(q: Query): Signals {
  let macros = 0;
  let filled = 0;
  let malformed = false;
  for (const key of ID_KEYS) {
    const v = read(q, key);
    if (!v) continue;
    if (isMacro(v)) macros++;
    else if (isGarbage(v)) malformed = true;
    else filled++;
  }
  const adv = read(q, 'adv');
  if (adv && !isMacro(adv) && isGarbage(adv)) malformed = true;
  const unfilled = isMacro(adv) || (macros > 0 && filled === 0);
  let device = '';
  for (const key of DEVICE_KEYS) {
    const v = read(q, key).trim();
    if (!v || isMacro(v) || isBlankDevice(v)) continue;
    if (isGarbage(v) || v.length > 128) {
      malformed = true;
      continue;
    }
    device = `${key}:${v}`;
    break;
  }
  return { unfilled, malformed, device };
}

/** A landing visit: its click-id parameter left as the macro, or garbage. */
export function visitSignals(q: Query): Signals {
  let unfilled = false;
  let malformed = false;
  for (const key of LANDING_CLICK_PARAMS) {
    const v = read(q, key);
    if (!v) continue;
    if (isMacro(v)) unfilled = true;
    else if (isGarbage(v)) malformed = true;
  }
  return { unfilled, malformed, device: '' };
}
