import type { ReactNode } from 'react';
import { formatTime } from '../../lib/formats.ts';
import { jumpText, priceText, WX_MINIAPP } from './format.ts';
import { ItemCell } from './ItemCell.tsx';
import { channelLabel, platformLabel } from './options.ts';
import { QrImage } from './QrCode.tsx';
import type { LinkView } from './types.ts';
import { UrlText } from './UrlText.tsx';

const Info = ({ label, children }: { label: string; children: ReactNode }): React.JSX.Element => (
  <div className="info-row">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** The link's fields, its landing URL with QR code and its monitor URLs with copy buttons. */
export function LinkSummary({ link: l, showCustomer }: { link: LinkView; showCustomer: boolean }): React.JSX.Element {
  const miniapp = l.platform === WX_MINIAPP;
  return (
    <section className="card link-section link-summary">
      <div className="link-summary-main">
        <dl className="info-list">
          <Info label={miniapp ? '小程序' : '商品'}>
            <ItemCell l={l} size={40} />
          </Info>
          <Info label="链接名称">{l.title || '--'}</Info>
          {showCustomer ? <Info label="客户">{l.customer || l.customerid}</Info> : null}
          <Info label="商品平台">{platformLabel(l.platform)}</Info>
          <Info label="投放渠道">{channelLabel(l.state)}</Info>
          <Info label="跳转方式">{jumpText(l)}</Info>
          {miniapp ? <Info label="小程序 appid">{l.appid || '--'}</Info> : <Info label="商品价格">{priceText(l.item_price)}</Info>}
          <Info label="关联广告主">{l.relate_advertiser_ids || '--'}</Info>
          <Info label="创建时间">{formatTime(l.created_at, 'YYYY-MM-DD HH:mm')}</Info>
          <Info label="更新时间">{formatTime(l.updated_at, 'YYYY-MM-DD HH:mm')}</Info>
        </dl>
        <div className="link-urls">
          <UrlText label="落地页" url={l.landing_url} full />
          <UrlText label="点击监测" url={l.monitor_touch_url} full />
          <UrlText label="展示监测" url={l.monitor_show_url} full />
          {l.couponlink ? <UrlText label="优惠券" url={l.couponlink} full /> : null}
        </div>
      </div>
      {l.landing_url ? (
        <figure className="link-summary-qr">
          <QrImage text={l.landing_url} size={140} />
          <figcaption className="link-qr-caption">扫码打开落地页</figcaption>
        </figure>
      ) : null}
    </section>
  );
}
