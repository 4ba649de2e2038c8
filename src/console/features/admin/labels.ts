import { PROMOTE_TYPE_LABEL, USERTYPE_LABEL } from '../../../shared/admin.ts';
import { channelLabel } from '../../../shared/catalog.ts';
import { ORDER_STATUS, type OrderStatusName, UNION_LABEL, type UnionName } from '../../../shared/orders.ts';
import { type Role, roleLabel } from '../../../shared/roles.ts';

/** The admin area's words: one label per code (spec §3 fields, account types, order states, roles). */
export const accountTypeLabel = (t: number): string => channelLabel(t, String(t));
export const usertypeLabel = (u: string): string => USERTYPE_LABEL[u as keyof typeof USERTYPE_LABEL] ?? u;
export const promoteTypeLabel = (n: number): string => PROMOTE_TYPE_LABEL[n] ?? '默认 + 精准';
export const orderStatusLabel = (s: string): string => ORDER_STATUS[s as OrderStatusName] ?? s;
export const unionLabel = (u: string): string => UNION_LABEL[u as UnionName] ?? u;
export const roleName = (r: number): string => roleLabel[r as Role] ?? String(r);
export const statusLabel = (s: number): string => (s === 1 ? '启用' : '禁用');

/** Field names of before/after in the audit log. */
export const FIELD_LABEL: Record<string, string> = {
  company: '公司',
  username: '联系人',
  phone: '手机号',
  email: '邮箱',
  usertype: '类型',
  promote_type: '推广类型',
  expire_time: '到期时间',
  status: '状态',
  parent_id: '上级账号',
  super: 'super',
  udsmart: 'udsmart',
  is_sub: 'is_sub',
  role: '角色',
  name: '名称',
  logo_text: 'Logo 文字',
  account_ids: '广告账户',
  brand_ids: '品牌',
  id: '编号',
};
