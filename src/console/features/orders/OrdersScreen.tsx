import { Link, useLocation, useParams } from 'react-router';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PddAuthorityNotice } from './PddAuthorityNotice.tsx';

/** Where each order page's back link leads (spec §2: the list it belongs to). */
function backOf(pathname: string): { to: string; label: string } {
  if (pathname.startsWith('/collect/')) return { to: '/collect', label: '返回商品效果分析' };
  if (pathname.startsWith('/minipromote/')) return { to: '/minipromote', label: '返回淘宝新链接推广' };
  return { to: '/promotion', label: '返回推广' };
}

/**
 * The customers' order pages of one promotion link (spec §2): ver2 `/promotion/page/{id}`,
 * the old version's `/promotion/page/{id}` and `/minipromote/page/{id}`. The link detail screens show the same panel
 * under the link; the admin's and UDSmart's order pages are their features' (they read these orders too).
 */
export function OrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const { pathname } = useLocation();
  const back = backOf(pathname);
  return (
    <div className="link-detail">
      <div className="link-detail-head">
        <Link to={back.to} className="link-back">
          <i className="pi pi-arrow-left" /> {back.label}
        </Link>
        <h2>推广链接 {pageId} 的订单</h2>
      </div>
      <PddAuthorityNotice />
      {/^\d{1,20}$/.test(pageId) ? (
        <OrdersPanel pageid={pageId} postbackSetting />
      ) : (
        <div className="not-open" role="alert">
          <i className="pi pi-exclamation-circle" /> 推广链接编号只能是数字
        </div>
      )}
    </div>
  );
}
