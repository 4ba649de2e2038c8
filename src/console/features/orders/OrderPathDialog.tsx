import { Dialog } from 'primereact/dialog';
import { failureText } from '../../lib/api.ts';
import { Loading } from '../../ui/Loading.tsx';
import { MoneyCell, StatusCell } from './OrderCells.tsx';
import { PostbackSettle } from './PostbackSettle.tsx';
import { ruleLabel, unionLabel } from './terms.ts';
import { useOrderPath } from './useOrders.ts';

const ICON: Record<string, string> = {
  ad: 'pi-megaphone',
  click: 'pi-bolt',
  visit: 'pi-eye',
  jump: 'pi-external-link',
  order: 'pi-shopping-cart',
  deposit: 'pi-wallet',
  pay: 'pi-wallet',
  receive: 'pi-box',
  settle: 'pi-check-circle',
  refund: 'pi-replay',
  attribution: 'pi-sitemap',
  postback: 'pi-send',
};

/** 归因路径: one order's way from the ad to the sale (`/api/land/report`), step by step in plain Chinese. */
export function OrderPathDialog({ orderid, onClose }: { orderid: string; onClose: () => void }): React.JSX.Element {
  const { data, error, isLoading } = useOrderPath(orderid);
  const o = data?.order;
  return (
    <Dialog
      header={`订单 ${orderid} 的归因路径`}
      visible
      onHide={onClose}
      style={{ width: 720 }}
      className="order-path-dialog"
      dismissableMask
    >
      {isLoading ? <Loading /> : null}
      {error ? (
        <div className="form-error" role="alert">
          {failureText(error)}
        </div>
      ) : null}
      {o && data ? (
        <>
          <div className="order-path-head">
            <div>
              <div className="order-path-title">{o.item_title || o.item_id}</div>
              <div className="order-sub">
                {unionLabel(o.union)} · 推广链接 {o.pageid || '--'} · {ruleLabel(o.attribution_rule)}
              </div>
            </div>
            <StatusCell o={o} />
            <MoneyCell o={o} />
          </div>
          <ol className="order-path" aria-label="归因路径">
            {data.steps.map((s) => (
              <li key={s.key} className={`order-step step-${s.key}`}>
                <i className={`pi ${ICON[s.key] ?? 'pi-circle'}`} aria-hidden="true" />
                <div>
                  <div className="order-step-title">{s.title}</div>
                  <div className="order-step-text">{s.text}</div>
                  {s.key === 'postback' && o.postback_state === 'in_doubt' ? <PostbackSettle orderid={o.order_id} /> : null}
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Dialog>
  );
}
