/**
 * The invalid-share flag (docs/api-tracking.md "Invalid traffic"): one test for a link or a plan, wherever it shows
 * (promotion list, link list, hourly e-mail). The share is `invalidShare`'s, the thresholds `config.ts`'s.
 */
import { invalidShare } from '../../../shared/invalid-traffic.ts';
import { DEFAULT_ALERT, type InvalidShareAlert } from './config.ts';

/** The share in percent with one decimal, as the screens show it (19 of 79: 24.1). */
export const sharePercent = (valid: number, invalid: number): number => Math.round(invalidShare(invalid, valid + invalid) * 1000) / 10;

/** Whether `invalid` of `valid + invalid` monitored clicks pass the alert: enough clicks, and the share shown at the threshold or above. */
export function invalidFlagged(valid: number, invalid: number, alert: InvalidShareAlert = DEFAULT_ALERT): boolean {
  if (invalid <= 0 || valid + invalid < alert.minClicks) return false;
  return sharePercent(valid, invalid) >= alert.percent;
}
