import { pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * Automatic rules (自动规则, docs/rules.md): conditions over a plan's metrics on a window, AND-ed, each with a
 * minimum-data guard; a schedule; one action with bounds and limits. The server checks what zod cannot say in
 * a person's words (unknown metrics, windows beyond retention, inverted bounds, actions a platform lacks).
 */

/** The metrics a condition may read: the promotion list's own §3 metrics (same keys), plus cost vs budget and the invalid share. */
export const RULE_METRICS = {
  sum_cost: { label: '消耗', unit: '元' },
  sum_show_cnt: { label: '展示数', unit: '' },
  sum_click: { label: '点击数', unit: '' },
  ctr: { label: '点击率', unit: '%' },
  avg_click_cost: { label: '点击均价', unit: '元' },
  convert: { label: '转化数', unit: '' },
  convert_cost: { label: '转化成本', unit: '元' },
  ordernum: { label: '订单数', unit: '' },
  order_price: { label: '订单金额', unit: '元' },
  order_price_pay: { label: '付款金额', unit: '元' },
  roi: { label: 'ROI', unit: '' },
  pay_roi: { label: '付款 ROI', unit: '' },
  budget_used: { label: '消耗占日预算', unit: '%' },
  /** Invalid clicks / our monitored clicks (valid + invalid) over the window, as the promotion list and plan detail show it. */
  invalid_click_share: { label: '无效点击占比', unit: '%' },
} as const;
export type RuleMetric = keyof typeof RULE_METRICS;
export const RULE_METRIC_KEYS = Object.keys(RULE_METRICS) as RuleMetric[];

export const RULE_OPS = { lt: '<', lte: '≤', gt: '>', gte: '≥', eq: '=' } as const;
export type RuleOp = keyof typeof RULE_OPS;

/** Longest windows: hourly facts are read over at most three days, daily ones over the list's 92-day range. */
export const MAX_WINDOW_HOURS = 72;
export const MAX_WINDOW_DAYS = 92;

const num = (label: string) => z.number({ error: `${label}必须是数字` });
const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);

export const ruleCondition = z.object({
  metric: z.string({ error: '请选择指标' }).max(40),
  op: z.enum(['lt', 'lte', 'gt', 'gte', 'eq'], { error: '比较方式只能是 <、≤、>、≥、=' }),
  /** In the metric's unit: yuan for money, percent for rates (2 = 2 %), plain for counts and ROI. */
  value: num('条件的值').min(0, '条件的值不能为负数').max(1e9, '条件的值过大'),
  /** Minimum-data guard: the condition counts only when the window's cost (yuan) and clicks reach these. */
  min_cost: num('最低消耗').min(0, '最低消耗不能为负数').max(1e8, '最低消耗过大').default(0),
  min_clicks: int('最低点击数', 0, 1e9).default(0),
});
export type RuleCondition = z.output<typeof ruleCondition>;

export const ruleWindow = z.object({
  kind: z.enum(['today', 'hours', 'days'], { error: '时间窗口只能是今天、最近 N 小时或最近 N 天' }),
  /** Hours or days (the days include today); 1 for today. */
  n: z.number({ error: '时间窗口的长度必须是整数' }).int('时间窗口的长度必须是整数').min(1, '时间窗口至少 1').default(1),
});
export type RuleWindow = z.output<typeof ruleWindow>;

export const ruleScope = z.object({
  /** customer: every plan of the customer on the channel; else the plans under these accounts, campaigns or plans. */
  kind: z.enum(['customer', 'accounts', 'campaigns', 'plans'], { error: '范围只能是全部计划、账户、广告组或计划' }),
  ids: z.array(z.string().trim().min(1).max(64), { error: '范围的 id 必须是字符串列表' }).max(500, '范围最多 500 个').default([]),
});
export type RuleScope = z.output<typeof ruleScope>;

export const ruleAction = z.object({
  kind: z.enum(['pause', 'resume', 'budget', 'bid', 'notify'], { error: '动作只能是暂停、启用、调整预算、调整出价或通知' }),
  /** Budget and bid: set to, raise by or lower by `value` (yuan, or percent with `by: percent`). */
  mode: z.enum(['set', 'raise', 'lower'], { error: '调整方式只能是设为、提高或降低' }).default('set'),
  by: z.enum(['amount', 'percent'], { error: '调整单位只能是金额或百分比' }).default('amount'),
  value: num('调整的值').min(0, '调整的值不能为负数').max(1e8, '调整的值过大').default(0),
  /** Bounds (yuan): a change never goes below `min` or above `max` (0 = no bound). */
  min: num('下限').min(0, '下限不能为负数').max(1e8, '下限过大').default(0),
  max: num('上限').min(0, '上限不能为负数').max(1e8, '上限过大').default(0),
});
export type RuleAction = z.output<typeof ruleAction>;

export const ruleSchedule = z.object({
  kind: z.enum(['every', 'times'], { error: '执行时间只能是每隔 N 分钟或每天定时' }),
  minutes: int('执行间隔（分钟）', 5, 1440).default(30),
  /** China time, HH:MM. */
  times: z
    .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '定时必须是 HH:MM（北京时间）'))
    .max(24, '每天最多 24 个定时')
    .default([]),
});
export type RuleSchedule = z.output<typeof ruleSchedule>;

export const ruleInput = z.object({
  name: z.string({ error: '请填写规则名称' }).trim().min(1, '请填写规则名称').max(60, '规则名称最多 60 个字'),
  /** The customer whose plans it watches (customers: themselves; agents: a sub-customer; admins: anyone). */
  customerid: z.number().int().positive().optional(),
  /** Channel (acpl): 2 巨量, 3 微博, 4 腾讯, 5 快手, 8 UC, 10 小红书. */
  acpl: z.number({ error: '请选择广告平台' }).int(),
  scope: ruleScope,
  conditions: z.array(ruleCondition).min(1, '至少一个条件').max(8, '最多 8 个条件'),
  window: ruleWindow,
  action: ruleAction,
  schedule: ruleSchedule,
  /** At most this many actions on one plan per China day, and not again within the cool-down. */
  max_per_day: int('每个计划每天最多执行次数', 1, 48).default(1),
  cooldown_minutes: int('冷却时间（分钟）', 0, 1440).default(60),
  /** The rule waits while the account's report sync or the order sync is behind by more than this. */
  max_lag_minutes: int('数据最长延迟（分钟）', 10, 1440).default(120),
  notify_only: z.boolean().default(false),
  notify_email: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type RuleInput = z.output<typeof ruleInput>;

export const ruleSaveInput = ruleInput.extend({ id: z.number().int().positive().optional() });
export const ruleIdInput = z.object({ id: z.number({ error: '缺少规则 id' }).int().positive() });
export const ruleToggleInput = ruleIdInput.extend({ enabled: z.boolean({ error: 'enabled 必须是 true 或 false' }) });
export const ruleListInput = z.object({
  page: pageInput,
  pagesize: pagesizeInput,
  customerid: z.number().int().positive().optional(),
  acpl: z.number().int().optional(),
  exact: z.string().trim().max(60).optional(),
});
/** A saved rule (`id`) or a draft (`rule`) to evaluate now without acting. */
export const rulePreviewInput = z.object({ id: z.number().int().positive().optional(), rule: ruleInput.optional() });
export const ruleHistoryInput = z.object({
  page: pageInput,
  pagesize: pagesizeInput,
  id: z.number().int().positive().optional(),
  acpl: z.number().int().optional(),
  plan_id: z.string().trim().max(64).optional(),
});
export const ruleBadgesInput = z.object({ acpl: z.number().int(), ids: z.array(z.string().max(64)).max(500) });

export const ruleView = ruleInput.extend({
  id: z.number().int(),
  customerid: z.number().int(),
  customer: z.string(),
  version: z.number().int(),
  author: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  last_run_at: z.number().int(),
  last_result: z.string(),
  /** What the rule says, in one line (条件 → 动作). */
  summary: z.string(),
  actions_today: z.number().int(),
});
export type RuleView = z.output<typeof ruleView>;

/** One plan in a dry run or an evaluation: the values read, whether it matched, and what would be done. */
export const ruleVerdict = z.object({
  advertiser_id: z.string(),
  id: z.string(),
  name: z.string(),
  /** The condition metrics' values (null = not computable, e.g. ROI with no cost). */
  values: z.record(z.string(), z.number().nullable()),
  matched: z.boolean(),
  /** act · skip (matched but held by a limit, bound or state) · none (conditions not met) · wait (data not fresh). */
  verdict: z.enum(['act', 'skip', 'none', 'wait']),
  reason: z.string(),
  before: z.string(),
  after: z.string(),
});
export type RuleVerdict = z.output<typeof ruleVerdict>;

export const rulePreview = z.object({
  window: z.string(),
  evaluated: z.number().int(),
  matched: z.number().int(),
  acting: z.number().int(),
  /** Data freshness: '' when fresh, else why the rule waits. */
  waiting: z.string(),
  list: z.array(ruleVerdict),
});
export type RulePreview = z.output<typeof rulePreview>;

export const ruleEvent = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  rule_name: z.string(),
  rule_version: z.number().int(),
  channel: z.number().int(),
  advertiser_id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  values: z.record(z.string(), z.number().nullable()),
  action: z.string(),
  before: z.string(),
  after: z.string(),
  /** applied · refused · reauth · notified · would (notify-only) · pending */
  outcome: z.string(),
  outcome_label: z.string(),
  message: z.string(),
  change_id: z.number().int(),
  author: z.string(),
  at: z.number().int(),
});
export type RuleEvent = z.output<typeof ruleEvent>;

export const OUTCOME_LABELS: Record<string, string> = {
  applied: '已执行',
  refused: '平台拒绝',
  reauth: '需要重新授权',
  notified: '已通知',
  would: '仅通知（未执行）',
  pending: '执行中',
};

export const ACTION_LABELS = { pause: '暂停计划', resume: '启用计划', budget: '调整日预算', bid: '调整出价', notify: '通知' } as const;

export const ruleTemplate = z.object({ key: z.string(), title: z.string(), description: z.string(), rule: ruleInput.omit({ acpl: true }) });
