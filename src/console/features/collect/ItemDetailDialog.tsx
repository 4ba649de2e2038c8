import { Dialog } from 'primereact/dialog';
import type { ItemRow, RankRow } from '../../../shared/dashboard.ts';
import { failureText } from '../../lib/api.ts';
import { Loading } from '../../ui/Loading.tsx';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { BoardCards } from '../dashboard/BoardCards.tsx';
import type { BoardFilters } from '../dashboard/board-query.ts';
import { comparedCaption } from '../dashboard/board-query.ts';
import { rankColumns } from '../dashboard/RankTable.tsx';
import { TrendPanel } from '../dashboard/TrendPanel.tsx';
import { ItemCell } from './ItemCell.tsx';
import { ITEM_CARDS } from './terms.ts';
import { useItemDetail } from './useItems.ts';

interface Props {
  item: ItemRow;
  filters: BoardFilters;
  onClose: () => void;
}

function Rows({ title, level, rows }: { title: string; level: 'link' | 'plan'; rows: RankRow[] }): React.JSX.Element {
  return (
    <section className="item-detail-part" aria-label={title}>
      <h3 className="board-section-title board-gap">{title}</h3>
      <ResourceTable<RankRow>
        ariaLabel={title}
        rows={rows}
        rowKey={(r) => `${r.channel}:${r.advertiser_id}:${r.id}`}
        columns={rankColumns(level, false).slice(0, 8)}
        emptyText={level === 'link' ? '没有推广这个商品的链接' : '没有带来消耗或订单的计划'}
        className="rank-table"
      />
    </section>
  );
}

/** One item: metrics against the previous period, the trend, and the links and plans that sell it. */
export function ItemDetailDialog({ item, filters, onClose }: Props): React.JSX.Element {
  const q = useItemDetail({
    item_id: item.item_id,
    start: filters.range[0],
    end: filters.range[1],
    ...(filters.customerid === null ? {} : { customerid: filters.customerid }),
  });
  const d = q.data;
  return (
    <Dialog
      header={<ItemCell item={item} />}
      visible
      onHide={onClose}
      style={{ width: '1080px' }}
      modal
      dismissableMask
      className="item-detail"
    >
      {q.error ? (
        <div className="form-error" role="alert">
          {failureText(q.error)}
        </div>
      ) : d ? (
        <div className="item-detail-body">
          <BoardCards keys={ITEM_CARDS} data={d} loading={false} caption={comparedCaption(d.period)} />
          <TrendPanel series={d.series} granularity={d.period.granularity} title="商品趋势" />
          <Rows title="推广它的链接" level="link" rows={d.links} />
          <Rows title="带来消耗和订单的计划" level="plan" rows={d.plans} />
        </div>
      ) : (
        <Loading />
      )}
    </Dialog>
  );
}
