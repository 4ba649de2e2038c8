import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MetricKey } from '../../../shared/metrics.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { DateRange } from '../../ui/DateRange.tsx';
import { namedOptions } from '../../ui/options.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import type { SortState } from '../../ui/ResourceTable.tsx';
import { Select } from '../../ui/Select.tsx';
import { oldChannelOf, planPath } from './old-paths.ts';
import { PromoteTable } from './PromoteTable.tsx';
import { DEFAULT_METRICS, PROMO_TERMS } from './terms.ts';
import { useChanges } from './useChanges.tsx';
import { useOldPlans, usePromoteList, useWeiboPlans } from './usePromote.ts';
import './promotion.css';
import { channelLabel } from '../../../shared/catalog.ts';

const DIR = { 1: 'asc', [-1]: 'desc' } as const;

/** The standard (old) version's plan lists: `/promotion` (巨量), `/promotion/weibo`, `/promotion/tencent` — one account at a time. */
export function OldPromotionScreen(): React.JSX.Element {
  const { pathname } = useLocation();
  const channel = oldChannelOf(pathname);
  return <OldPlans key={channel} channel={channel} />;
}

function OldPlans({ channel }: { channel: 2 | 3 | 4 }): React.JSX.Element {
  const navigate = useNavigate();
  const [advertiser, setAdvertiser] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue>(() => presetRange('today'));
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const accounts = usePromoteList({ acpl: channel, type: 'adver', page: 1, pagesize: 100, start: range[0], end: range[1] });
  const chosen = advertiser ?? accounts.data?.list[0]?.id ?? null;
  const common = useMemo(
    () => ({
      start: range[0],
      end: range[1],
      page,
      pagesize,
      ...(sort ? { sort_field: sort.key as MetricKey, sort: DIR[sort.order] } : {}),
    }),
    [range, page, pagesize, sort],
  );
  const plans = useOldPlans(chosen && channel !== 3 ? { advertiser_id: chosen, social: channel, ...common } : null);
  const weibo = useWeiboPlans(chosen && channel === 3 ? { customer_id: chosen, ...common } : null);
  const list = channel === 3 ? weibo : plans;
  const changes = useChanges(chosen ? { channel, advertiserId: chosen } : undefined);
  const rows = list.data?.list;
  const picked = (rows ?? []).filter((r) => selected.has(r.id));
  const detail = (r: PromoteRow) => navigate(planPath('/promotion', r));

  const toolbar = (
    <div className="promote-toolbar">
      <Select<string>
        className="promote-filter-account"
        ariaLabel="广告账户"
        placeholder={accounts.isLoading ? '加载中…' : accounts.data?.list.length ? '选择广告账户' : '没有已授权的账户'}
        value={chosen}
        options={namedOptions(
          accounts.data?.list ?? [],
          (a) => a.name || `账户 ${a.id}`,
          (a) => a.id,
          (a) => a.id,
        )}
        onChange={(v) => (setAdvertiser(v), setPage(1), setSelected(new Set()))}
      />
      <DateRange value={range} onChange={(v) => (setRange(v), setPage(1))} rule="noFuture" presets quick ariaLabel="统计日期" />
      {picked.length > 0 ? (
        <>
          <span className="muted">已选 {picked.length} 项</span>
          <Button
            size="small"
            outlined
            label={PROMO_TERMS.batchResume}
            onClick={() => changes.batch(picked, true, () => setSelected(new Set()))}
          />
          <Button
            size="small"
            outlined
            severity="danger"
            label={PROMO_TERMS.batchPause}
            onClick={() => changes.batch(picked, false, () => setSelected(new Set()))}
          />
        </>
      ) : null}
    </div>
  );
  return (
    <div className="card promote-screen">
      <div className="promote-head">
        <h2 className="card-title">推广管理 · {channelLabel(channel)}</h2>
      </div>
      <PromoteTable
        ariaLabel="广告计划列表"
        rows={chosen ? rows : []}
        loading={list.isLoading || list.isValidating || accounts.isLoading}
        error={list.error ?? accounts.error}
        paging={{ total: list.data?.total ?? 0, page, pageSize: pagesize, onChange: (p, s) => (setPage(p), setPagesize(s)) }}
        sort={sort}
        onSort={(s) => (setSort(s), setPage(1))}
        metrics={DEFAULT_METRICS}
        pending={changes.pending}
        selected={selected}
        onSelect={setSelected}
        onOpen={detail}
        onToggle={changes.toggle}
        onEdit={changes.edit}
        onPreview={changes.preview}
        onDetail={detail}
        showCustomer={false}
        toolbar={toolbar}
      />
      {changes.dialogs}
    </div>
  );
}
