import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { OrdersTable } from './OrdersTable.tsx';
import { usePageOrders } from './useAdmin.ts';
import './admin.css';

/** `/sxA/agentorader/{pageId}`: the orders of one landing page, with its customer and that customer's agent. */
export function AgentOrdersScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const { data, error, isLoading, isValidating } = usePageOrders(pageId, page, size);
  return (
    <div className="card admin-screen">
      <div className="admin-head">
        <Link to="/sxA" className="link-back">
          <i className="pi pi-arrow-left" /> 返回数据概览
        </Link>
        <h2 className="card-title">推广链接 {pageId} 的订单</h2>
      </div>
      {data ? (
        <p className="admin-sub">
          客户：{data.customer || '--'}
          {data.agent ? `　代理商：${data.agent}` : ''}
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
