import { Image } from 'primereact/image';
import { WX_MINIAPP } from './format.ts';
import type { LinkView } from './types.ts';

/**
 * The item a link promotes: photo (click for a large preview), title and item id. A wechat mini-app link
 * has no union item: it shows the mini-app page it opens. The link's own name is never shown as the item.
 */
export function ItemCell({ l, size = 48 }: { l: LinkView; size?: number }): React.JSX.Element {
  if (l.platform === WX_MINIAPP && !l.item_title) {
    return (
      <div className="link-item">
        <span className="link-item-icon pi pi-mobile" style={{ width: size, height: size }} aria-hidden="true" />
        <div className="link-item-text">
          <div className="link-item-title">微信小程序{l.appid ? ` · ${l.appid}` : ''}</div>
          <div className="muted link-item-sub" title={l.pagepath}>
            {l.pagepath || '--'}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="link-item">
      {l.item_image ? (
        <Image
          src={l.item_image}
          alt={l.item_title || '商品图片'}
          width={String(size)}
          height={String(size)}
          preview
          className="link-item-img"
          imageClassName="link-thumb"
        />
      ) : (
        <span className="link-item-icon pi pi-image" style={{ width: size, height: size }} aria-hidden="true" />
      )}
      <div className="link-item-text">
        <div className="link-item-title" title={l.item_title}>
          {l.item_title || <span className="muted">商品信息暂缺</span>}
        </div>
        <div className="muted link-item-sub">商品ID {l.itemid || '--'}</div>
      </div>
    </div>
  );
}
