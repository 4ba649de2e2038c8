import { useState } from 'react';
import { Link } from 'react-router';
import type { HomeView } from '../../../shared/admin-reports.ts';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import { failureText } from '../../lib/api.ts';
import { formatNumber } from '../../lib/formats.ts';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { HealthPanel } from './HealthPanel.tsx';
import { useHome } from './useAdmin.ts';
import './admin.css';

type Today = HomeView['today'];
const CARDS: { key: MetricKey | 'active_customers'; label: string; to: string }[] = [
  { key: 'active_customers', label: '活跃客户', to: '/newsxA/client/list' },
  { key: 'sum_cost', label: METRIC_META.sum_cost.label, to: '/sxA/costinfo' },
  { key: 'sum_show_cnt', label: METRIC_META.sum_show_cnt.label, to: '/sxA/costinfo' },
  { key: 'sum_click', label: METRIC_META.sum_click.label, to: '/sxA/costinfo' },
  { key: 'ordernum', label: METRIC_META.ordernum.label, to: '/sxA/costinfo' },
  { key: 'order_price', label: '订单金额', to: '/sxA/costinfo' },
  { key: 'roi', label: METRIC_META.roi.label, to: '/sxA/costinfo' },
];
const fmt = (k: string) => (k === 'active_customers' ? 1 : METRIC_META[k as MetricKey].format);

type TypeRow = HomeView['by_type'][number];
const typeColumns: TableColumn<TypeRow>[] = [
  { key: 'label', header: '账户类型', value: (r) => r.label },
  ...(['active_customers', 'sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'ordernum', 'order_price', 'roi'] as const).map((k) => ({
    key: k,
    header: k === 'active_customers' ? '活跃客户' : k === 'order_price' ? '订单金额' : METRIC_META[k].label,
    align: 'right' as const,
    value: (r: TypeRow) => r[k],
    cell: (r: TypeRow) => formatNumber(r[k], fmt(k)),
  })),
];
type Top = HomeView['top_customers'][number];
const topColumns: TableColumn<Top>[] = [
  {
    key: 'company',
    header: '客户',
    oneLine: true,
    value: (r) => r.company,
    cell: (r) => <Link to={`/sxA/costinfo?customerid=${r.customerid}`}>{r.company}</Link>,
  },
  { key: 'sum_cost', header: '消耗', align: 'right', width: 100, value: (r) => r.sum_cost, cell: (r) => formatNumber(r.sum_cost, 2) },
  {
    key: 'order_price',
    header: '订单金额',
    align: 'right',
    width: 110,
    value: (r) => r.order_price,
    cell: (r) => formatNumber(r.order_price, 2),
  },
  { key: 'roi', header: 'ROI', align: 'right', width: 60, value: (r) => r.roi, cell: (r) => formatNumber(r.roi, METRIC_META.roi.format) },
];
type Page = HomeView['top_pages'][number];
const pageColumns: TableColumn<Page>[] = [
  { key: 'pageid', header: '推广链接', width: 96, cell: (r) => <Link to={`/sxA/agentorader/${r.pageid}`}>{r.pageid}</Link> },
  { key: 'company', header: '客户', oneLine: true, value: (r) => r.company },
  { key: 'sum_cost', header: '消耗', align: 'right', width: 100, value: (r) => r.sum_cost, cell: (r) => formatNumber(r.sum_cost, 2) },
  { key: 'ordernum', header: '订单', align: 'right', width: 56, value: (r) => r.ordernum },
];

const DAYS = [7, 15, 30].map((d) => ({ label: `近${d}天`, value: d }));

/** `/sxA`: today across the platform against yesterday, per account type, the trend, sync health, top customers and pages. */
export function AdminHomeScreen(): React.JSX.Element {
  const [days, setDays] = useState(7);
  const { data, error, isLoading } = useHome(days);
  const num = (t: Today | undefined, k: string): number | null | undefined => (t ? t[k as keyof Today] : undefined);
  return (
    <div className="admin-screen">
      <section className="card admin-screen">
        <div className="admin-head">
          <h2 className="card-title">今日全平台{data ? `（${data.day}）` : ''}</h2>
        </div>
        {failureText(error) ? <div className="form-error">{failureText(error)}</div> : null}
        <div className="metric-row">
          {CARDS.map((c) => (
            <Link key={c.key} to={c.to} className="metric-link" aria-label={`${c.label}：查看列表`}>
              <MetricCard
                label={c.label}
                value={num(data?.today, c.key)}
                previous={data ? num(data.yesterday, c.key) : undefined}
                format={fmt(c.key)}
                loading={isLoading}
              />
            </Link>
          ))}
        </div>
        <ResourceTable<TypeRow>
          ariaLabel="按账户类型"
          rows={data?.by_type}
          rowKey={(r) => r.platform}
          columns={typeColumns}
          loading={isLoading}
        />
      </section>
      <section className="card admin-screen">
        <div className="admin-head">
          <h3 className="card-title">趋势</h3>
          <div className="admin-tools">
            <Tabs<number> ariaLabel="趋势天数" tabs={DAYS} value={days} onChange={setDays} />
          </div>
        </div>
        {data ? (
          <LazyChart
            ariaLabel="消耗与订单金额趋势图"
            labels={data.trend.map((d) => d.day)}
            series={[
              { label: '消耗', data: data.trend.map((d) => d.sum_cost) },
              { label: '订单金额', data: data.trend.map((d) => d.order_price) },
            ]}
            format={2}
            axis="day"
            height={260}
          />
        ) : null}
      </section>
      {data ? <HealthPanel health={data.health} lag={data.tracking_lag} /> : null}
      <div className="admin-split">
        <section className="card admin-screen">
          <h3 className="card-title">消耗最高的客户（近{days}天）</h3>
          <ResourceTable<Top>
            ariaLabel="消耗最高的客户"
            rows={data?.top_customers}
            rowKey={(r) => r.customerid}
            columns={topColumns}
            loading={isLoading}
            emptyText="暂无消耗"
          />
        </section>
        <section className="card admin-screen">
          <h3 className="card-title">消耗最高的推广链接（近{days}天）</h3>
          <ResourceTable<Page>
            ariaLabel="消耗最高的推广链接"
            rows={data?.top_pages}
            rowKey={(r) => r.pageid}
            columns={pageColumns}
            loading={isLoading}
            emptyText="暂无消耗"
          />
        </section>
      </div>
    </div>
  );
}
