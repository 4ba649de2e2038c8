import { type PromoteExportInput, type PromoteRow, promoteExportInput } from '../../../shared/promote-schemas.ts';
import { countTree, treePages } from '../../promotion/tree.ts';
import { defineKind, PAGE_ROWS } from '../kind.ts';
import { invalidColumns } from './invalid-columns.ts';
import { metricColumns } from './metric-columns.ts';

type PlanRow = PromoteRow & { start: string; end: string };

/**
 * 推广计划 (`/capi/napi/promote/index` filters and sort: channel, sub-platform, level — plans by default —, parent,
 * customer, status, search, China date range): the list's rows with their §3 metrics for that range and the invalid
 * share of our monitored clicks beside them (the list's `invalid_traffic`), through the
 * promotion tree service (`listTree`, the caller's promotion scope). A creative has no facts: its metrics are empty.
 */
export const plansKind = defineKind<PromoteExportInput, PlanRow>({
  kind: 'plans',
  label: '推广计划',
  access: 'promote',
  filters: promoteExportInput,
  count: countTree,
  pages: (deps, actor, filters) => treePages(deps, actor, filters, PAGE_ROWS),
  columns: [
    { key: 'level_name', label: '层级', type: 'text', width: 10, value: (r) => r.level_name },
    { key: 'id', label: '编号', type: 'text', width: 20, value: (r) => r.id },
    { key: 'name', label: '名称', type: 'text', width: 30, value: (r) => r.name },
    { key: 'channel', label: '广告平台', type: 'text', width: 12, value: (r) => r.channel_name },
    { key: 'platform', label: '竞价推广平台', type: 'text', width: 14, value: (r) => r.platform_name },
    { key: 'advertiser_id', label: '广告账户 ID', type: 'text', width: 18, value: (r) => r.advertiser_id },
    { key: 'advertiser_name', label: '广告账户', type: 'text', width: 20, value: (r) => r.advertiser_name },
    { key: 'campaign_id', label: '广告组 ID', type: 'text', width: 20, value: (r) => r.campaign_id },
    { key: 'customer', label: '客户', type: 'text', width: 20, value: (r) => r.customer },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (r) => r.customerid },
    { key: 'status', label: '状态', type: 'text', width: 12, value: (r) => r.status_label },
    { key: 'budget', label: '日预算（元）', type: 'money', value: (r) => r.budget },
    { key: 'bid', label: '出价（元）', type: 'money', width: 12, value: (r) => r.bid },
    { key: 'pageid', label: '推广链接', type: 'text', width: 13, value: (r) => r.pageid },
    { key: 'material', label: '素材类型', type: 'text', width: 12, value: (r) => r.material_label },
    { key: 'range', label: '统计日期', type: 'text', width: 24, value: (r) => (r.start === r.end ? r.start : `${r.start} 至 ${r.end}`) },
    ...metricColumns<PlanRow>(),
    ...invalidColumns<PlanRow>((r) => r.invalid_traffic),
  ],
});
