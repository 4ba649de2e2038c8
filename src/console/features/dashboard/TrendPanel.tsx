import { useState } from 'react';
import type { TrendPoint } from '../../../shared/dashboard.ts';
import type { MetricKey } from '../../../shared/metrics.ts';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { metricFormat, metricLabel, TREND_METRICS } from './terms.ts';

interface Props {
  series: readonly TrendPoint[] | undefined;
  granularity: 'hour' | 'day';
  title?: string;
}

/** The trend of one metric (switchable), by hour for one day and by day for longer ranges. '--' points are gaps. */
export function TrendPanel({ series, granularity, title = '趋势' }: Props): React.JSX.Element {
  const [metric, setMetric] = useState<MetricKey>('sum_cost');
  return (
    <section className="board-trend" aria-label={title}>
      <div className="board-section-head">
        <h3 className="board-section-title">{title}</h3>
        <Tabs<MetricKey>
          ariaLabel="趋势指标"
          tabs={TREND_METRICS.map((k) => ({ label: metricLabel(k), value: k }))}
          value={metric}
          onChange={setMetric}
        />
      </div>
      {series ? (
        <LazyChart
          ariaLabel={`${metricLabel(metric)}${granularity === 'hour' ? '按小时' : '按天'}趋势图`}
          labels={series.map((p) => p.time)}
          series={[{ label: metricLabel(metric), data: series.map((p) => p.metrics[metric] ?? Number.NaN) }]}
          format={metricFormat(metric)}
          axis={granularity}
          height={260}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}
