import { type CostInput, type CostRow, costInput, SPEND_TYPES } from '../../../shared/admin-reports.ts';
import { channelLabel } from '../../../shared/catalog.ts';
import { costOverview } from '../../admin/cost.ts';
import { defineKind, type ExportColumn } from '../kind.ts';

/** The account types the consumption overview shows, each a money column (yuan). */
const TYPE_COLUMNS: ExportColumn<CostRow>[] = SPEND_TYPES.map((code) => ({
  key: `cost_${code}`,
  label: `${channelLabel(code)}（元）`,
  type: 'money',
  width: 14,
  value: (r) => r.cost[code] ?? 0,
}));

const PAGE = 1000;

/**
 * 消耗概览 (admin `/sxA/costinfo`): the overview's rows for its range, account type and drill (`customerid`:
 * that customer's days), through the admin feature's `costOverview` — the same numbers as the screen.
 */
export const costOverviewKind = defineKind<CostInput, CostRow>({
  kind: 'costOverview',
  label: '消耗概览',
  access: 'admin',
  filters: costInput,
  count: async (deps, _actor, filters) => (await costOverview(deps, { ...filters, page: 1, pagesize: 1 })).total_rows,
  async *pages(deps, _actor, filters) {
    for (let page = 1; ; page++) {
      const view = await costOverview(deps, { ...filters, page, pagesize: PAGE });
      if (view.rows.length) yield view.rows;
      if (page * PAGE >= view.total_rows) return;
    }
  },
  columns: [
    { key: 'label', label: '客户 / 日期', type: 'text', width: 24, value: (r) => r.label },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (r) => r.customerid },
    ...TYPE_COLUMNS,
    { key: 'total', label: '合计（元）', type: 'money', width: 16, value: (r) => r.total },
  ],
});
