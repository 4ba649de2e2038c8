import { useState } from 'react';
import { useParams } from 'react-router';
import * as linksApi from '../../../shared/api/links.ts';
import { channelLabel, PLATFORMS } from '../../../shared/catalog.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { failureText } from '../../lib/api.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { useQuery } from '../../lib/useApi.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import type { SortState } from '../../ui/ResourceTable.tsx';
import { PlanDetailDialog } from '../promotion/PlanDetail.tsx';
import { PromoteTable } from '../promotion/PromoteTable.tsx';
import { TotalsBar } from '../promotion/TotalsBar.tsx';
import { DEFAULT_METRICS } from '../promotion/terms.ts';
import { listInput, sumInput } from '../promotion/tree-state.ts';
import { useChanges } from '../promotion/useChanges.tsx';
import { usePromoteList, usePromoteSum } from '../promotion/usePromote.ts';
import '../promotion/promotion.css';

/** Admin `/newsxA/client/promote/{pageId}`: the promotions of one link — the plans on every channel that drive it. */
export function ClientPromoteDetailScreen(): React.JSX.Element {
  const { pageId = '' } = useParams();
  const link = useQuery(linksApi.linkDetail, { pageid: pageId }, { silent: true });
  const [range, setRange] = useState<DateRangeValue>(() => presetRange('today'));
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [detail, setDetail] = useState<PromoteRow | null>(null);
  const changes = useChanges();
  const place = { type: 'plan' as const };
  const filters = { range, customerid: null, status: null, exact: '' };
  const list = usePromoteList(listInput({ pageid: pageId }, place, filters, sort, page, pagesize));
  const sum = usePromoteSum(sumInput({ pageid: pageId }, place, filters));
  const l = link.data;
  const problem = failureText(link.error);
  return (
    <div className="promote-detail">
      <section className="card">
        <h2 className="card-title">推广详情 · 链接 {pageId}</h2>
        {problem ? (
          <div className="form-error" role="alert">
            {problem}
          </div>
        ) : null}
        {l ? (
          <dl className="promote-facts promote-facts-row">
            <dt>链接名称</dt>
            <dd>{l.title || '未命名'}</dd>
            <dt>客户</dt>
            <dd>{l.customer || l.customerid}</dd>
            <dt>商品</dt>
            <dd>{l.item_title || l.itemid}</dd>
            <dt>平台 / 渠道</dt>
            <dd>
              {PLATFORMS[l.platform as keyof typeof PLATFORMS]} / {channelLabel(l.state)}
            </dd>
          </dl>
        ) : null}
      </section>
      <section className="card">
        <TotalsBar sum={sum.data} metrics={DEFAULT_METRICS} levelName="广告计划" loading={sum.isLoading} />
        <PromoteTable
          ariaLabel="带去这条链接的计划"
          rows={list.data?.list}
          loading={list.isLoading || list.isValidating}
          error={list.error}
          paging={{ total: list.data?.total ?? 0, page, pageSize: pagesize, onChange: (p, s) => (setPage(p), setPagesize(s)) }}
          sort={sort}
          onSort={(s) => (setSort(s), setPage(1))}
          metrics={DEFAULT_METRICS}
          pending={changes.pending}
          selected={selected}
          onSelect={setSelected}
          onOpen={setDetail}
          onToggle={changes.toggle}
          onEdit={changes.edit}
          onPreview={changes.preview}
          onDetail={setDetail}
          showCustomer
          showPlatform
          selectable={false}
          toolbar={
            <DateRange value={range} onChange={(v) => (setRange(v), setPage(1))} rule="noFuture" presets quick ariaLabel="统计日期" />
          }
        />
      </section>
      {changes.dialogs}
      {detail ? <PlanDetailDialog row={detail} onClose={() => setDetail(null)} /> : null}
    </div>
  );
}
