import { fenToYuan } from '../../../shared/money.ts';
import type { OrderView } from '../../../shared/orders.ts';
import { formatNumber, formatTime } from '../../lib/formats.ts';
import { channelText, POSTBACK_TONE, postbackLabel, STATUS_TONE, statusLabel, unionLabel } from './terms.ts';

/** Spec §9 format 2: yuan with separators and two decimals. */
export const yuan = (fen: number): string => formatNumber(fenToYuan(fen), 2);

export function Tag({ tone, children }: { tone: string; children: React.ReactNode }): React.JSX.Element {
  return <span className={`order-tag tone-${tone}`}>{children}</span>;
}

/** The item with its order: picture, title, and the union's order id under it. */
export const ItemCell = ({ o }: { o: OrderView }): React.JSX.Element => (
  <div className="order-item">
    {o.item_image ? <img className="order-thumb" src={o.item_image} alt="" referrerPolicy="no-referrer" loading="lazy" /> : null}
    <div className="order-item-text">
      <div className="order-item-title" title={o.item_title}>
        {o.item_title || o.item_id} <span className="order-sub">× {o.item_num}</span>
      </div>
      <span className="order-sub order-no" title={`${unionLabel(o.union)}订单号 ${o.order_id}`}>
        {unionLabel(o.union)} <code>{o.order_id}</code>
      </span>
    </div>
  </div>
);

/** The time the list filters on, and when the order was placed. */
export const TimeCell = ({ at, created }: { at: number; created: number }): React.JSX.Element => (
  <div>
    <div>{formatTime(at, 'MM-DD HH:mm')}</div>
    <span className="order-sub">下单 {formatTime(created, 'MM-DD HH:mm')}</span>
  </div>
);

export const StatusCell = ({ o }: { o: OrderView }): React.JSX.Element => (
  <div className="order-status">
    <Tag tone={STATUS_TONE[o.status] ?? 'mute'}>{statusLabel(o.status)}</Tag>
    {o.presell ? <Tag tone="warn">预售</Tag> : null}
  </div>
);

export const MoneyCell = ({ o }: { o: OrderView }): React.JSX.Element => (
  <div className="order-money">
    <div>{yuan(o.order_fen)}</div>
    <div className="order-sub">
      已付 {yuan(o.paid_fen)} · 预估佣金 {yuan(o.commission_fen)}
    </div>
  </div>
);

export const SourceCell = ({ o }: { o: OrderView }): React.JSX.Element =>
  o.plan_id || o.click_ref ? (
    <div className="order-source">
      <div>
        {channelText(o.channel)} {o.plan_id ? <code title="广告计划">{o.plan_id}</code> : null}
      </div>
      <div className="order-sub" title={o.click_ref}>
        {o.visit_at ? `访问 ${formatTime(o.visit_at, 'MM-DD HH:mm')}` : '联盟回传'}
        {o.click_ref ? ` · 点击 ${o.click_ref}` : ''}
      </div>
    </div>
  ) : (
    <span className="muted">仅推广链接</span>
  );

export const PostbackCell = ({ o }: { o: OrderView }): React.JSX.Element => (
  <span title={o.postback_error || undefined}>
    <Tag tone={POSTBACK_TONE[o.postback_state] ?? 'mute'}>{postbackLabel(o.postback_state)}</Tag>
    {o.postback_attempts > 1 ? <span className="order-sub"> ×{o.postback_attempts}</span> : null}
  </span>
);
