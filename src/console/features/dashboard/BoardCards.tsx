import type { MetricKey, WireMetrics } from '../../../shared/metrics.ts';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { metricFormat, metricHint, metricLabel } from './terms.ts';

interface Props {
  keys: readonly MetricKey[];
  /** without `previous` the cards show no change */
  data: { metrics: WireMetrics; previous?: WireMetrics; period?: { comparable: boolean } } | undefined;
  loading: boolean;
  /** what the change is against, e.g. '对比 2026-03-17 00:00–15:00' */
  caption?: string;
  /** cards per row (default 6) */
  columns?: number;
}

/** The metric cards of a board, each with its change against the previous period of the same length. */
export function BoardCards({ keys, data, loading, caption, columns = 6 }: Props): React.JSX.Element {
  return (
    <div className="board-cards-wrap">
      <div className="board-cards" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {keys.map((k) => (
          <MetricCard
            key={k}
            label={metricLabel(k)}
            value={data?.metrics[k]}
            previous={data?.previous ? data.previous[k] : undefined}
            comparable={data?.period?.comparable ?? true}
            format={metricFormat(k)}
            loading={loading}
            hint={metricHint(k) || undefined}
          />
        ))}
      </div>
      {caption ? <div className="board-caption muted">{caption}</div> : null}
    </div>
  );
}
