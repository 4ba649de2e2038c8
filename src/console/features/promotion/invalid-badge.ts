import { invalidReasonsText as reasonsText, invalidShareText as shareText } from '../../../shared/invalid-traffic.ts';
import type { InvalidTraffic } from '../../../shared/promote-schemas.ts';

/** A plan's invalid share in percent with one decimal ('24.1%'): invalid / (valid + invalid), shared/invalid-traffic.ts. */
export const invalidShareText = (t: Pick<InvalidTraffic, 'valid' | 'invalid'>): string => shareText(t.invalid, t.valid + t.invalid);

/** The reasons with their counts, most first: 'IP 频繁 10、设备频繁 6'. */
export const invalidReasonsText = (t: InvalidTraffic): string => reasonsText(t.reasons);

/** What a flagged share adds to its text (tracking/verdict/config.ts DEFAULT_ALERT). */
export const FLAG_WORD = '偏高';

/**
 * A plan row's invalid share (docs/api-tracking.md "Invalid traffic"): the badge text ('无效 24.1%', '' when the plan
 * had no invalid click in the range; '无效 24.1% 偏高' when it passes the alert) and its title, the reasons with their
 * counts, as the link detail words them.
 */
export function invalidBadge(t: InvalidTraffic | null): { text: string; title: string; flagged: boolean } {
  if (!t || t.invalid <= 0) return { text: '', title: '', flagged: false };
  const share = invalidShareText(t);
  return {
    text: t.flagged ? `无效 ${share} ${FLAG_WORD}` : `无效 ${share}`,
    title: `${t.flagged ? '无效占比已超过提醒阈值，请检查这个计划的流量来源。' : ''}我们监测到的点击中 ${t.invalid} 次无效，未计入有效点击 ${t.valid} 次（无效占比 ${share}）：${invalidReasonsText(t)}。无效点击不归因订单、不回传`,
    flagged: t.flagged,
  };
}
