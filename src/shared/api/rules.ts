import { pagedList } from '../paging.ts';
import {
  ruleBadgesInput,
  ruleEvent,
  ruleHistoryInput,
  ruleIdInput,
  ruleListInput,
  rulePreview,
  rulePreviewInput,
  ruleSaveInput,
  ruleTemplate,
  ruleToggleInput,
  ruleView,
} from '../rules.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** 自动规则 (docs/rules.md): customers their own plans', agents their sub-customers', admins every customer's. */
const tag = '自动规则';
const access = 'promote';

export const ruleIndex = contract({
  path: '/capi/napi/rules/index',
  method: 'POST',
  access,
  tag,
  input: ruleListInput,
  output: pagedList(ruleView),
  summary: '自动规则列表（管理员可看全部客户）：条件、动作、执行时间、最近一次结果与今天的执行次数',
});
export const ruleDetail = contract({
  path: '/capi/napi/rules/detail',
  method: 'POST',
  access,
  tag,
  input: ruleIdInput,
  output: ruleView,
  summary: '一条自动规则',
});
export const ruleSave = contract({
  path: '/capi/napi/rules/save',
  method: 'POST',
  access,
  tag,
  input: ruleSaveInput,
  output: ruleView,
  summary:
    '新建或修改自动规则（修改后版本号加一）；未知指标、超出保留期的窗口、上下限颠倒、平台在该层级不支持的动作、范围超出权限都会被拒绝且不保存',
  okMsg: '保存成功',
});
export const ruleToggle = contract({
  path: '/capi/napi/rules/toggle',
  method: 'POST',
  access,
  tag,
  input: ruleToggleInput,
  output: ruleView,
  summary: '启用或停用自动规则',
});
export const ruleDelete = contract({
  path: '/capi/napi/rules/delete',
  method: 'POST',
  access,
  tag,
  input: ruleIdInput,
  output: z.object({ id: z.number().int() }),
  summary: '删除自动规则（执行记录保留）',
  okMsg: '已删除',
});
export const rulePreviewCall = contract({
  path: '/capi/napi/rules/preview',
  method: 'POST',
  access,
  tag,
  input: rulePreviewInput,
  output: rulePreview,
  summary: '试运行：按当前数据，规则会对哪些计划执行什么动作、为什么（命中的指标值），不执行也不记录',
});
export const ruleHistory = contract({
  path: '/capi/napi/rules/history',
  method: 'POST',
  access,
  tag,
  input: ruleHistoryInput,
  output: pagedList(ruleEvent),
  summary: '执行记录：每次已执行或本会执行的评估（规则版本、命中值、动作、平台答复、规则作者），按规则或按计划',
});
export const ruleTemplates = contract({
  path: '/capi/napi/rules/templates',
  method: 'POST',
  access,
  tag,
  input: z.object({}),
  output: z.object({ list: z.array(ruleTemplate) }),
  summary: '规则模板：亏损止损、放量加预算、无单提醒',
});
export const ruleBadges = contract({
  path: '/capi/napi/rules/badges',
  method: 'POST',
  access,
  tag,
  input: ruleBadgesInput,
  output: z.object({ list: z.array(z.object({ id: z.string(), rules: z.number().int(), names: z.array(z.string()) })) }),
  summary: '推广列表的规则标记：哪些启用的规则在看这些计划',
});

export const ruleContracts = [
  ruleIndex,
  ruleDetail,
  ruleSave,
  ruleToggle,
  ruleDelete,
  rulePreviewCall,
  ruleHistory,
  ruleTemplates,
  ruleBadges,
];
