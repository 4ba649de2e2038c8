import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/useSession.ts';
import { Loading } from '../../ui/Loading.tsx';
import { OrdersPanel } from '../orders/OrdersPanel.tsx';
import { LinkLogTable } from './LinkLogTable.tsx';
import { LinkStatsPanel } from './LinkStatsPanel.tsx';
import { LinkSummary } from './LinkSummary.tsx';
import { linkWords } from './terms.ts';
import { useLinkDetail } from './useLinks.ts';
import { ownerElsewhere, variantInfo, variantOf } from './variant.ts';
import './links.css';

/**
 * One link (`…/{pageId}`): summary, URLs, stats over time, its orders (the orders feature's panel), change log.
 * In the old version each list keeps to its own links: a link of the other list's platform is shown at that
 * list's address (`/minilandurl/{id}` takes only mini-app links, `/landing/{id}` only taobao and jingdong).
 */
export function LinkOrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { role, version } = useSession();
  const info = useMemo(() => variantInfo(variantOf(pathname, version), role), [pathname, version, role]);
  const words = linkWords(info.variant);
  const { data: link, error, isLoading } = useLinkDetail(pageId);
  const elsewhere = link ? ownerElsewhere(info.variant, link.platform, link.pageid) : null;

  useEffect(() => {
    if (elsewhere) navigate(elsewhere, { replace: true });
  }, [elsewhere, navigate]);

  return (
    <div className="link-detail">
      <div className="link-detail-head">
        <Link to={info.listPath} className="link-back">
          <i className="pi pi-arrow-left" /> {words.back}
        </Link>
        <h2>{words.heading(pageId)}</h2>
      </div>
      {isLoading ? <Loading /> : null}
      {error ? (
        <div className="not-open" role="alert">
          <i className="pi pi-exclamation-circle" />
          {error.message}
        </div>
      ) : null}
      {link && !elsewhere ? (
        <>
          <LinkSummary link={link} showCustomer={info.customers} />
          <LinkStatsPanel pageid={link.pageid} />
          <OrdersPanel pageid={link.pageid} postbackSetting />
          <LinkLogTable pageid={link.pageid} />
        </>
      ) : null}
    </div>
  );
}
