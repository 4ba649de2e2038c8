import { describe, expect, it } from 'vitest';
import type { VisitFacts } from '../tracking/lookup.ts';
import { DEFAULT_THRESHOLDS } from '../tracking/verdict/config.ts';
import { fastSpan, pickVisit } from './visit-pick.ts';

const T = 1_795_000_000;
const FAST = DEFAULT_THRESHOLDS.fastConversionSeconds;
const WINDOW = 1800;
const v = (id: number, received_at: number, invalid = ''): VisitFacts => ({
  id,
  raw_id: id,
  pageid: '100',
  customerid: 1,
  click_param: 'clickid',
  clickid: `c${id}`,
  ip: '203.0.113.7',
  ua: 'ua',
  received_at,
  click_event_id: id,
  adv: 'adv',
  camp: 'camp',
  aid: 'aid',
  cid: 'cid',
  callback: `cb${id}`,
  invalid,
});
/** An order whose union click (the anchor) and creation are both at `created`. */
const pick = (visits: VisitFacts[], created: number) => pickVisit(visits, created, WINDOW, fastSpan(created, FAST));

describe('the visit an order is attributed to, and a conversion seconds after its click (fast_conversion)', () => {
  it('the threshold is 10 s: a real purchase path (union app, item page, order form) takes longer', () => {
    expect(FAST).toBe(10);
  });

  it('a visit the threshold or more before the order is its evidence', () => {
    expect(pick([v(1, T)], T + FAST)).toEqual({ valid: v(1, T), fast: null, invalid: null });
    expect(pick([v(1, T)], T + 600).valid?.id).toBe(1);
  });

  it('the only valid visit less than the threshold before the order is not evidence: it is the fast one', () => {
    expect(pick([v(1, T)], T + FAST - 1)).toEqual({ valid: null, fast: v(1, T), invalid: null });
    expect(pick([v(1, T)], T)).toEqual({ valid: null, fast: v(1, T), invalid: null });
  });

  it('an earlier valid visit in the window is the evidence, not a click fired just before the order (click injection)', () => {
    expect(pick([v(1, T - 300), v(2, T - 3)], T).valid?.id).toBe(1);
  });

  it('a fast valid visit is shown before an invalid one; an invalid one only when nothing valid is in the window', () => {
    expect(pick([v(1, T - 60, 'bot'), v(2, T - 2)], T)).toEqual({ valid: null, fast: v(2, T - 2), invalid: null });
    expect(pick([v(1, T - 60, 'bot')], T)).toEqual({ valid: null, fast: null, invalid: v(1, T - 60, 'bot') });
    expect(pick([v(1, T - WINDOW - 1)], T)).toEqual({ valid: null, fast: null, invalid: null });
  });

  it('the anchor bounds the visits; a visit after the creation and an order without a creation time are not judged', () => {
    // 淘宝: the visits up to the union's click time count, measured against the order's creation after it
    const click = T;
    const visits = [v(1, T - 3), v(2, T + 1)];
    expect(pickVisit(visits, click, WINDOW, fastSpan(T + 2, FAST))).toEqual({ valid: null, fast: v(1, T - 3), invalid: null });
    expect(pickVisit(visits, click, WINDOW, fastSpan(T + 30, FAST)).valid?.id).toBe(1);
    // the union says the order was created before our visit: the clocks disagree, nothing is judged
    expect(pickVisit(visits, click, WINDOW, fastSpan(T - 100, FAST)).valid?.id).toBe(1);
    expect(fastSpan(0, FAST)).toBeNull();
    expect(pickVisit([v(1, T - 1)], click, WINDOW, fastSpan(0, FAST)).valid?.id).toBe(1);
  });
});
