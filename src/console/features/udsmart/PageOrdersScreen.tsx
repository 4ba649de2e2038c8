import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { OrdersTable } from '../admin/OrdersTable.tsx';
import { useUdPageOrders } from './useUdsmart.ts';
import '../admin/admin.css';

/** `/sxA/udAcct/page/{pageId}`: the orders of one landing page that came through the caller's ad accounts. */
export function PageOrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, error, isLoading, isValidating } = useUdPageOrders(pageId, page, size);
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <Link to="/sxA/udAcct/preview" className="link-back">
          <i className="pi pi-arrow-left" /> 返回数据查看
        </Link>
        <h2 className="card-title">推广链接 {pageId} 的订单</h2>
      </div>
      {data ? (
        <p className="admin-sub">
          客户：{data.customer || '--'}
          {data.title ? `　链接：${data.title}` : ''}
        </p>
      ) : null}
      <OrdersTable
        pageId={pageId}
        data={data}
        loading={isLoading || isValidating}
        error={error}
        paging={{
          page,
          pageSize: size,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
      />
    </div>
  );
}
