/**
 * Request and answer schemas of the promote API (`/capi/napi/promote/*`, `/capi/napi/task/update`) and the old
 * version's plan calls: the server validates with them, the console types its calls and forms with them.
 */
import { METRIC_KEYS, wireMetrics } from './metrics.ts';
import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { isPromoteChannel, isSubPlatform, NORMAL_STATUSES, PROMOTE_CHANNELS, SUB_PLATFORMS } from './promote.ts';
import { z } from './zod.ts';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);

/** A platform's id of an advertiser, campaign, plan or creative (digits on every platform we speak). */
export const entityId = (label: string) =>
  z
    .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: `请指定${label}` })
    .pipe(z.string().regex(/^\d{1,20}$/, `${label}编号只能是 1–20 位数字`));

export const channelInput = intInput('请选择广告平台').refine(isPromoteChannel, `广告平台只能是 ${PROMOTE_CHANNELS.join('/')}`);
export const subPlatformInput = intInput('请选择竞价推广平台').refine(
  isSubPlatform,
  `竞价推广平台只能是 ${Object.keys(SUB_PLATFORMS).join('/')}`,
);
export const promoteTypeInput = z.enum(['adver', 'group', 'plan', 'creative'], { error: '层级只能是 adver、group、plan 或 creative' });
export const changeTypeInput = z.enum(['group', 'plan', 'creative'], { error: '只能修改广告组（group）、计划（plan）或创意（creative）' });
export const dateInput = (label: string) =>
  z
    .string({ error: `${label}必须是 YYYY-MM-DD` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);
export const pageidFilter = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: '推广链接编号只能是数字' })
  .pipe(z.string().regex(/^\d{1,20}$/, '推广链接编号只能是数字'));

export const SORT_FIELDS = [...METRIC_KEYS, 'name', 'budget', 'bid', 'status', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** The list's filters (shared by index and sumdata). `pl` filters by the sub-platform of the plans' links. */
export const filterShape = {
  acpl: channelInput.optional(),
  pl: subPlatformInput.optional(),
  type: promoteTypeInput.default('plan'),
  advertiser_id: entityId('广告账户').optional(),
  campaign_id: entityId('广告组').optional(),
  plan_id: entityId('广告计划').optional(),
  pageid: pageidFilter.optional(),
  customerid: intInput('客户编号必须是整数').optional(),
  status: z.enum(NORMAL_STATUSES, { error: '状态筛选不正确' }).optional(),
  exact: text(100, '搜索内容').optional(),
  start: dateInput('开始日期').optional(),
  end: dateInput('结束日期').optional(),
};
const needsChannelForPl = (v: { acpl?: number; pl?: number }) => v.pl === undefined || v.acpl !== undefined;
const plMessage = { message: '按竞价推广平台筛选时请同时指定广告平台（acpl）', path: ['acpl'] };

export const promoteFilterInput = z.object(filterShape).refine(needsChannelForPl, plMessage);
export type PromoteFilter = z.output<typeof promoteFilterInput>;

const sortShape = {
  sort_field: z.enum(SORT_FIELDS, { error: '排序字段不正确' }).optional(),
  sort: z.enum(['asc', 'desc', 'ascending', 'descending'], { error: '排序方向只能是 asc 或 desc' }).default('desc'),
};

export const promoteIndexInput = z
  .object({ ...filterShape, ...sortShape, page: pageInput, pagesize: pagesizeInput })
  .refine(needsChannelForPl, plMessage);
export type PromoteIndexInput = z.output<typeof promoteIndexInput>;

/** The list's filters and sort without paging: what an export of the list (kind `plans`) takes. */
export const promoteExportInput = z.object({ ...filterShape, ...sortShape }).refine(needsChannelForPl, plMessage);
export type PromoteExportInput = z.output<typeof promoteExportInput>;

/** One row of the promotion tree: an advertiser account, a campaign, a plan or a creative, with its metrics. */
/**
 * A plan's clicks our monitor counted over a range (valid) and the invalid ones, by reason most first
 * (docs/api-tracking.md "Invalid traffic"): the promotion list's rows and the plan detail's trend.
 */
export const invalidTraffic = z.object({
  valid: z.number().int(),
  invalid: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  /** The share passes the alert (tracking/verdict/config.ts DEFAULT_ALERT: ≥ 20 % of ≥ 50 monitored clicks). */
  flagged: z.boolean(),
});
export type InvalidTraffic = z.output<typeof invalidTraffic>;

export const promoteRow = z.object({
  id: z.string(),
  name: z.string(),
  /** adver · group · plan · creative (the console's type) and the API level name (腾讯: adgroup, creative). */
  type: promoteTypeInput,
  level: z.string(),
  /** What the platform calls this level (广告计划, 广告组, 单元 …). */
  level_name: z.string(),
  channel: z.number().int(),
  channel_name: z.string(),
  /** Sub-platform of the link the plan drives (plans and creatives), null elsewhere. */
  platform: z.number().int().nullable(),
  platform_name: z.string(),
  advertiser_id: z.string(),
  advertiser_name: z.string(),
  campaign_id: z.string(),
  parent_id: z.string(),
  customerid: z.number().int(),
  customer: z.string(),
  /** The platform's own status code, its §4 label, the normalised status and whether it is switched on. */
  status: z.string(),
  status_label: z.string(),
  status_normal: z.string(),
  enabled: z.boolean(),
  /** Yuan; null = unlimited / none. */
  budget: z.number().nullable(),
  bid: z.number().nullable(),
  pageid: z.string(),
  /** The plan's link comes from a mini-app registration (`/napi/miniapp/add`), not from its own URLs. */
  bound: z.boolean(),
  material_type: z.string(),
  material_label: z.string(),
  /** What a person may change here (the platform allows it and the account is authorised). */
  can: z.object({ status: z.boolean(), budget: z.boolean(), bid: z.boolean(), preview: z.boolean(), unlimited: z.boolean() }),
  /** Number of children in the tree (campaigns of an account, plans of a campaign, creatives of a plan). */
  children: z.number().int(),
  /** Whether report facts exist at this level (creatives have none of their own: their metrics read '--'). */
  has_facts: z.boolean(),
  synced_at: z.number().int(),
  metrics: wireMetrics,
  /**
   * A plan's clicks our monitor counted over the range (valid) and the invalid ones, by reason most first
   * (docs/api-tracking.md "Invalid traffic"); null above plan level and for a plan with no monitored click.
   */
  invalid_traffic: invalidTraffic.nullable(),
  /**
   * Accounts only: when the account has plans and none drives a link of ours, how many plans and the account's
   * whole report numbers over the range (no sub-platform holds them, so `metrics` under a sub-platform reads 0).
   */
  unlinked: z.object({ plans: z.number().int(), metrics: wireMetrics }).nullable().optional(),
});
export type PromoteRow = z.output<typeof promoteRow>;

export const promoteList = z.object({
  list: z.array(promoteRow),
  total: z.number().int().nonnegative(),
  /** The range the numbers cover (China days). */
  start: z.string(),
  end: z.string(),
});

export const promoteSum = z.object({ total: z.number().int(), start: z.string(), end: z.string(), metrics: wireMetrics });

export const yuan = (label: string) =>
  z
    .number({ error: `${label}必须是数字（元）` })
    .positive(`${label}必须大于 0`)
    .max(99_999_999, `${label}不能超过 99999999 元`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label}最多两位小数`);

/** One change of one entity: its status, daily budget (null = unlimited) or bid, in yuan. */
export const promoteEditInput = z.object({
  acpl: channelInput,
  type: changeTypeInput,
  id: entityId('推广对象'),
  field: z.enum(['status', 'budget', 'bid'], { error: '只能修改 status、budget 或 bid' }),
  value: z.union([z.enum(['enable', 'disable']), yuan('金额'), z.null()], { error: '修改值不正确' }),
});
export type PromoteEditInput = z.output<typeof promoteEditInput>;

export const taskUpdateInput = z.object({
  acpl: channelInput,
  type: changeTypeInput,
  ids: z
    .array(entityId('推广对象'), { error: '请选择要修改的推广对象（ids）' })
    .min(1, '请选择要修改的推广对象（ids）')
    .max(100, '一次最多修改 100 个'),
  action: z.enum(['enable', 'disable'], { error: '操作只能是 enable（启用）或 disable（暂停）' }),
});
export type TaskUpdateInput = z.output<typeof taskUpdateInput>;

export const changeItem = z.object({
  change_id: z.number().int(),
  id: z.string(),
  name: z.string(),
  field: z.enum(['status', 'budget', 'bid']),
  /** Before and after as shown: 'enable'/'disable' or yuan ('' = unlimited). */
  before: z.string(),
  after: z.string(),
  result: z.enum(['pending', 'applied', 'refused']),
  message: z.string(),
});
export type ChangeItem = z.output<typeof changeItem>;

export const taskResult = z.object({
  task_id: z.number().int(),
  total: z.number().int(),
  applied: z.number().int(),
  refused: z.number().int(),
  items: z.array(changeItem),
});
export type TaskResult = z.output<typeof taskResult>;

export const entityRef = z.object({ acpl: channelInput, type: promoteTypeInput.default('plan'), id: entityId('推广对象') });
export type EntityRef = z.output<typeof entityRef>;
/** `/napi/promote/detail`: `acpl` may be left out (a bare `/promotion/plan/{id}`); the server finds the entity's channel. */
export const detailRef = entityRef.extend({ acpl: entityRef.shape.acpl.optional() });
export type DetailRef = z.output<typeof detailRef>;

export const trendInput = z.object({
  ...entityRef.shape,
  start: dateInput('开始日期').optional(),
  end: dateInput('结束日期').optional(),
  granularity: z.enum(['hour', 'day'], { error: '统计粒度只能是 hour 或 day' }).default('hour'),
});
export const trendPoint = z.object({ time: z.string(), ts: z.number().int(), metrics: wireMetrics });
export const trendResult = z.object({
  series: z.array(trendPoint),
  metrics: wireMetrics,
  /** A plan's monitored clicks over the trend's span, as its row on the list has them; null for other levels and without clicks. */
  invalid_traffic: invalidTraffic.nullable(),
});

export const changeLogInput = z.object({
  acpl: channelInput.optional(),
  type: promoteTypeInput.optional(),
  id: entityId('推广对象').optional(),
  task_id: intInput('任务编号必须是整数').optional(),
  page: pageInput,
  pagesize: pagesizeInput,
});
export const changeLogEntry = z.object({
  change_id: z.number().int(),
  task_id: z.number().int(),
  channel: z.number().int(),
  level: z.string(),
  level_name: z.string(),
  id: z.string(),
  name: z.string(),
  field: z.enum(['status', 'budget', 'bid']),
  before: z.string(),
  after: z.string(),
  result: z.enum(['pending', 'applied', 'refused']),
  message: z.string(),
  /** Who asked: company (or e-mail), e-mail and role label (admins are named as such). */
  actor: z.string(),
  actor_email: z.string(),
  actor_role: z.string(),
  /** The automatic rule that made the change (0 and '' for a person's change; `actor` is then the rule's author). */
  rule_id: z.number().int(),
  rule_name: z.string(),
  at: z.number().int(),
  finished_at: z.number().int(),
});
export type ChangeLogEntry = z.output<typeof changeLogEntry>;

export const statusHistoryEntry = z.object({
  status: z.string(),
  status_label: z.string(),
  status_normal: z.string(),
  enabled: z.boolean(),
  /** sync (seen on the platform) · change (a change a person made here, applied). */
  source: z.enum(['sync', 'change']),
  at: z.number().int(),
});

/** A link the plan drives, as the detail shows it. */
export const drivenLink = z.object({
  pageid: z.string(),
  title: z.string(),
  platform: z.number().int(),
  platform_name: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  item_image: z.string(),
  landing_url: z.string(),
  /** How the plan is tied to it: its monitor/landing URLs (url) or a mini-app binding (bound). */
  via: z.enum(['url', 'bound']),
  deleted: z.boolean(),
});

export const promoteDetailView = z.object({
  row: promoteRow,
  parents: z.array(z.object({ type: promoteTypeInput, id: z.string(), name: z.string(), level_name: z.string() })),
  links: z.array(drivenLink),
  history: z.array(statusHistoryEntry),
});

export const previewResult = z.object({
  id: z.string(),
  name: z.string(),
  level_name: z.string(),
  material_type: z.string(),
  material_kind: z.string(),
  material_label: z.string(),
  status_label: z.string(),
  landing_url: z.string(),
  link: drivenLink.nullable(),
});
