import type { InputOf } from '../../../shared/api/contract.ts';
import type { linkCreate } from '../../../shared/api/links.ts';
import type { JumpType } from '../../../shared/catalog.ts';
import { type LinkView, linkCreateInput } from '../../../shared/links.ts';
import { checkForm } from '../../lib/form-errors.ts';

/** What the dialog sends: a create body, with `pageid` an update. */
export type LinkPayload = InputOf<typeof linkCreate> & { pageid?: string };

/** The create / edit dialog's state: what the person types, before the schema shapes it. */
export interface LinkForm {
  customerid: number | null;
  platform: number;
  state: number;
  title: string;
  item: string;
  isdirect: 1 | 2;
  jumptype: JumpType;
  couponlink: string;
  taojimulink: string;
  smartlink: string;
  relate_advertiser_ids: string;
  appid: string;
  pagepath: string;
}

export type FormErrors = Partial<Record<keyof LinkForm, string>>;

const FORM_FIELDS = [
  'customerid',
  'platform',
  'state',
  'title',
  'item',
  'isdirect',
  'jumptype',
  'couponlink',
  'taojimulink',
  'smartlink',
  'relate_advertiser_ids',
  'appid',
  'pagepath',
] as const satisfies readonly (keyof LinkForm)[];

export interface PlatformFields {
  jumptypes: readonly JumpType[];
  coupon: boolean;
  /** wxminiapp: appid + pagepath */
  miniapp: boolean;
}

/**
 * Which inputs a shop platform shows: 淘积木 pages exist only for taobao (2) and its new-link mini-app (4);
 * the wechat mini-app opens a page by appid + pagepath and has neither coupons nor smart links.
 */
export function fieldsFor(platform: number): PlatformFields {
  if (platform === 6) return { jumptypes: ['detail'], coupon: false, miniapp: true };
  if (platform === 2 || platform === 4) return { jumptypes: ['detail', 'taojimu', 'smart'], coupon: true, miniapp: false };
  return { jumptypes: ['detail', 'smart'], coupon: true, miniapp: false };
}

export function emptyForm(platform: number, customerid: number | null = null): LinkForm {
  return {
    customerid,
    platform,
    state: 2,
    title: '',
    item: '',
    isdirect: 1,
    jumptype: 'detail',
    couponlink: '',
    taojimulink: '',
    smartlink: '',
    relate_advertiser_ids: '',
    appid: '',
    pagepath: '',
  };
}

const asJumpType = (s: string): JumpType => (s === 'taojimu' || s === 'smart' ? s : 'detail');

export function formFromLink(l: LinkView): LinkForm {
  return {
    customerid: l.customerid,
    platform: l.platform,
    state: l.state,
    title: l.title,
    item: l.itemid,
    isdirect: l.isdirect === 2 ? 2 : 1,
    jumptype: asJumpType(l.jumptype),
    couponlink: l.couponlink,
    taojimulink: l.taojimulink,
    smartlink: l.smartlink,
    relate_advertiser_ids: l.relate_advertiser_ids,
    appid: l.appid,
    pagepath: l.pagepath,
  };
}

/** Apply one change and keep the form consistent with the platform's fields. */
export function patchForm(f: LinkForm, patch: Partial<LinkForm>): LinkForm {
  const next = { ...f, ...patch };
  if (!fieldsFor(next.platform).jumptypes.includes(next.jumptype)) next.jumptype = 'detail';
  return next;
}

const ITEM_RE = /^(\d{4,20}|https?:\/\/\S+)$/i;

/** Field errors in Chinese (the shared schema plus the server's combination rules); `{}` when the form may be sent. */
export function validateForm(f: LinkForm, needsCustomer: boolean): FormErrors {
  const errors: FormErrors = {};
  const checked = checkForm(linkCreateInput, toPayload(f, needsCustomer));
  if (!checked.ok) for (const key of FORM_FIELDS) if (checked.errors[key]) errors[key] = checked.errors[key];
  if (needsCustomer && !f.customerid) errors.customerid = '请选择客户';
  if (!errors.item && !ITEM_RE.test(f.item.trim())) errors.item = '商品 ID 应为 4–20 位数字，或粘贴以 http(s):// 开头的商品链接';
  if (f.jumptype === 'taojimu' && !f.taojimulink.trim()) errors.taojimulink ??= '请输入淘积木链接';
  if (f.jumptype === 'smart' && !f.smartlink.trim()) errors.smartlink ??= '请输入智能链接';
  if (fieldsFor(f.platform).miniapp && !f.pagepath.trim()) errors.pagepath ??= '请输入小程序页面路径';
  return errors;
}

/** The body of napi/link/create (and, with pageid, napi/link/update): only the fields this platform uses. */
export function toPayload(f: LinkForm, needsCustomer: boolean, pageid?: string): LinkPayload {
  const fields = fieldsFor(f.platform);
  const body: LinkPayload = {
    platform: f.platform,
    state: f.state,
    title: f.title.trim(),
    item: f.item.trim(),
    isdirect: f.isdirect,
    jumptype: f.jumptype,
    taojimulink: f.jumptype === 'taojimu' ? f.taojimulink.trim() : '',
    smartlink: f.jumptype === 'smart' ? f.smartlink.trim() : '',
    couponlink: fields.coupon ? f.couponlink.trim() : '',
    relate_advertiser_ids: f.relate_advertiser_ids
      .split(/[\s,，]+/)
      .filter(Boolean)
      .join(','),
    appid: fields.miniapp ? f.appid.trim() : '',
    pagepath: fields.miniapp ? f.pagepath.trim() : '',
  };
  if (needsCustomer && f.customerid) body.customerid = f.customerid;
  if (pageid) body.pageid = pageid;
  return body;
}

/** A server refusal names its field in `data.field`; put it under that input when the form has one. */
export function serverFieldError(data: unknown, msg: string): FormErrors | null {
  const field = typeof data === 'object' && data !== null && 'field' in data ? String(data.field) : '';
  const key = FORM_FIELDS.find((k) => k === (field === 'itemid' ? 'item' : field));
  return key ? { [key]: msg } : null;
}
