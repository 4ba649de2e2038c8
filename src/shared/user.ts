import { z } from './zod.ts';

/** Spec §5 / §9: passwords are trimmed and 6–20 characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const passwordLengthMsg = '长度在 6 到 20 个字符';

export const password = (requiredMsg: string) =>
  z.string({ error: requiredMsg }).trim().min(1, requiredMsg).min(PASSWORD_MIN, passwordLengthMsg).max(PASSWORD_MAX, passwordLengthMsg);

export const email = z
  .string({ error: '请输入邮箱' })
  .trim()
  .min(1, '请输入邮箱')
  .max(254, '邮箱过长')
  .pipe(z.email('邮箱格式不正确'))
  .transform((s) => s.toLowerCase());

export const loginInput = z.object({
  email,
  password: z.string({ error: '请输入密码' }).trim().min(1, '请输入密码').max(200, passwordLengthMsg),
});

export const sendCodeInput = z.object({ email });

export const findPasswordInput = z
  .object({
    email,
    code: z
      .string({ error: '请输入验证码' })
      .trim()
      .regex(/^\d{6}$/, '验证码为 6 位数字'),
    password: password('请输入新密码'),
    confirmpass: password('请再次重复新密码'),
  })
  .refine((v) => v.password === v.confirmpass, { message: '两次密码输入不一致', path: ['confirmpass'] });

export const modifyPasswordInput = z
  .object({
    oldpass: password('请输入密码'),
    password: password('请输入新密码'),
    confirmpass: password('请再次重复新密码'),
  })
  .refine((v) => v.password === v.confirmpass, { message: '两次密码输入不一致', path: ['confirmpass'] });

/** Hourly-report e-mail setting: 1 on, 2 off (the console's timeRadio uses the same values). */
export const emailStatusInput = z.object({
  email_status: z.coerce
    .number({ error: '请选择时报状态' })
    .int()
    .refine((n) => n === 1 || n === 2, '时报状态只能是 1（开启）或 2（关闭）'),
});

/** Admin switch of an account's status: 1 enabled, 0 disabled. */
export const openInput = z.object({
  id: z.coerce.number({ error: '请指定账号' }).int().positive('请指定账号'),
  status: z.coerce
    .number({ error: '请指定状态' })
    .int()
    .refine((n) => n === 0 || n === 1, '状态只能是 1（启用）或 0（禁用）'),
});

/** The login response `data` of spec §3, exactly these fields. */
export const loginData = z.object({
  jwt: z.string(),
  username: z.string(),
  company: z.string(),
  id: z.number().int(),
  super: z.number().int(),
  udsmart: z.number().int(),
  is_sub: z.number().int(),
  role: z.enum(['common', 'agent']),
  phone: z.string(),
  email: z.string(),
  expire_time: z.string(),
  status: z.number().int(),
  promote_type: z.number().int(),
});
export type LoginData = z.output<typeof loginData>;

export const userInfo = loginData.omit({ jwt: true }).extend({
  userrole: z.number().int(),
  version: z.enum(['ver1', 'ver2']),
  email_status: z.number().int(),
});
export type UserInfo = z.output<typeof userInfo>;

export const versionInput = z.object({ version: z.enum(['ver1', 'ver2'], { error: '版本只能是 ver1 或 ver2' }) });
