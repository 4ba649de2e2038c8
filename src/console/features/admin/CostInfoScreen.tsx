import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CostRow } from '../../../shared/admin-reports.ts';
import { failureText } from '../../lib/api.ts';
import { type DateRangeValue, quickRange } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/formats.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { LazyChart } from '../../ui/LazyChart.tsx';
import { MetricCard } from '../../ui/MetricCard.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { accountTypeLabel } from './labels.ts';
import { useCost } from './useAdmin.ts';
import './admin.css';

const TYPES = [2, 4, 5, 8, 10];

/** `/sxA/costinfo`: spend per customer × account type over China days, totals, a chart and the change; `?customerid=` drills in. */
export function CostInfoScreen(): React.JSX.Element {
  const [params, setParams] = useSearchParams();
  const customerid = Number(params.get('customerid')) || undefined;
  const [range, setRange] = useState<DateRangeValue>(() => quickRange(7));
  const [platform, setPlatform] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, error, isLoading, isValidating } = useCost({
    start: range[0],
    end: range[1],
    customerid,
    platform: platform ?? undefined,
    page,
    pagesize: size,
  });
  const types = data?.types ?? TYPES;
  const columns: TableColumn<CostRow>[] = [
    customerid
      ? { key: 'label', header: '日期', width: 120, value: (r) => r.label }
      : {
          key: 'label',
          header: '客户',
          oneLine: true,
          value: (r) => r.label,
          cell: (r) => <Link to={`/sxA/costinfo?customerid=${r.customerid}`}>{r.label}</Link>,
        },
    ...types.map((t) => ({
      key: `t${t}`,
      header: accountTypeLabel(t),
      align: 'right' as const,
      value: (r: CostRow) => r.cost[String(t)] ?? 0,
      cell: (r: CostRow) => formatNumber(r.cost[String(t)] ?? 0, 2),
    })),
    {
      key: 'total',
      header: '合计',
      align: 'right',
      width: 130,
      value: (r) => r.total,
      cell: (r) => <strong>{formatNumber(r.total, 2)}</strong>,
    },
  ];
  const pick = (f: () => void) => {
    f();
    setPage(1);
  };
  return (
    <div className="admin-screen">
      <section className="card admin-screen">
        <div className="admin-head">
          {customerid ? (
            <Link to="/sxA/costinfo" className="link-back" onClick={() => setParams({})}>
              <i className="pi pi-arrow-left" /> 全部客户
            </Link>
          ) : null}
          <h2 className="card-title">消耗概览{data?.customer ? `：${data.customer}` : ''}</h2>
          <div className="admin-tools">
            <Select<number>
              ariaLabel="账户类型"
              value={platform}
              allLabel="全部账户类型"
              placeholder="全部账户类型"
              options={TYPES.map((t) => ({ label: accountTypeLabel(t), value: t }))}
              onChange={(p) => pick(() => setPlatform(p))}
              className="admin-filter"
            />
            <DateRange value={range} onChange={(r) => pick(() => setRange(r))} rule="noFuture" quick presets ariaLabel="日期范围" />
          </div>
        </div>
        {failureText(error) ? <div className="form-error">{failureText(error)}</div> : null}
        <div className="metric-row">
          <MetricCard label="期间消耗" value={data?.totals.total} previous={data?.previous.total} format={2} loading={isLoading} />
          <MetricCard
            label={`上期消耗${data ? `（${data.previous.start} 至 ${data.previous.end}）` : ''}`}
            value={data?.previous.total}
            format={2}
            loading={isLoading}
          />
          {types
            .filter((t) => (data?.totals.cost[String(t)] ?? 0) > 0)
            .map((t) => (
              <MetricCard key={t} label={accountTypeLabel(t)} value={data?.totals.cost[String(t)]} format={2} loading={isLoading} />
            ))}
        </div>
        {data ? (
          <LazyChart
            kind="bar"
            ariaLabel="每日消耗（按账户类型）"
            labels={data.series.map((d) => d.day)}
            series={types.map((t) => ({ label: accountTypeLabel(t), data: data.series.map((d) => d.cost[String(t)] ?? 0) }))}
            format={2}
            axis="day"
            height={240}
          />
        ) : null}
      </section>
      <section className="card admin-screen">
        <ResourceTable<CostRow>
          ariaLabel={customerid ? '每日消耗' : '客户消耗'}
          rows={data?.rows}
          rowKey={(r) => r.key}
          columns={columns}
          loading={isLoading || isValidating}
          error={error}
          emptyText="该期间没有消耗"
          paging={{
            total: data?.total_rows ?? 0,
            page,
            pageSize: size,
            onChange: (p, s) => {
              setPage(p);
              setSize(s);
            },
          }}
          exportSlot={
            <ExportAction
              kind="costOverview"
              filters={{ start: range[0], end: range[1], customerid, platform: platform ?? undefined }}
              disabled={!data?.total_rows}
            />
          }
        />
      </section>
    </div>
  );
}
