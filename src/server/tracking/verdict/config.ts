/**
 * The thresholds of the invalid-traffic verdicts (issue 23, docs/api-tracking.md "Invalid traffic"), in ONE place.
 * Every verdict reads them from here; the processor takes another set only in tests (`ProcessOptions.verdict`).
 * Windows slide over the events' received time (epoch seconds), in the order the processor reads them.
 */
export interface VerdictThresholds {
  /** A device IP (the `ip` macro of a ping, the browser's address of a landing visit) sending more than `max` clicks or visits in `seconds`. */
  ipFlood: { max: number; seconds: number };
  /** One device id (OAID, IDFA, IMEI, MUID, CAID or Android id, hashed or not, as the platform filled it) clicking more than `max` times in `seconds`. */
  deviceFlood: { max: number; seconds: number };
  /** One link receiving more than `max` click pings that carry neither a click id nor a callback (de-duplication cannot catch them) in `seconds`. */
  linkFlood: { max: number; seconds: number };
  /** A landing visit arriving more than this many seconds after the ad click it is tied to. */
  lateVisitSeconds: number;
  /**
   * An order created less than this many seconds after the landing visit (and so the ad click) it would be attributed
   * to: no shopper gets from an ad through the union's app, the item page and the order form that fast, so the click
   * is not the order's evidence (orders/attribution.ts, rule `fast_conversion`).
   */
  fastConversionSeconds: number;
}

export const DEFAULT_THRESHOLDS: VerdictThresholds = {
  ipFlood: { max: 30, seconds: 60 },
  deviceFlood: { max: 10, seconds: 60 },
  linkFlood: { max: 600, seconds: 60 },
  lateVisitSeconds: 6 * 3600,
  fastConversionSeconds: 10,
};

/**
 * When a link's or plan's invalid share is flagged (the promotion list, the link list, the hourly e-mail): its
 * invalid clicks reach `percent` % of its monitored clicks (valid + invalid) over the span, and there were at least
 * `minClicks` of them — so that 1 invalid click of 2 does not raise a flag.
 */
export interface InvalidShareAlert {
  percent: number;
  minClicks: number;
}

export const DEFAULT_ALERT: InvalidShareAlert = { percent: 20, minClicks: 50 };
