import { invalidShare } from '../../../shared/invalid-traffic.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';

/**
 * A plan row's invalid share (docs/api-tracking.md "Invalid traffic"): the badge text ('无效 24.1%', '' when the plan
 * had no invalid click in the range) and its title, the reasons with their counts, as the link detail words them.
 */
export function invalidBadge(t: PromoteRow['invalid_traffic']): { text: string; title: string } {
  if (!t || t.invalid <= 0) return { text: '', title: '' };
  const share = `${(invalidShare(t.invalid, t.valid + t.invalid) * 100).toFixed(1)}%`;
  const parts = t.reasons.map((r) => `${r.label} ${r.count}`).join('、');
  return {
    text: `无效 ${share}`,
    title: `我们监测到的点击中 ${t.invalid} 次无效，未计入有效点击 ${t.valid} 次（无效占比 ${share}）：${parts}。无效点击不归因订单、不回传`,
  };
}
