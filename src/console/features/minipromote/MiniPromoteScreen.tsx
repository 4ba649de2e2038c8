import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useLocation } from 'react-router';
import * as plansApi from '../../../shared/api/plans.ts';
import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { MiniPromotion } from '../../../shared/promote-old-schemas.ts';
import { type DateRangeValue, presetRange } from '../../lib/dates.ts';
import { formatNumber } from '../../lib/formats.ts';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { DateRange } from '../../ui/DateRange.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { oldChannelOf } from '../promotion/old-paths.ts';
import { metricLabel } from '../promotion/terms.ts';
import { submitChange } from '../promotion/usePromote.ts';
import { BindDialog } from './BindDialog.tsx';
import { MiniPlansDialog } from './MiniPlansDialog.tsx';
import { useMiniList } from './useMini.ts';
import '../promotion/promotion.css';
import { channelLabel } from '../../../shared/catalog.ts';

const METRICS: MetricKey[] = ['sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'convert', 'ordernum', 'roi'];

/** `/minipromote` (巨量), `/minipromote/miniweibo`, `/minipromote/minitencent`: taobao new-link mini-app promotions. */
export function MiniPromoteScreen(): React.JSX.Element {
  const { pathname } = useLocation();
  const channel = oldChannelOf(pathname);
  return <MiniList key={channel} channel={channel} />;
}

function MiniList({ channel }: { channel: 2 | 3 | 4 }): React.JSX.Element {
  const [range, setRange] = useState<DateRangeValue>(() => presetRange('today'));
  const [search, setSearch] = useState('');
  const [exact, setExact] = useState('');
  const [page, setPage] = useState(1);
  const [pagesize, setPagesize] = useState(DEFAULT_PAGE_SIZE);
  const [plansOf, setPlansOf] = useState<MiniPromotion | null>(null);
  const [binding, setBinding] = useState<MiniPromotion | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const list = useMiniList({ type: channel, exact: exact || undefined, start: range[0], end: range[1], page, pagesize });
  const switchAll = (m: MiniPromotion, enable: boolean) =>
    confirm({
      title: enable ? '全部启用' : '全部暂停',
      message: `${enable ? '启用' : '暂停'}推广「${m.title || m.pageid}」的 ${m.plans} 个计划？`,
      acceptLabel: enable ? '启用' : '暂停',
      danger: !enable,
      onAccept: () => submitChange(plansApi.miniputStatus, { pageid: m.pageid, action: enable ? 'enable' : 'disable' }),
    });
  const columns: TableColumn<MiniPromotion>[] = [
    {
      key: 'link',
      header: '小程序链接',
      width: 210,
      cell: (m) => (
        <div className="promote-name">
          <span className="link-id-code">{m.pageid}</span>
          <div className="promote-name-text">{m.title || '未命名'}</div>
          <div className="muted promote-sub">{m.item_title || m.item_id}</div>
        </div>
      ),
    },
    { key: 'plans', header: '计划（投放中）', width: 116, align: 'right', cell: (m) => `${m.plans}（${m.delivering}）` },
    ...METRICS.map((k) => ({
      key: k,
      header: <span title={METRIC_META[k].hint}>{metricLabel(k)}</span>,
      width: 100,
      align: 'right' as const,
      nowrap: true,
      cell: (m: MiniPromotion) => <span className="num">{formatNumber(m.metrics[k], METRIC_META[k].format)}</span>,
    })),
  ];
  return (
    <div className="card promote-screen">
      <div className="promote-head">
        <h2 className="card-title">淘宝新链接推广 · {channelLabel(channel)}</h2>
      </div>
      <div className="promote-table-wrap" style={{ '--promote-min': '1180px' } as React.CSSProperties}>
        <ResourceTable<MiniPromotion>
          ariaLabel="小程序推广列表"
          rows={list.data?.list}
          rowKey={(m) => m.pageid}
          loading={list.isLoading || list.isValidating}
          error={list.error}
          columns={columns}
          emptyText="还没有投放在这个渠道的淘宝新链接小程序推广链接"
          paging={{ total: list.data?.total ?? 0, page, pageSize: pagesize, onChange: (p, s) => (setPage(p), setPagesize(s)) }}
          actionsWidth={200}
          actions={[
            { label: '计划', onClick: setPlansOf },
            { label: '登记计划', onClick: setBinding },
            { label: '全部暂停', danger: true, visible: (m) => m.delivering > 0, onClick: (m) => switchAll(m, false) },
            { label: '全部启用', visible: (m) => m.plans > 0 && m.delivering === 0, onClick: (m) => switchAll(m, true) },
          ]}
          toolbar={
            <div className="promote-toolbar">
              <DateRange value={range} onChange={(v) => (setRange(v), setPage(1))} rule="noFuture" presets quick ariaLabel="统计日期" />
              <InputText
                value={search}
                placeholder="链接编号、商品或名称"
                aria-label="搜索"
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && (setExact(search), setPage(1))}
              />
              <Button label="搜索" icon="pi pi-search" outlined onClick={() => (setExact(search), setPage(1))} />
            </div>
          }
        />
      </div>
      {plansOf ? <MiniPlansDialog promotion={plansOf} range={range} onClose={() => setPlansOf(null)} /> : null}
      {binding ? <BindDialog promotion={binding} onClose={() => setBinding(null)} /> : null}
      {confirmDialog}
    </div>
  );
}
