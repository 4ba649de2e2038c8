import type { ItemRow } from '../../../shared/dashboard.ts';
import { shopLabel } from './terms.ts';

/** An analysed item: photo, title, shop, id and how many links promote it (an item known only from its orders has no photo or title). */
export function ItemCell({
  item,
}: {
  item: Pick<ItemRow, 'item_id' | 'item_title' | 'item_image' | 'platform' | 'links'>;
}): React.JSX.Element {
  const parts = [
    item.platform ? shopLabel(item.platform) : '',
    item.item_id ? `商品ID ${item.item_id}` : '',
    item.links ? `${item.links} 条链接` : '',
  ].filter(Boolean);
  const sub = parts.join(' · ');
  return (
    <div className="item-cell">
      {item.item_image ? (
        <img src={item.item_image} alt="" width={40} height={40} className="item-thumb" loading="lazy" />
      ) : (
        <span className="item-thumb item-thumb-empty pi pi-image" aria-hidden="true" />
      )}
      <div className="item-text">
        <div className="item-title" title={item.item_title}>
          {item.item_title || <span className="muted">商品信息暂缺</span>}
        </div>
        {/* each part kept whole: a narrow cell wraps between parts, never inside 「1 条链接」 */}
        <div className="muted item-sub" title={sub}>
          {parts.map((part, i) => (
            <span key={part} className="item-sub-part">
              {i > 0 ? ' · ' : ''}
              {part}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
