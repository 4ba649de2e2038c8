import { useState } from 'react';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { PromoteType } from '../../../shared/promote.ts';
import { failureText } from '../../lib/api.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { PlanClicks } from './PlanClicks.tsx';
import { metricLabel } from './terms.ts';
import { useTrend } from './usePromote.ts';

const SHOWN: MetricKey[] = ['sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'convert', 'convert_cost', 'ordernum', 'roi'];
const CHARTED: MetricKey[] = ['sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'convert'];

/** 投放趋势: the entity's metrics per hour (today by default) or per day, one metric charted at a time. */
export function TrendPanel({ acpl, type, id }: { acpl: number; type: PromoteType; id: string }): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => presetRange('today'));
  const [granularity, setGranularity] = useState<'hour' | 'day'>('hour');
  const [metric, setMetric] = useState<MetricKey>('sum_cost');
  const { data, error, isLoading } = useTrend({ acpl, type, id, start: range[0], end: range[1], granularity });
  const problem = failureText(error);
  return (
    <section className="card promote-trend">
      <div className="promote-section-head">
        <h3 className="card-title">投放趋势</h3>
        <div className="promote-section-tools">
          <DateRange value={range} onChange={setRange} rule="noFuture" presets ariaLabel="趋势日期" />
          <Tabs<'hour' | 'day'>
            ariaLabel="统计粒度"
            tabs={[
              { label: '按小时', value: 'hour' },
              { label: '按天', value: 'day' },
            ]}
            value={granularity}
            onChange={setGranularity}
          />
        </div>
      </div>
      <div className="promote-totals-cards">
        {SHOWN.map((k) => (
          <MetricCard
            key={k}
            label={metricLabel(k)}
            value={data?.metrics[k]}
            format={METRIC_META[k].format}
            hint={METRIC_META[k].hint}
            loading={isLoading}
          />
        ))}
      </div>
      {type === 'plan' && data ? <PlanClicks traffic={data.invalid_traffic} /> : null}
      <Tabs<MetricKey>
        ariaLabel="图表指标"
        tabs={CHARTED.map((k) => ({ label: metricLabel(k), value: k }))}
        value={metric}
        onChange={setMetric}
      />
      {problem ? (
        <div className="form-error" role="alert">
          {problem}
        </div>
      ) : null}
      {data ? (
        <LazyChart
          ariaLabel={`${metricLabel(metric)}趋势图`}
          labels={data.series.map((p) => p.time)}
          series={[{ label: metricLabel(metric), data: data.series.map((p) => p.metrics[metric] ?? 0) }]}
          format={METRIC_META[metric].format}
          axis={granularity}
          height={260}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}
