import type { ReactNode } from 'react';
import { JUMP, JUMPTYPES, type JumpType } from '../../../shared/catalog.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { CopyUrl } from './CopyUrl.tsx';
import { ItemCell } from './LinkTable.tsx';
import { channelLabel, platformLabel } from './options.ts';
import { QrImage } from './QrCode.tsx';
import type { LinkView } from './types.ts';

const Info = ({ label, children }: { label: string; children: ReactNode }): React.JSX.Element => (
  <div className="info-row">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** The link's fields, its landing URL with QR code and its monitor URLs with copy buttons. */
export function LinkSummary({ link: l, showCustomer }: { link: LinkView; showCustomer: boolean }): React.JSX.Element {
  return (
    <section className="card link-section link-summary">
      <div className="link-summary-main">
        <dl className="info-list">
          <Info label="商品"><ItemCell l={l} /></Info>
          <Info label="链接名称">{l.title || '--'}</Info>
          {showCustomer ? <Info label="客户">{l.customer || l.customerid}</Info> : null}
          <Info label="商品平台">{platformLabel(l.platform)}</Info>
          <Info label="投放渠道">{channelLabel(l.state)}</Info>
          <Info label="跳转方式">{JUMP[l.isdirect as 1 | 2] ?? '--'} · {JUMPTYPES[l.jumptype as JumpType] ?? l.jumptype}</Info>
          <Info label="商品价格">{l.item_price ? formatNumber(l.item_price / 100, 2) : '--'}</Info>
          <Info label="关联广告主">{l.relate_advertiser_ids || '--'}</Info>
          <Info label="创建时间">{formatTime(l.created_at, 'YYYY-MM-DD HH:mm')}</Info>
          <Info label="更新时间">{formatTime(l.updated_at, 'YYYY-MM-DD HH:mm')}</Info>
          {l.appid || l.pagepath ? <Info label="小程序">{l.appid || '--'} {l.pagepath}</Info> : null}
        </dl>
        <div className="link-urls">
          <CopyUrl label="落地页" url={l.landing_url} wide />
          <CopyUrl label="点击监测" url={l.monitor_touch_url} wide />
          <CopyUrl label="展示监测" url={l.monitor_show_url} wide />
          {l.couponlink ? <CopyUrl label="优惠券" url={l.couponlink} wide /> : null}
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
