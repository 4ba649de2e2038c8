import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** The hourly report e-mail (时报): what the account screen shows about it. */
export const lastReport = z.object({
  /** 1 on, 2 off (the setting of `/api/user/setemail`). */
  email_status: z.number().int(),
  /** The last report queued for this account, null when none yet. */
  last: z
    .object({
      /** Start of the reported hour (epoch seconds). */
      hour: z.number().int(),
      to: z.string(),
      queued_at: z.number().int(),
      /** queued · sent · failed · stored (no SMTP: kept in the outbox). */
      status: z.string(),
      sent_at: z.number().int().nullable(),
      error: z.string(),
    })
    .nullable(),
});
export type LastReport = z.output<typeof lastReport>;

export const reportLast = contract({
  path: '/capi/api/report/last',
  method: 'POST',
  access: 'signedIn',
  tag: '时报',
  summary: '时报邮件：当前设置与最近一次发送（时段、收件地址、投递状态）',
  input: z.object({}),
  output: lastReport,
});

export const reportContracts = [reportLast];
