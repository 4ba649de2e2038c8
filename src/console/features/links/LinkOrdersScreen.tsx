import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/useSession.ts';
import { Loading } from '../../ui/Loading.tsx';
import { LinkLogTable } from './LinkLogTable.tsx';
import { LinkStatsPanel } from './LinkStatsPanel.tsx';
import { LinkSummary } from './LinkSummary.tsx';
import { useLinkDetail } from './useLinks.ts';
import { variantInfo, variantOf } from './variant.ts';
import './links.css';

/** One link (`…/{pageId}`): summary, URLs, stats over time, change log; orders arrive with the orders feature. */
export function LinkOrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const { pathname } = useLocation();
  const { role, version } = useSession();
  const info = useMemo(() => variantInfo(variantOf(pathname, version), role), [pathname, version, role]);
  const { data: link, error, isLoading } = useLinkDetail(pageId);

  return (
    <div className="link-detail">
      <div className="link-detail-head">
        <Link to={info.listPath} className="link-back"><i className="pi pi-arrow-left" /> 返回{info.title}</Link>
        <h2>推广链接 {pageId}</h2>
      </div>
      {isLoading ? <Loading /> : null}
      {error ? <div className="not-open" role="alert"><i className="pi pi-exclamation-circle" />{error.message}</div> : null}
      {link ? (
        <>
          <LinkSummary link={link} showCustomer={info.customers} />
          <LinkStatsPanel pageid={link.pageid} />
          <LinkLogTable pageid={link.pageid} />
          <section className="not-open link-section" role="status">
            <i className="pi pi-info-circle" aria-hidden="true" />
            <div>
              <div className="not-open-title">订单</div>
              <div>订单功能尚未开放，此链接带来的订单将在订单功能上线后显示在这里。</div>
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
