/**
 * Request and answer schemas of the old version's plan calls (spec §7 Plans: 巨量 / 腾讯 / 微博 plan lists and their
 * changes) and of the 淘宝新链接 mini-app promotions (`/minipromote`): the same inputs as the promote API's
 * (promote-schemas.ts), shaped the old way.
 */
import { wireMetrics } from './metrics.ts';
import { pageInput, pagesizeInput } from './paging.ts';
import { channelInput, dateInput, entityId, filterShape, pageidFilter, SORT_FIELDS, taskUpdateInput, yuan } from './promote-schemas.ts';
import { z } from './zod.ts';

/** Old version (spec §7 Plans): `social` is the channel code, `customer_id` 微博's account id. */
const oldListShape = {
  start: dateInput('开始日期').optional(),
  end: dateInput('结束日期').optional(),
  status: filterShape.status,
  exact: filterShape.exact,
  sort_field: z.enum(SORT_FIELDS, { error: '排序字段不正确' }).optional(),
  sort: z.enum(['asc', 'desc', 'ascending', 'descending'], { error: '排序方向只能是 asc 或 desc' }).default('desc'),
  page: pageInput,
  pagesize: pagesizeInput,
};
export const planIndexInput = z.object({ advertiser_id: entityId('广告账户'), social: channelInput.default(2), ...oldListShape });
export const wbplanIndexInput = z.object({ customer_id: entityId('微博广告账户'), ...oldListShape });
export const miniplanIndexInput = z.object({
  advertiser_id: entityId('广告账户'),
  social: channelInput.default(2),
  pageid: pageidFilter.optional(),
  ...oldListShape,
});

const oldChange = {
  ids: taskUpdateInput.shape.ids.optional(),
  action: taskUpdateInput.shape.action.optional(),
  id: entityId('广告计划').optional(),
  budget: z.union([yuan('日预算'), z.null()], { error: '日预算必须是数字（元）或 null（不限）' }).optional(),
  bid: yuan('出价').optional(),
};
const oneChange = (v: { ids?: string[]; action?: string; id?: string; budget?: number | null; bid?: number }) =>
  v.ids !== undefined && v.action !== undefined
    ? v.id === undefined && v.budget === undefined && v.bid === undefined
    : v.id !== undefined && (v.budget !== undefined) !== (v.bid !== undefined);
const oneChangeMessage = { message: '请传 ids 与 action（启用/暂停），或 id 与 budget、bid 之一' };
export const planUpdateInput = z
  .object({ advertiser_id: entityId('广告账户'), social: channelInput.default(2), ...oldChange })
  .refine(oneChange, oneChangeMessage);
export type PlanUpdateInput = z.output<typeof planUpdateInput>;
export const wbplanUpdateInput = z.object({ customer_id: entityId('微博广告账户'), ...oldChange }).refine(oneChange, oneChangeMessage);

/** A taobao new-link (淘宝新链接小程序, platform 4) promotion: one mini-app link and the plans promoting it. */
export const miniPromotion = z.object({
  pageid: z.string(),
  title: z.string(),
  item_id: z.string(),
  item_title: z.string(),
  item_image: z.string(),
  channel: z.number().int(),
  channel_name: z.string(),
  customerid: z.number().int(),
  customer: z.string(),
  landing_url: z.string(),
  plans: z.number().int(),
  delivering: z.number().int(),
  created_at: z.number().int(),
  metrics: wireMetrics,
});
export type MiniPromotion = z.output<typeof miniPromotion>;

export const miniputIndexInput = z.object({
  type: channelInput.default(2),
  exact: filterShape.exact,
  start: dateInput('开始日期').optional(),
  end: dateInput('结束日期').optional(),
  page: pageInput,
  pagesize: pagesizeInput,
});
export const miniputDetailInput = z.object({
  pageid: pageidFilter,
  start: dateInput('开始日期').optional(),
  end: dateInput('结束日期').optional(),
});
export const miniputStatusInput = z.object({ pageid: pageidFilter, action: taskUpdateInput.shape.action });
export const miniappAddInput = z.object({
  pageid: pageidFilter,
  social: channelInput,
  advertiser_id: entityId('广告账户'),
  plan_ids: taskUpdateInput.shape.ids,
});
export const miniappDeleteInput = z.object({ pageid: pageidFilter, social: channelInput, plan_ids: taskUpdateInput.shape.ids });
export const miniBindResult = z.object({ pageid: z.string(), plans: z.number().int(), changed: z.number().int() });
