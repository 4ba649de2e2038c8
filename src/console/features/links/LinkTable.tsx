import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { JUMP, JUMPTYPES, type JumpType } from '../../../shared/catalog.ts';
import { formatTime } from '../../lib/formats.ts';
import { CopyUrl } from './CopyUrl.tsx';
import { channelLabel, platformLabel } from './options.ts';
import { QrButton } from './QrCode.tsx';
import type { LinkView } from './types.ts';

interface Props {
  rows: LinkView[];
  loading: boolean;
  showCustomer: boolean;
  detailHref: (pageid: string) => string;
  onEdit: (l: LinkView) => void;
  onDelete: (l: LinkView) => void;
}

const jumptypeLabel = (t: string): string => JUMPTYPES[t as JumpType] ?? t;

export function ItemCell({ l }: { l: LinkView }): React.JSX.Element {
  return (
    <div className="link-item">
      {l.item_image ? <img src={l.item_image} alt="" width={40} height={40} loading="lazy" /> : <span className="link-item-noimg pi pi-image" />}
      <div className="link-item-text">
        <div className="link-item-title" title={l.item_title || l.title}>{l.item_title || l.title || '--'}</div>
        <div className="muted">商品ID {l.itemid || '--'}</div>
      </div>
    </div>
  );
}

/** The link list: one row per link with its landing URL (copy + QR) and monitor URLs (copy). */
export function LinkTable({ rows, loading, showCustomer, detailHref, onEdit, onDelete }: Props): React.JSX.Element {
  return (
    <DataTable value={rows} loading={loading} dataKey="pageid" emptyMessage="暂无数据" className="link-table" size="small" stripedRows tableStyle={{ tableLayout: 'fixed' }}>
      <Column
        header={showCustomer ? '链接ID / 客户' : '链接ID'}
        body={(l: LinkView) => (
          <div>
            <Link to={detailHref(l.pageid)}>{l.pageid}</Link>
            {showCustomer ? <div className="muted link-clamp" title={l.customer}>{l.customer || l.customerid}</div> : null}
          </div>
        )}
        style={{ width: showCustomer ? 128 : 96 }}
      />
      <Column header="平台 / 渠道" body={(l: LinkView) => <div>{platformLabel(l.platform)}<div className="muted">{channelLabel(l.state)}</div></div>} style={{ width: 104 }} />
      <Column header="商品" body={(l: LinkView) => <ItemCell l={l} />} style={{ width: 'auto' }} />
      <Column header="跳转" body={(l: LinkView) => <div>{JUMP[l.isdirect as 1 | 2] ?? '--'}<div className="muted">{jumptypeLabel(l.jumptype)}</div></div>} style={{ width: 72 }} />
      <Column
        header="落地页"
        body={(l: LinkView) => (
          <div className="link-landing">
            <CopyUrl url={l.landing_url} />
            {l.landing_url ? <QrButton text={l.landing_url} /> : null}
          </div>
        )}
        style={{ width: 150 }}
      />
      <Column
        header="监测链接"
        body={(l: LinkView) => (
          <div className="link-monitors">
            <CopyUrl label="点击" url={l.monitor_touch_url} />
            <CopyUrl label="展示" url={l.monitor_show_url} />
          </div>
        )}
        style={{ width: 160 }}
      />
      <Column
        header="创建时间"
        body={(l: LinkView) => {
          const [date, time] = formatTime(l.created_at, 'YYYY-MM-DD HH:mm').split(' ');
          return <div>{date}<div className="muted">{time}</div></div>;
        }}
        style={{ width: 100 }}
      />
      <Column
        header="操作"
        body={(l: LinkView) => (
          <div className="link-actions">
            <Button label="编辑" link size="small" onClick={() => onEdit(l)} />
            <Button label="删除" link size="small" severity="danger" onClick={() => onDelete(l)} />
            <Link to={detailHref(l.pageid)} className="p-button p-button-link p-button-sm">详情</Link>
          </div>
        )}
        style={{ width: 136 }}
      />
    </DataTable>
  );
}
