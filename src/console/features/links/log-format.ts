import { CHANNELS, JUMP, JUMPTYPES, PLATFORMS } from '../../../shared/catalog.ts';
import { priceText } from './format.ts';

/** Change-log rendering: Chinese names for actions and fields, and values through the catalog labels. */
export const ACTION_LABELS: Record<string, string> = { create: '创建', update: '修改', delete: '删除', restore: '恢复', publish: '发布' };

export const FIELD_LABELS: Record<string, string> = {
  customerid: '客户ID',
  platform: '商品平台',
  state: '投放渠道',
  title: '链接名称',
  itemid: '商品ID',
  item_title: '商品标题',
  item_image: '商品图片',
  item_price: '商品价格',
  ispro: 'PRO',
  isdirect: '跳转方式',
  jumptype: '跳转类型',
  detaillink: '详情链接',
  smartlink: '智能链接',
  taojimulink: '淘积木链接',
  couponlink: '优惠券链接',
  transedlink: '转链链接',
  monitor_touch_url: '点击监测链接',
  monitor_show_url: '展示监测链接',
  social_id: '社媒账号',
  type: '类型',
  report_type: '回传类型',
  page_type: '页面类型',
  relate_advertiser_ids: '关联广告主',
  appid: '小程序 appid',
  pagepath: '小程序页面路径',
  deleted_at: '删除时间',
};

const lookup = (table: Record<number | string, string>, v: unknown): string => table[String(v)] ?? String(v);

export function formatLogValue(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  if (field === 'platform') return lookup(PLATFORMS, v);
  if (field === 'state') return lookup(CHANNELS, v);
  if (field === 'isdirect') return lookup(JUMP, v);
  if (field === 'jumptype') return lookup(JUMPTYPES, v);
  if (field === 'item_price') return priceText(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export interface LogChange {
  field: string;
  label: string;
  before: string | null;
  after: string;
}

const asRecord = (v: unknown): Record<string, unknown> => {
  if (typeof v === 'string') {
    try {
      return asRecord(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v)) : {};
};

/** Nothing there; a price of 0 fen is no price (the union gave none). */
const isEmpty = (field: string, v: unknown): boolean => v === null || v === undefined || v === '' || (field === 'item_price' && v === 0);

/** Derived on create (image, converted links, monitor URLs, defaults): a creation entry shows what the person chose. */
const DERIVED_ON_CREATE = new Set([
  'item_image',
  'detaillink',
  'transedlink',
  'monitor_touch_url',
  'monitor_show_url',
  'ispro',
  'type',
  'report_type',
  'page_type',
]);

/** One row per changed field; on create `before` is null (nothing was there) and empty fields are left out. */
export function logChanges(action: string, before: unknown, after: unknown): LogChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = Object.keys(a).filter((f) => action !== 'create' || !(isEmpty(f, a[f]) || DERIVED_ON_CREATE.has(f)));
  return fields.map((field) => ({
    field,
    label: FIELD_LABELS[field] ?? field,
    before: action === 'create' || !(field in b) ? null : formatLogValue(field, b[field]),
    after: formatLogValue(field, a[field]),
  }));
}
