import { SelectButton } from 'primereact/selectbutton';
import { lazy, Suspense, useState } from 'react';
import { quickRange, type DateRangeValue } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/formats.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { Loading } from '../../ui/Loading.tsx';
import type { Granularity } from './types.ts';
import { useLinkStats } from './useLinks.ts';

const StatsChart = lazy(() => import('./StatsChart.tsx').then((m) => ({ default: m.StatsChart })));

const granularities: { label: string; value: Granularity }[] = [
  { label: '按小时', value: 'hour' },
  { label: '按天', value: 'day' },
];

/** 数据趋势: totals cards and the line chart for a date range (from the hourly rollups). */
export function LinkStatsPanel({ pageid }: { pageid: string }): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const { data, error, isLoading } = useLinkStats(pageid, range[0], range[1], granularity);
  const t = data?.totals;
  const cards = [
    { label: '展示数', value: formatNumber(t?.shows) },
    { label: '点击数', value: formatNumber(t?.clicks) },
    { label: '访问数', value: formatNumber(t?.visits) },
    { label: '点击率', value: formatNumber(t?.ctr, 3) },
  ];
  return (
    <section className="card link-section">
      <div className="link-section-head">
        <h3 className="card-title">数据趋势</h3>
        <div className="link-section-tools">
          <DateRange value={range} onChange={setRange} rule="noFuture" quick />
          <SelectButton value={granularity} options={granularities} onChange={(e) => e.value && setGranularity(e.value as Granularity)} allowEmpty={false} aria-label="统计粒度" />
        </div>
      </div>
      <div className="stats-totals">
        {cards.map((c) => (
          <div key={c.label} className="stats-card">
            <div className="stats-card-label">{c.label}</div>
            <div className="stats-card-value">{isLoading && !data ? '…' : c.value}</div>
          </div>
        ))}
      </div>
      {error ? <div className="link-form-error">{error.message}</div> : null}
      <Suspense fallback={<Loading text="图表加载中…" />}>{data ? <StatsChart series={data.series} /> : <Loading />}</Suspense>
    </section>
  );
}
