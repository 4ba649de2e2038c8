import { useState } from 'react';
import { failureText } from '../../lib/api.ts';
import { type DateRangeValue, quickRange } from '../../lib/dates.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { invalidHint } from './format.ts';
import type { Granularity } from './types.ts';
import { useLinkStats } from './useLinks.ts';

const granularities: { label: string; value: Granularity }[] = [
  { label: '按小时', value: 'hour' },
  { label: '按天', value: 'day' },
];

const SERIES = [
  { key: 'shows', label: '展示' },
  { key: 'clicks', label: '点击' },
  { key: 'visits', label: '访问' },
] as const;

/** 数据趋势: totals and the line chart for a range of China days (from the hourly rollups). */
export function LinkStatsPanel({ pageid }: { pageid: string }): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const { data, error, isLoading } = useLinkStats(pageid, range[0], range[1], granularity);
  const t = data?.totals;
  const problem = failureText(error);
  return (
    <section className="card link-section">
      <div className="link-section-head">
        <h3 className="card-title">数据趋势</h3>
        <div className="link-section-tools">
          <DateRange value={range} onChange={setRange} rule="noFuture" quick />
          <Tabs<Granularity> ariaLabel="统计粒度" tabs={granularities} value={granularity} onChange={setGranularity} />
        </div>
      </div>
      <div className="stats-totals">
        <MetricCard label="展示数" value={t?.shows} loading={isLoading} />
        <MetricCard label="点击数" value={t?.clicks} loading={isLoading} hint="有效点击：无效点击（宏未替换、爬虫、频繁点击等）不计入" />
        <MetricCard label="无效点击" value={t?.invalid_clicks} loading={isLoading} hint={t ? invalidHint(t) : undefined} />
        <MetricCard label="访问数" value={t?.visits} loading={isLoading} />
        <MetricCard label="点击率" value={t?.ctr} format={3} loading={isLoading} />
      </div>
      {problem ? (
        <div className="form-error" role="alert">
          {problem}
        </div>
      ) : null}
      {data ? (
        <LazyChart
          ariaLabel="展示、点击、访问趋势图"
          labels={data.series.map((p) => p.time)}
          series={SERIES.map((s) => ({ label: s.label, data: data.series.map((p) => p[s.key]) }))}
          axis={granularity}
          height={300}
        />
      ) : (
        <Loading />
      )}
    </section>
  );
}
