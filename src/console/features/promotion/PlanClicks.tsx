import type { InvalidTraffic } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';
import { FLAG_WORD, invalidShareText } from './invalid-badge.ts';

/**
 * 监测点击 of a plan over the trend's range (docs/api-tracking.md "Invalid traffic"): the clicks our monitor counted
 * (有效点击), the invalid ones with their share (无效占比) and the reasons, as the promotion list's badge has them.
 */
export function PlanClicks({ traffic }: { traffic: InvalidTraffic | null }): React.JSX.Element {
  if (!traffic)
    return (
      <section className="plan-clicks muted" aria-label="监测点击">
        监测点击：所选时间内没有收到这个计划的点击监测
      </section>
    );
  return (
    <section className="plan-clicks" aria-label="监测点击">
      <span className="muted">监测点击</span>
      <span>
        有效点击 <strong>{formatNumber(traffic.valid)}</strong>
      </span>
      <span>
        无效点击 <strong>{formatNumber(traffic.invalid)}</strong>
      </span>
      <span className={traffic.invalid > 0 ? 'plan-clicks-share' : undefined}>
        无效占比 <strong>{invalidShareText(traffic)}</strong>
        {traffic.flagged ? <span className="plan-clicks-flag"> {FLAG_WORD}</span> : null}
      </span>
      {traffic.reasons.length > 0 ? (
        <ul className="plan-clicks-reasons" aria-label="无效原因">
          {traffic.reasons.map((r) => (
            <li key={r.reason}>
              {r.label} {formatNumber(r.count)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
