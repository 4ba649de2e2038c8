import { Link } from 'react-router';
import { formatTime } from '../../lib/formats.ts';
import { ResourceTable, type RowAction, type TableColumn, type TablePaging } from '../../ui/ResourceTable.tsx';
import { jumpText } from './format.ts';
import { ItemCell } from './ItemCell.tsx';
import { channelLabel, platformLabel } from './options.ts';
import { QrButton } from './QrCode.tsx';
import type { LinkView } from './types.ts';
import { UrlText } from './UrlText.tsx';

interface Props {
  rows: LinkView[] | undefined;
  loading: boolean;
  error: unknown;
  paging: TablePaging;
  showCustomer: boolean;
  detailHref: (pageid: string) => string;
  onEdit: (l: LinkView) => void;
  onDelete: (l: LinkView) => void;
  toolbar: React.ReactNode;
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
    { key: 'item', header: '商品', cell: (l) => <ItemCell l={l} /> },
    {
      key: 'placement',
      header: '平台 / 渠道',
      width: 116,
      cell: (l) => (
        <div className="link-placement">
          {platformLabel(l.platform)}
          <div className="muted">{channelLabel(l.state)}</div>
          <div className="muted">{jumpText(l)}</div>
        </div>
      ),
    },
    {
      key: 'urls',
      header: '落地页 / 监测链接',
      width: 220,
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
      columns={columns(p.showCustomer, p.detailHref)}
      loading={p.loading}
      error={p.error}
      actions={actions}
      actionsWidth={124}
      paging={p.paging}
      toolbar={p.toolbar}
    />
  );
}
