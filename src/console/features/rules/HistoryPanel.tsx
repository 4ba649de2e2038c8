import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ruleHistory } from '../../../shared/api/rules.ts';
import { channelLabel } from '../../../shared/catalog.ts';
import { isPlatformAdmin } from '../../../shared/roles.ts';
import { eventActionText, valuesText } from '../../../shared/rule-text.ts';
import type { RuleEvent } from '../../../shared/rules.ts';
import { formatTime } from '../../lib/formats.ts';
import { useQuery } from '../../lib/useApi.ts';
import { useSession } from '../../lib/useSession.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/Pager.tsx';
import { ResourceTable, type TableColumn } from '../../ui/ResourceTable.tsx';
import { ExportAction } from '../export-template/ExportAction.tsx';
import { rulePlanPath } from './plan-link.ts';

/** The history's columns; the plan links to its plan page (the admin's own route for admins). */
const columnsFor = (admin: boolean): TableColumn<RuleEvent>[] => [
  { key: 'at', header: '时间', width: 140, nowrap: true, value: (e) => e.at, cell: (e) => formatTime(e.at, 'YYYY-MM-DD HH:mm') },
  { key: 'rule', header: '规则（版本）', width: 160, value: (e) => `${e.rule_name}（v${e.rule_version}）` },
  {
    key: 'plan',
    header: '计划',
    width: 170,
    cell: (e) => (
      <Link to={rulePlanPath(admin, e)} title={e.plan_id} className="rule-plan-link">
        {`${channelLabel(e.channel)} · ${e.plan_name || e.plan_id}`}
      </Link>
    ),
  },
  { key: 'values', header: '命中值', cell: (e) => <span className="rule-values">{valuesText(e.values)}</span> },
  {
    key: 'action',
    header: '动作',
    width: 150,
    value: eventActionText,
  },
  {
    key: 'outcome',
    header: '结果',
    width: 170,
    cell: (e) => <span className={`rule-outcome ${e.outcome}`}>{e.message ? `${e.outcome_label}：${e.message}` : e.outcome_label}</span>,
  },
  { key: 'author', header: '规则作者', width: 100, value: (e) => e.author },
];

/** What rules did (or would have done): matched values, action, the platform's answer, the author. */
export function HistoryPanel({ ruleId }: { ruleId?: number }): React.JSX.Element {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const { role } = useSession();
  const admin = role !== null && isPlatformAdmin(role);
  const columns = useMemo(() => columnsFor(admin), [admin]);
  const list = useQuery(ruleHistory, { page, pagesize: size, id: ruleId });
  return (
    <ResourceTable<RuleEvent>
      ariaLabel="规则执行记录"
      rows={list.data?.list}
      rowKey={(e) => e.id}
      columns={columns}
      loading={list.isLoading || list.isValidating}
      error={list.error}
      exportSlot={<ExportAction kind="ruleEvents" filters={ruleId === undefined ? {} : { id: ruleId }} disabled={!list.data?.total} />}
      emptyText="还没有执行记录：规则命中并执行（或仅通知）后会记在这里"
      paging={{ total: list.data?.total ?? 0, page, pageSize: size, onChange: (p, s) => (setPage(p), setSize(s)) }}
    />
  );
}
