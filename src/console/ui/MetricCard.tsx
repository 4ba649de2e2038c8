import { formatNumber, type NumberFormat } from '../lib/formats.ts';
import { metricChange } from './metric-change.ts';

export interface MetricCardProps {
  label: string;
  value: number | null | undefined;
  /** spec §9 number format of the value */
  format?: NumberFormat;
  /** the same metric over the previous period: shows the change '较上期' */
  previous?: number | null;
  /** false when the current period has no whole hour to compare yet: the change reads '--' */
  comparable?: boolean;
  /** still loading and nothing to show yet */
  loading?: boolean;
  /** what the figure counts (which orders, by which date): a tooltip on the label */
  hint?: string;
}

const INCOMPARABLE = { text: '--', trend: 'flat' } as const;
const ARROW = { up: 'pi-arrow-up', down: 'pi-arrow-down', flat: 'pi-minus' } as const;

/** One figure with its label and, when a previous period is given, the change against it. */
export function MetricCard({
  label,
  value,
  format = 1,
  previous,
  comparable = true,
  loading = false,
  hint,
}: MetricCardProps): React.JSX.Element {
  const change = previous === undefined ? null : comparable ? metricChange(value, previous) : INCOMPARABLE;
  return (
    <section className="metric-card" aria-label={label}>
      <div className="metric-label" title={hint}>
        {label}
        {hint ? <i className="pi pi-info-circle metric-hint" role="img" aria-label={hint} /> : null}
      </div>
      <div className="metric-value">{loading && value === undefined ? '…' : formatNumber(value, format)}</div>
      {change ? (
        <div className={`metric-change trend-${change.trend}`}>
          较上期 <i className={`pi ${ARROW[change.trend]}`} aria-hidden="true" /> {change.text}
        </div>
      ) : null}
    </section>
  );
}
