import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { email, password } from './user.ts';
import { z } from './zod.ts';

/**
 * The platform admins' area (spec §2 `/sxA`, `/newsxA/client/list`, `/sxA/costinfo`, `/sxA/manager`): request and
 * answer schemas shared by the admin API and the console's forms (spec §3 customer fields).
 */

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`);

export const idInput = (label: string) => intInput(`请指定${label}`).refine((n) => n > 0, `请指定${label}`);

/** 'YYYY-MM-DD' (a China day), or '' for none. */
export const dateInput = z
  .string({ error: '日期格式应为 YYYY-MM-DD' })
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => s === '' || !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)), '日期不存在');

export const phoneInput = text(20, '手机号').regex(/^\d*$/, '手机号只能是数字');
export const companyInput = text(100, '公司名称');
export const usertypeInput = z.enum(['common', 'agent'], { error: '客户类型只能是 common（广告主）或 agent（代理商）' });
/** Spec §3: 1 default, 2 precise, otherwise both (we store 3 for both). */
export const promoteTypeInput = intInput('推广类型只能是 1、2 或 3').refine((n) => n >= 1 && n <= 3, '推广类型只能是 1、2 或 3');
export const statusInput = intInput('状态只能是 1（启用）或 0（禁用）').refine(
  (n) => n === 0 || n === 1,
  '状态只能是 1（启用）或 0（禁用）',
);

export const USERTYPE_LABEL = { common: '广告主', agent: '代理商' } as const;
export const PROMOTE_TYPE_LABEL: Record<number, string> = { 1: '默认', 2: '精准', 3: '默认 + 精准' };

// Customers and agents

export const clientIndexInput = z.object({
  page: pageInput,
  pagesize: pagesizeInput,
  /** e-mail, company, contact name or phone */
  exact: text(100, '搜索内容').optional(),
  usertype: usertypeInput.optional(),
  status: statusInput.optional(),
  /** sub-customers of this agent */
  agent_id: intInput('代理商编号必须是整数').optional(),
  /** 1: expired or expiring within 30 days */
  expiring: intInput('expiring 只能是 0 或 1').optional(),
});
export type ClientIndexInput = z.output<typeof clientIndexInput>;

export const clientView = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  company: z.string(),
  phone: z.string(),
  usertype: usertypeInput,
  /** The agent of a sub-customer, else null. */
  agent_id: z.number().int().nullable(),
  agent: z.string(),
  /** Sub-customers of an agent. */
  sub_count: z.number().int(),
  promote_type: z.number().int(),
  /** 'YYYY-MM-DD' (China day) or '' = no expiry. */
  expire_time: z.string(),
  expired: z.boolean(),
  status: z.number().int(),
  created_at: z.number().int(),
});
export type ClientView = z.output<typeof clientView>;

const clientFields = {
  company: companyInput.min(1, '请输入公司名称'),
  username: text(50, '联系人'),
  phone: phoneInput,
  email,
  usertype: usertypeInput,
  promote_type: promoteTypeInput,
  expire_time: dateInput,
  status: statusInput,
};

export const clientCreateInput = z.object({
  ...clientFields,
  password: password('请输入密码'),
  username: clientFields.username.optional(),
  phone: phoneInput.default(''),
  usertype: usertypeInput.default('common'),
  promote_type: promoteTypeInput.default(1),
  expire_time: dateInput.default(''),
  status: statusInput.default(1),
  /** Make it a sub-customer of this agent. */
  agent_id: intInput('代理商编号必须是整数').optional(),
});
export type ClientCreateInput = z.output<typeof clientCreateInput>;

/**
 * Why an expiry date would make a customer expired the moment it is saved ('YYYY-MM-DD' before `today`, both China
 * days), naming both dates; null for no expiry ('') or today and later. New customers are refused with it; an edit
 * is warned (an admin may end an account on purpose).
 */
export function pastExpiry(expire: string, today: string): string | null {
  if (!expire || expire >= today) return null;
  return `到期日期 ${expire} 早于今天（${today}），保存后该客户将立即过期；请选择今天或之后的日期，或留空表示长期有效`;
}

export const clientUpdateInput = z.object({ id: idInput('客户'), ...z.object(clientFields).partial().shape });
export type ClientUpdateInput = z.output<typeof clientUpdateInput>;

export const clientExtendInput = z.object({
  id: idInput('客户'),
  days: intInput('延长天数必须是整数').refine((n) => n >= 1 && n <= 3660, '延长天数只能是 1–3660'),
});

export const clientAssignInput = z.object({
  id: idInput('客户'),
  /** 0 detaches the customer from its agent. */
  agent_id: intInput('代理商编号必须是整数').refine((n) => n >= 0, '代理商编号必须是非负整数'),
});

export const clientIdInput = z.object({ id: idInput('客户') });

// Administrators

/** Roles a super admin manages (spec §6): admin, UDSmart admin, UDSmart sub-account. */
export const MANAGED_ROLES = [2, 5, 6] as const;
export const managedRoleInput = intInput('角色只能是 2、5 或 6').refine(
  (n): n is 2 | 5 | 6 => (MANAGED_ROLES as readonly number[]).includes(n),
  '角色只能是 2（管理员）、5（UDSmart 管理员）或 6（UDSmart 子账号）',
);

export const managerIndexInput = z.object({
  page: pageInput,
  pagesize: pagesizeInput,
  exact: text(100, '搜索内容').optional(),
  role: intInput('角色必须是整数').optional(),
});

export const managerView = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  role: z.number().int(),
  /** A UDSmart sub-account's UDSmart admin. */
  parent_id: z.number().int().nullable(),
  parent: z.string(),
  status: z.number().int(),
  created_at: z.number().int(),
  /** Whether the caller may change this account (role 1, not itself, not another role 1). */
  editable: z.boolean(),
});
export type ManagerView = z.output<typeof managerView>;

export const managerCreateInput = z.object({
  email,
  password: password('请输入密码'),
  username: text(50, '姓名').optional(),
  phone: phoneInput.default(''),
  role: managedRoleInput,
  /** Role 6: its UDSmart admin (role 5). */
  parent_id: intInput('上级账号编号必须是整数').optional(),
});
export type ManagerCreateInput = z.output<typeof managerCreateInput>;

export const managerUpdateInput = z.object({
  id: idInput('管理员'),
  username: text(50, '姓名').optional(),
  phone: phoneInput.optional(),
  role: managedRoleInput.optional(),
  parent_id: intInput('上级账号编号必须是整数').optional(),
});
export type ManagerUpdateInput = z.output<typeof managerUpdateInput>;

export const managerStatusInput = z.object({ id: idInput('管理员'), status: statusInput });
export const managerPasswordInput = z.object({ id: idInput('管理员'), password: password('请输入新密码') });

// Audit

export const auditIndexInput = z.object({
  page: pageInput,
  pagesize: pagesizeInput,
  /** actor or target e-mail */
  exact: text(100, '搜索内容').optional(),
  event: text(40, '操作').optional(),
  start: dateInput.optional(),
  end: dateInput.optional(),
});

export const auditView = z.object({
  id: z.number().int(),
  at: z.number().int(),
  event: z.string(),
  /** Chinese label of the event. */
  action: z.string(),
  actor: z.string(),
  target: z.string(),
  ip: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AuditView = z.output<typeof auditView>;
