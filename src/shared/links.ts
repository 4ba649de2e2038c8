import { CHANNELS, isChannel, isPlatform, JUMPTYPES, PLATFORMS } from './catalog.ts';
import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/** Promotion links (spec §3 link entity): request schemas shared by the links API and the console forms. */

const int = intInput;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);

/** Optional http(s) URL; '' clears it. */
const url = (label: string) =>
  text(2000, label).refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), `${label}必须是 http:// 或 https:// 开头的网址`);

export const pageidSchema = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)], { error: '请指定推广链接' })
  .pipe(z.string().regex(/^\d{1,20}$/, '推广链接编号只能是数字'));

export const platformSchema = int('请选择商品平台').refine(isPlatform, `商品平台只能是 ${Object.keys(PLATFORMS).join('/')}`);
export const channelSchema = int('请选择投放渠道').refine(isChannel, `投放渠道只能是 ${Object.keys(CHANNELS).join('/')}`);
const isdirectSchema = int('跳转方式只能是 1（直跳）或 2（非直跳）').refine(
  (n) => n === 1 || n === 2,
  '跳转方式只能是 1（直跳）或 2（非直跳）',
);
const jumptypeSchema = z.enum(Object.keys(JUMPTYPES) as [keyof typeof JUMPTYPES], { error: '跳转类型只能是 detail、taojimu 或 smart' });
const smallInt = (label: string) => int(`${label}必须是整数`).refine((n) => n >= 0 && n <= 99, `${label}只能是 0–99`);

/** The editable fields, without defaults: update takes any subset of them. */
const linkFields = {
  customerid: int('客户编号必须是整数')
    .refine((n) => n > 0, '客户编号必须是正整数')
    .optional(),
  platform: platformSchema,
  state: channelSchema,
  title: text(100, '链接名称'),
  item: text(2000, '商品').min(1, '请输入商品 ID 或商品链接'),
  ispro: int('ispro 只能是 0 或 1').refine((n) => n === 0 || n === 1, 'ispro 只能是 0 或 1'),
  isdirect: isdirectSchema,
  jumptype: jumptypeSchema,
  couponlink: url('优惠券链接'),
  taojimulink: url('淘积木链接'),
  smartlink: url('智能链接'),
  relate_advertiser_ids: text(2000, '关联广告主').regex(/^(\d{1,20}(,\d{1,20})*)?$/, '关联广告主只能是逗号分隔的数字'),
  social_id: text(64, '社媒账号'),
  type: smallInt('type'),
  report_type: smallInt('report_type'),
  page_type: smallInt('page_type'),
  appid: text(64, '小程序 appid').regex(/^[A-Za-z0-9_]*$/, '小程序 appid 只能是字母、数字和下划线'),
  pagepath: text(500, '小程序页面路径'),
};

/** What create fills in for fields the caller leaves out. */
export const LINK_DEFAULTS = {
  title: '',
  ispro: 0,
  jumptype: 'detail' as keyof typeof JUMPTYPES,
  couponlink: '',
  taojimulink: '',
  smartlink: '',
  relate_advertiser_ids: '',
  social_id: '',
  type: 1,
  report_type: 1,
  page_type: 1,
  appid: '',
  pagepath: '',
};

export const linkCreateInput = z
  .object(linkFields)
  .partial({ title: true, ispro: true, jumptype: true, couponlink: true, taojimulink: true, smartlink: true, relate_advertiser_ids: true })
  .partial({ social_id: true, type: true, report_type: true, page_type: true, appid: true, pagepath: true })
  .transform((v) => ({ ...LINK_DEFAULTS, ...definedOnly(v) }));
export type LinkCreateInput = z.output<typeof linkCreateInput>;

export const linkUpdateInput = z.object({ pageid: pageidSchema, ...z.object(linkFields).partial().shape });
export type LinkUpdateInput = z.output<typeof linkUpdateInput>;

function definedOnly<T extends object>(v: T): T {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as T;
}

export const pageidInput = z.object({ pageid: pageidSchema });

const pagesize = pagesizeInput;
const page = pageInput;

export const linkIndexInput = z.object({
  isdirect: isdirectSchema.optional(),
  pagesize,
  page,
  exact: text(100, '搜索内容').optional(),
  customerid: int('客户编号必须是整数').optional(),
  advertiser_id: z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{0,20}$/),
        z.number().int().nonnegative().transform(String),
      ],
      { error: '广告主编号只能是数字' },
    )
    .optional(),
  pageid: z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{0,20}$/),
        z.number().int().nonnegative().transform(String),
      ],
      { error: '推广链接编号只能是数字' },
    )
    .optional(),
  platform: platformSchema.optional(),
  state: channelSchema.optional(),
  /** China days of the list's data columns (clicks, orders, cost, ROI; the export's too); the list itself ignores them. */
  start: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期必须是 YYYY-MM-DD 格式的日期')
    .optional(),
  end: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期必须是 YYYY-MM-DD 格式的日期')
    .optional(),
});
export type LinkIndexInput = z.output<typeof linkIndexInput>;

/** Old-version list `/api/land/v2/index`: jump_type is isdirect. */
export const landIndexInput = z.object({ jump_type: isdirectSchema.optional(), pagesize, page, exact: text(100, '搜索内容').optional() });

export const linkLogInput = z.object({ pageid: pageidSchema, pagesize, page });

/**
 * A link as every links endpoint answers it: the §3 fields plus item data, landing URL and times. The one list
 * of a link's fields: the server's table type (`src/server/links/tables.ts`) is this minus `customer` and
 * `landing_url` plus its row-only columns.
 */
export const linkView = z.object({
  /** Public id in landing and monitor URLs (digits only). */
  pageid: z.string(),
  /** Owner: a customer (role 3/4) user id. */
  customerid: z.number().int(),
  /** The owner's company (joined, not stored on the link). */
  customer: z.string(),
  /** Shop platform code 2–8 (catalog.ts). */
  platform: z.number().int(),
  /** Ad channel code 2–10 (the spec calls it `state`). */
  state: z.number().int(),
  title: z.string(),
  itemid: z.string(),
  item_title: z.string(),
  item_image: z.string(),
  /** Fen; null when no price is known (a 微信小程序 item has no union to ask, a shop has none). */
  item_price: z.number().int().nullable(),
  ispro: z.number().int(),
  /** 1 direct, 2 indirect. */
  isdirect: z.number().int(),
  jumptype: z.string(),
  detaillink: z.string(),
  smartlink: z.string(),
  taojimulink: z.string(),
  couponlink: z.string(),
  transedlink: z.string(),
  monitor_touch_url: z.string(),
  monitor_show_url: z.string(),
  social_id: z.string(),
  type: z.number().int(),
  report_type: z.number().int(),
  page_type: z.number().int(),
  /** Comma-separated advertiser ids this link is delivered through. */
  relate_advertiser_ids: z.string(),
  appid: z.string(),
  pagepath: z.string(),
  /** Derived from the platform, channel and jump type (`landingPath`), not stored. */
  landing_url: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type LinkView = z.output<typeof linkView>;

export const linkLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string(),
  at: z.number().int(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type LinkLogEntry = z.output<typeof linkLogEntry>;

export const advertiserOption = z.object({ advertiser_id: z.string(), advertiser_name: z.string() });
export type AdvertiserOption = z.output<typeof advertiserOption>;

export const customerOption = z.object({
  customerid: z.number().int(),
  company: z.string(),
  /** The customer's login account (e-mail): tells two customers of one company name apart. */
  email: z.string(),
  /** Advertisers per channel code; filled once ad accounts exist. */
  advertisers: z.record(z.string(), z.array(advertiserOption)),
});
export type CustomerOption = z.output<typeof customerOption>;

/** Landing path prefixes (spec §2 public routes), most specific rule first. */
export const LANDING_PREFIXES = ['/new/wx/', '/new/', '/pjd/', '/pud/', '/pwb/', '/puc/', '/xtb/', '/pub/'] as const;

/**
 * Where a link's landing page lives: wxminiapp → /new/wx/, taobao new-link mini-app → /new/,
 * jingdong (3, 8) → /pjd/, pinduoduo → /pud/, taobao on weibo → /pwb/, on UC → /puc/,
 * taobao with jumptype taojimu → /xtb/, anything else → /pub/.
 */
export function landingPath(link: { pageid: string; platform: number; state: number; jumptype: string }): string {
  const p = link.pageid;
  if (link.platform === 6) return `/new/wx/${p}`;
  if (link.platform === 4) return `/new/${p}`;
  if (link.platform === 3 || link.platform === 8) return `/pjd/${p}`;
  if (link.platform === 5) return `/pud/${p}`;
  if (link.platform === 2 && link.state === 3) return `/pwb/${p}`;
  if (link.platform === 2 && link.state === 8) return `/puc/${p}`;
  if (link.platform === 2 && link.jumptype === 'taojimu') return `/xtb/${p}`;
  return `/pub/${p}`;
}
