import { invalidReasonsText, invalidShareText as shareText } from '../../../shared/invalid-traffic.ts';
import type { LinkMetricsRow } from '../../../shared/stats.ts';
import { formatNumber } from '../../lib/formats.ts';

type Numbers = Pick<LinkMetricsRow, 'monitor_clicks' | 'invalid_clicks' | 'invalid_flagged' | 'invalid_reasons'>;

/** '无效 12.5%' (无效占比 = invalid / (valid + invalid), one decimal), '无效 12.5% 偏高' when flagged. */
export function invalidShareText(m: Numbers): string {
  const share = `无效 ${shareText(m.invalid_clicks, m.monitor_clicks + m.invalid_clicks)}`;
  return m.invalid_flagged ? `${share} 偏高` : share;
}

/** The title of the share: the counts, each reason with its count, and what invalid clicks do. */
export function invalidShareTitle(m: Numbers): string {
  const reasons = invalidReasonsText(m.invalid_reasons);
  return `${m.invalid_flagged ? '无效占比已超过提醒阈值，请检查这条链接的流量来源。' : ''}${m.invalid_clicks} 次无效点击未计入有效点击 ${m.monitor_clicks} 次${reasons ? `：${reasons}` : ''}。无效点击不归因订单、不回传`;
}

/**
 * A link row's invalid share over the list's dates (docs/api-tracking.md "Invalid traffic"), nothing when the link had
 * no invalid click: a line of its own under the clicks that opens on a click to the count per reason (the reasons are
 * also its title, for a hover), red and bold when it passes the alert.
 */
export function LinkInvalidShare({ numbers }: { numbers: Numbers | undefined }): React.JSX.Element | null {
  if (!numbers || numbers.invalid_clicks <= 0) return null;
  return (
    <details className={`link-invalid ${numbers.invalid_flagged ? 'invalid-flagged' : 'muted'}`} title={invalidShareTitle(numbers)}>
      <summary>{invalidShareText(numbers)}</summary>
      <ul aria-label="无效原因">
        {numbers.invalid_reasons.map((r) => (
          <li key={r.reason}>
            {r.label} {formatNumber(r.count, 1)}
          </li>
        ))}
      </ul>
    </details>
  );
}
