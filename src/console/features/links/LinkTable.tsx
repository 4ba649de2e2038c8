import { Link } from 'react-router';
import { METRIC_META } from '../../../shared/metrics.ts';
import type { LinkMetricsRow } from '../../../shared/stats.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { ResourceTable, type RowAction, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { jumpText } from './format.ts';
import { ItemCell } from './ItemCell.tsx';
import { LinkInvalidShare } from './LinkInvalidShare.tsx';
import { channelLabel, platformLabel } from './options.ts';
import { QrButton } from './QrCode.tsx';
import type { LinkView } from './types.ts';
import { UrlText } from './UrlText.tsx';

interface Props {
  rows: LinkView[] | undefined;
  /** each link's clicks, orders, cost and ROI over the list's dates (absent while loading) */
  metrics: ReadonlyMap<string, LinkMetricsRow>;
  loading: boolean;
  error: unknown;
  paging: TablePaging;
  showCustomer: boolean;
  detailHref: (pageid: string) => string;
  onEdit: (l: LinkView) => void;
  onDelete: (l: LinkView) => void;
  toolbar: React.ReactNode;
}

const money = (v: number | null | undefined) => formatNumber(v, 2);

/**
 * 消耗, ROI, 订单 and 点击 of a link over the list's dates in one column (the platform's clicks beside our monitor's,
 * docs/metrics.md): at 1200 px the item keeps its width.
 */
function metricColumns(metrics: ReadonlyMap<string, LinkMetricsRow>): TableColumn<LinkView>[] {
  const of = (l: LinkView) => metrics.get(l.pageid);
  return [
    {
      key: 'cost',
      header: (
        <span title={`ROI：${METRIC_META.roi.hint}；订单：${METRIC_META.ordernum.hint}；点击：平台报表 / 我们的点击监测`}>
          消耗 / ROI / 订单
        </span>
      ),
      width: 140,
      align: 'right',
      nowrap: true,
      cell: (l) => (
        <div className="link-figures">
          {money(of(l)?.metrics.sum_cost)}
          <div className="muted">
            ROI {formatNumber(of(l)?.metrics.roi, METRIC_META.roi.format)} · 订单 {formatNumber(of(l)?.metrics.ordernum, 1)}
          </div>
          <div className="muted" title="平台报表的点击 / 我们的监测有效点击（无效点击不计入）">
            点击 {formatNumber(of(l)?.metrics.sum_click, 1)} / {formatNumber(of(l)?.monitor_clicks, 1)}
          </div>
          <LinkInvalidShare numbers={of(l)} />
        </div>
      ),
    },
  ];
}

function columns(showCustomer: boolean, detailHref: (pageid: string) => string): TableColumn<LinkView>[] {
  return [
    {
      key: 'pageid',
      header: showCustomer ? '链接 / 客户' : '链接',
      width: 148,
      cell: (l) => (
        <div className="link-id">
          <Link to={detailHref(l.pageid)} className="link-id-code">
            {l.pageid}
          </Link>
          <div className="link-name" title={l.title}>
            {l.title || <span className="muted">未命名</span>}
          </div>
          {showCustomer ? (
            <div className="muted link-customer" title={l.customer}>
              {l.customer || l.customerid}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'item',
      header: '商品 / 平台 / 渠道',
      cell: (l) => (
        <>
          <ItemCell l={l} />
          <div
            className="muted link-placement"
            title={[platformLabel(l.platform), channelLabel(l.state), jumpText(l)].filter(Boolean).join(' · ')}
          >
            {[platformLabel(l.platform), channelLabel(l.state), jumpText(l)].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      key: 'urls',
      header: '落地页 / 监测链接',
      width: 200,
      cell: (l) => (
        <div className="link-urls-cell">
          <UrlText label="落地页" url={l.landing_url}>
            {l.landing_url ? <QrButton text={l.landing_url} /> : null}
          </UrlText>
          <UrlText label="点击" url={l.monitor_touch_url} />
          <UrlText label="展示" url={l.monitor_show_url} />
        </div>
      ),
    },
    {
      key: 'created_at',
      header: '创建时间',
      width: 100,
      nowrap: true,
      sortable: true,
      value: (l) => l.created_at,
      cell: (l) => (
        <div className="link-time">
          {formatTime(l.created_at, 'YYYY-MM-DD')}
          <div className="muted">{formatTime(l.created_at, 'HH:mm')}</div>
        </div>
      ),
    },
  ];
}

/** The link list: who and what, the item, where it runs, its landing and monitor URLs (copy, QR), when. */
export function LinkTable(p: Props): React.JSX.Element {
  const actions: RowAction<LinkView>[] = [
    { label: '编辑', onClick: p.onEdit },
    { label: '删除', danger: true, onClick: p.onDelete },
    { label: '详情', to: (l) => p.detailHref(l.pageid) },
  ];
  return (
    <ResourceTable<LinkView>
      className="link-table"
      ariaLabel="链接列表"
      rows={p.rows}
      rowKey={(l) => l.pageid}
      columns={[...columns(p.showCustomer, p.detailHref), ...metricColumns(p.metrics)]}
      loading={p.loading}
      error={p.error}
      actions={actions}
      actionsWidth={124}
      paging={p.paging}
      toolbar={p.toolbar}
    />
  );
}
