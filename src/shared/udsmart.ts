import { idInput } from './admin.ts';
import { dayRangeInput } from './admin-reports.ts';
import { wireMetrics } from './metrics.ts';
import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * UDSmart (阿里妈妈 UD效果外投, spec §1 sub-platform 7; docs/udsmart.md): brands of a UDSmart admin (role 5), the
 * 巨量 / 腾讯 / 快手 ad accounts bound to them, and what each sub-account (role 6) is assigned.
 */

/** Account types UDSmart buys on (spec §2 shell: UDSmart for juliang, tengxun and kuaishou). */
export const UD_PLATFORMS = [2, 4, 5] as const;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);

const idList = (label: string) =>
  z
    .array(
      intInput(`${label}编号必须是整数`).refine((n) => n > 0, `${label}编号必须是正整数`),
      { error: `${label}必须是编号列表` },
    )
    .max(500, `一次最多 500 个${label}`)
    .transform((ids) => [...new Set(ids)]);

export const brandName = text(50, '品牌名称').min(1, '请输入品牌名称');
export const brandLogo = text(8, 'Logo 文字');

export const brandIndexInput = z.object({ page: pageInput, pagesize: pagesizeInput, exact: text(50, '搜索内容').optional() });
export const brandCreateInput = z.object({ name: brandName, logo_text: brandLogo.default('') });
export const brandUpdateInput = z.object({ id: idInput('品牌'), name: brandName.optional(), logo_text: brandLogo.optional() });
export const brandIdInput = z.object({ id: idInput('品牌') });
export const brandBindInput = z.object({ id: idInput('品牌'), account_ids: idList('广告账户') });

export const udAccountView = z.object({
  /** ad_accounts.id */
  id: z.number().int(),
  platform: z.number().int(),
  advertiser_id: z.string(),
  name: z.string(),
  /** The customer the account was authorised by. */
  customer: z.string(),
  brand_id: z.number().int().nullable(),
  brand: z.string(),
});
export type UdAccountView = z.output<typeof udAccountView>;

export const brandView = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_text: z.string(),
  owner: z.string(),
  accounts: z.array(udAccountView),
  /** Sub-accounts it (or one of its accounts) is assigned to. */
  sub_count: z.number().int(),
  created_at: z.number().int(),
});
export type BrandView = z.output<typeof brandView>;

export const candidatesInput = z.object({ exact: text(50, '搜索内容').optional(), platform: intInput('账户类型必须是整数').optional() });

export const subAssignInput = z.object({ sub_id: idInput('子账号'), brand_ids: idList('品牌'), account_ids: idList('广告账户') });
export const subView = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  status: z.number().int(),
  brand_ids: z.array(z.number().int()),
  account_ids: z.array(z.number().int()),
});
export type SubView = z.output<typeof subView>;

export const previewInput = z.intersection(dayRangeInput, z.object({ brand_id: intInput('品牌编号必须是整数').optional() }));
export const previewView = z.object({
  brands: z.array(wireMetrics.extend({ brand_id: z.number().int(), brand: z.string(), accounts: z.number().int() })),
  totals: wireMetrics,
  series: z.array(z.object({ day: z.string(), sum_cost: z.number(), order_price: z.number(), ordernum: z.number().int() })),
  pages: z.array(wireMetrics.extend({ pageid: z.string() })),
});
export type PreviewView = z.output<typeof previewView>;

export const accountIndexInput = z.intersection(
  dayRangeInput,
  z.object({
    brand_id: intInput('品牌编号必须是整数').optional(),
    platform: intInput('账户类型必须是整数').optional(),
    exact: text(50, '搜索内容').optional(),
    page: pageInput,
    pagesize: pagesizeInput,
  }),
);
export const accountRow = udAccountView.extend({
  /** active · reauth · cancelled (authorisation) or inactive (dropped from the grant). */
  state: z.string(),
  sum_cost: z.number(),
  sum_show_cnt: z.number().int(),
  sum_click: z.number().int(),
  last_sync_at: z.number().int(),
  last_sync_error: z.string(),
});
export type AccountRow = z.output<typeof accountRow>;

export const ACCOUNT_STATE_LABEL: Record<string, string> = {
  active: '正常',
  reauth: '需要重新授权',
  cancelled: '已取消授权',
  inactive: '已移出授权',
};
