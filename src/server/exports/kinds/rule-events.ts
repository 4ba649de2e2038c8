import { channelLabel } from '../../../shared/catalog.ts';
import { eventActionText, valuesText } from '../../../shared/rule-text.ts';
import { type RuleEvent, ruleHistoryInput } from '../../../shared/rules.ts';
import { countHistory, type HistoryFilters, historyPages } from '../../rules/history.ts';
import { defineKind, PAGE_ROWS } from '../kind.ts';

/**
 * 自动规则执行记录 (`/capi/napi/rules/history` filters: rule, channel, plan): the audit rows of the history list in
 * its order (newest first), through the rules' history service in the caller's promotion scope (customers their own,
 * agents their sub-customers', admins all), with the list's words for the matched values, action and outcome.
 */
export const ruleEventsKind = defineKind<HistoryFilters, RuleEvent>({
  kind: 'ruleEvents',
  label: '自动规则执行记录',
  access: 'promote',
  filters: ruleHistoryInput.omit({ page: true, pagesize: true }),
  count: countHistory,
  pages: (deps, actor, filters) => historyPages(deps, actor, filters, PAGE_ROWS),
  columns: [
    { key: 'at', label: '时间', type: 'datetime', value: (e) => e.at },
    { key: 'rule_id', label: '规则编号', type: 'integer', width: 10, value: (e) => e.rule_id },
    { key: 'rule_name', label: '规则', type: 'text', width: 24, value: (e) => e.rule_name },
    { key: 'rule_version', label: '规则版本', type: 'integer', width: 10, value: (e) => e.rule_version },
    { key: 'channel', label: '广告平台', type: 'text', width: 12, value: (e) => channelLabel(e.channel) },
    { key: 'advertiser_id', label: '广告账户 ID', type: 'text', width: 18, value: (e) => e.advertiser_id },
    { key: 'plan_id', label: '计划 ID', type: 'text', width: 20, value: (e) => e.plan_id },
    { key: 'plan_name', label: '计划名称', type: 'text', width: 30, value: (e) => e.plan_name },
    { key: 'values', label: '命中值', type: 'text', width: 40, value: (e) => valuesText(e.values) },
    { key: 'action', label: '动作', type: 'text', width: 24, value: eventActionText },
    { key: 'outcome', label: '结果', type: 'text', width: 16, value: (e) => e.outcome_label },
    { key: 'message', label: '平台答复', type: 'text', width: 30, value: (e) => e.message },
    { key: 'change_id', label: '变更记录编号', type: 'integer', width: 12, value: (e) => e.change_id || null },
    { key: 'author', label: '规则作者', type: 'text', width: 16, value: (e) => e.author },
  ],
});
