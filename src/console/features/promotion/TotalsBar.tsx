import { METRIC_META, type MetricKey, type WireMetrics } from '../../../shared/metrics.ts';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { metricLabel, PROMO_TERMS } from './terms.ts';

/** 合计: the list's totals (sumdata), summed first and ratios computed once, for the chosen metrics. */
export function TotalsBar({
  sum,
  metrics,
  levelName,
  loading,
}: {
  sum: { total: number; start: string; end: string; metrics: WireMetrics } | undefined;
  metrics: readonly MetricKey[];
  levelName: string;
  loading: boolean;
}): React.JSX.Element {
  return (
    <section className="promote-totals" aria-label={PROMO_TERMS.totals}>
      <div className="promote-totals-head">
        <strong>{PROMO_TERMS.totals}</strong>
        <span className="muted">
          {sum ? `${sum.total} 个${levelName || '推广对象'} · ${sum.start === sum.end ? sum.start : `${sum.start} 至 ${sum.end}`}` : '…'}
        </span>
      </div>
      <div className="promote-totals-cards">
        {metrics.slice(0, 8).map((k) => (
          <MetricCard
            key={k}
            label={metricLabel(k)}
            value={sum?.metrics[k]}
            format={METRIC_META[k].format}
            hint={METRIC_META[k].hint}
            loading={loading}
          />
        ))}
      </div>
    </section>
  );
}
