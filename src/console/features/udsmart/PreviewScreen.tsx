import { useState } from 'react';
import { Link } from 'react-router';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { PreviewView } from '../../../shared/udsmart.ts';
import { failureText } from '../../lib/api.ts';
import { type DateRangeValue, quickRange } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/formats.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { useAllBrands, usePreview } from './useUdsmart.ts';
import '../admin/admin.css';

const KEYS: MetricKey[] = ['sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'ordernum', 'order_price', 'roi', 'pay_roi'];
const metricColumns = <T extends Record<MetricKey, number | null>>(): TableColumn<T>[] =>
  KEYS.map((k) => ({
    key: k,
    header: METRIC_META[k].label,
    align: 'right',
    sortable: true,
    value: (r: T) => r[k],
    cell: (r: T) => formatNumber(r[k], METRIC_META[k].format),
  }));

type BrandRow = PreviewView['brands'][number];
type PageRow = PreviewView['pages'][number];

/** `/sxA/udAcct/preview`: brand-level numbers over a range (§5 presets), the daily trend and the landing pages. */
export function PreviewScreen(): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [brand, setBrand] = useState<number | null>(null);
  const brands = useAllBrands();
  const { data, error, isLoading } = usePreview({ start: range[0], end: range[1], brand_id: brand ?? undefined });
  const brandColumns: TableColumn<BrandRow>[] = [
    { key: 'brand', header: '品牌', value: (r) => r.brand },
    { key: 'accounts', header: '账户数', width: 80, align: 'right', value: (r) => r.accounts },
    ...metricColumns<BrandRow>(),
  ];
  const pageColumns: TableColumn<PageRow>[] = [
    { key: 'pageid', header: '推广链接', width: 130, cell: (r) => <Link to={`/sxA/udAcct/page/${r.pageid}`}>{r.pageid}</Link> },
    ...metricColumns<PageRow>(),
  ];
  return (
    <div className="admin-screen">
      <section className="card admin-screen">
        <div className="admin-head">
          <h2 className="card-title">数据查看</h2>
          <div className="admin-tools">
            <Select<number>
              ariaLabel="品牌"
              value={brand}
              allLabel="全部品牌"
              placeholder="全部品牌"
              options={(brands.data?.list ?? []).map((b) => ({ label: b.name, value: b.id }))}
              onChange={setBrand}
              className="admin-filter"
            />
            <DateRange value={range} onChange={setRange} rule="noFuture" presets quick ariaLabel="日期范围" />
          </div>
        </div>
        {failureText(error) ? <div className="form-error">{failureText(error)}</div> : null}
        <div className="metric-row">
          {KEYS.map((k) => (
            <MetricCard key={k} label={METRIC_META[k].label} value={data?.totals[k]} format={METRIC_META[k].format} loading={isLoading} />
          ))}
        </div>
        {data ? (
          <LazyChart
            ariaLabel="消耗与订单金额趋势"
            labels={data.series.map((d) => d.day)}
            series={[
              { label: '消耗', data: data.series.map((d) => d.sum_cost) },
              { label: '订单金额', data: data.series.map((d) => d.order_price) },
            ]}
            format={2}
            axis="day"
            height={240}
          />
        ) : null}
      </section>
      <section className="card admin-screen">
        <h3 className="card-title">按品牌</h3>
        <ResourceTable<BrandRow>
          ariaLabel="按品牌"
          rows={data?.brands}
          rowKey={(r) => r.brand_id}
          columns={brandColumns}
          loading={isLoading}
          emptyText="没有可查看的品牌"
        />
      </section>
      <section className="card admin-screen">
        <h3 className="card-title">按推广链接</h3>
        <ResourceTable<PageRow>
          ariaLabel="按推广链接"
          rows={data?.pages}
          rowKey={(r) => r.pageid}
          columns={pageColumns}
          loading={isLoading}
          emptyText="该期间没有推广链接数据"
        />
      </section>
    </div>
  );
}
