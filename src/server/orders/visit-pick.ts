/**
 * Which landing visit is an order's evidence (docs/attribution.md): the latest valid visit of the link in
 * [at − window, at] that is not too close to the order's creation. Invalid traffic (tracking/verdict/) is never
 * evidence; neither is a visit less than `fastConversionSeconds` (tracking/verdict/config.ts) before the order was
 * created — no shopper gets from an ad through the union's app, the item page and the order form that fast, and a
 * click fired just before an order (click injection) must not take the conversion from the click that earned it.
 */
import type { VisitFacts } from '../tracking/lookup.ts';

export interface VisitPick {
  /** The evidence: valid, and at least the threshold before the order's creation. */
  valid: VisitFacts | null;
  /** Without one: the latest valid visit too close to the order (rule `fast_conversion`). */
  fast: VisitFacts | null;
  /** Without either: the latest invalid visit (rule `invalid_click`). */
  invalid: VisitFacts | null;
}

/** The visits too close to an order: received in (after, until]. */
export interface FastSpan {
  after: number;
  until: number;
}

/**
 * The span of visits too close to an order created at `createdAt`: the `fastSeconds` up to its creation. A visit after
 * the creation (the union's clock against ours, both as the union and we saw them) is not judged; neither is an order
 * without a creation time.
 */
export const fastSpan = (createdAt: number, fastSeconds: number): FastSpan | null =>
  createdAt > 0 && fastSeconds > 0 ? { after: createdAt - fastSeconds, until: createdAt } : null;

export const isFast = (receivedAt: number, span: FastSpan | null): boolean =>
  span !== null && receivedAt > span.after && receivedAt <= span.until;

/** The pick among `visits` (one link's, oldest first) for an order anchored at `at`. */
export function pickVisit(visits: readonly VisitFacts[], at: number, window: number, span: FastSpan | null): VisitPick {
  let lo = 0;
  let hi = visits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (visits[mid]!.received_at <= at) lo = mid + 1;
    else hi = mid;
  }
  let fast: VisitFacts | null = null;
  let invalid: VisitFacts | null = null;
  for (let i = lo - 1; i >= 0; i--) {
    const v = visits[i]!;
    if (v.received_at < at - window) break;
    if (v.invalid) invalid ??= v;
    else if (isFast(v.received_at, span)) fast ??= v;
    else return { valid: v, fast: null, invalid: null };
  }
  return { valid: null, fast, invalid: fast ? null : invalid };
}
