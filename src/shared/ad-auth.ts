import { intInput, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/**
 * Ad-account authorisation (spec §1 account types, §2 `/new/mandate`, `/mandate`, `/auloading`, §7 Accounts and
 * Authorisation): the account types one can authorise, the four states a person sees, and the shapes of the
 * authorisation endpoints. `platform` is always the account type (the spec's channel code).
 */

/** Account types of the new version (spec §1), in the order of its tabs. */
export const ACCOUNT_TYPES = [2, 4, 5, 8, 10] as const;
/** The old version also authorises 微博 (channel 3) through `/api/weibo/*`. */
export const AUTH_PLATFORMS = [2, 3, 4, 5, 8, 10] as const;
export type AuthPlatform = (typeof AUTH_PLATFORMS)[number];
export const isAuthPlatform = (n: number): n is AuthPlatform => (AUTH_PLATFORMS as readonly number[]).includes(n);
/** UC authorises with a username, password and API token (no OAuth). */
export const CREDENTIALS_PLATFORM = 8;
/** Account types whose accounts may run 淘宝新链接 (mini-app) promotion (old version /minipromote: 巨量, 微博, 腾讯). */
export const MINIAPP_PLATFORMS = [2, 3, 4] as const;

/** What a person sees of an authorisation. */
export type AuthStatus = 'valid' | 'expiring' | 'reauth' | 'cancelled';
export const AUTH_STATUS: Record<AuthStatus, { code: number; label: string }> = {
  valid: { code: 1, label: '有效' },
  expiring: { code: 2, label: '即将过期' },
  reauth: { code: 3, label: '需要重新授权' },
  cancelled: { code: 4, label: '已取消' },
};
export const authStatusOfCode = (code: number): AuthStatus | undefined =>
  (Object.keys(AUTH_STATUS) as AuthStatus[]).find((s) => AUTH_STATUS[s].code === code);
/** An authorisation whose refresh token ends within this many seconds shows 即将过期. */
export const EXPIRING_SECONDS = 3 * 86400;

const authPlatform = intInput('请选择账户类型').refine(isAuthPlatform, `账户类型只能是 ${AUTH_PLATFORMS.join('/')}`);
const statusFilter = intInput('授权状态必须是整数').refine(
  (n) => n >= 0 && n <= 4,
  '授权状态只能是 0（全部）、1 有效、2 即将过期、3 需要重新授权、4 已取消',
);
const id = (label: string) => intInput(`${label}必须是整数`).refine((n) => n >= 1, `请指定${label}`);
const customerid = intInput('客户编号必须是整数').optional();
/** `agentALL`: an agent's whole tree (itself and every sub-customer); an admin's: every customer. */
const method = z.enum(['', 'agentALL'], { error: "method 只能是空或 'agentALL'" }).optional();

export const authIndexInput = z.object({
  platform: authPlatform.optional(),
  state: statusFilter.optional(),
  pagesize: pagesizeInput,
  page: pageInput,
  method,
  customerid,
});
export const authBlistInput = z.object({ platform: authPlatform.optional(), state: statusFilter.optional(), method, customerid });
export type AuthListFilter = z.output<typeof authBlistInput>;

const secret = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`);
/** UC's credentials form. */
export const ucCredentials = z.object({ username: secret('用户名', 64), password: secret('密码', 64), token: secret('token', 128) });

/** 授权: an OAuth account type gets the consent URL; UC sends its credentials, verified before they are stored. */
export const authCreateInput = z.union([
  z.object({ platform: authPlatform.refine((p) => p !== CREDENTIALS_PLATFORM, 'UCID 账户请填写用户名、密码和 token'), customerid }),
  z.object({ platform: z.literal(CREDENTIALS_PLATFORM, { error: '账户类型只能是 8（UCID）' }), customerid, ...ucCredentials.shape }),
]);
/** 重新授权 one authorisation: a new consent (OAuth), or new credentials (UC). */
export const authUpdateInput = z.object({ id: id('授权'), ...ucCredentials.partial().shape });
export const authIdInput = z.object({ id: id('授权') });
export const accountIdInput = z.object({ id: id('广告账户') });

/** What `/auloading` posts: the platform's redirect, as it arrived. */
export const authCallbackInput = z.object({
  platform: authPlatform.optional(),
  state: z.string({ error: '缺少授权请求标识（state）' }).trim().min(1, '缺少授权请求标识（state）').max(128, 'state 格式不正确'),
  code: z.string().trim().max(512, '授权码格式不正确').optional(),
  error: z.string().trim().max(200).optional(),
  error_description: z.string().trim().max(500).optional(),
});

export const authRunsInput = z.object({ id: id('广告账户'), pagesize: pagesizeInput, page: pageInput });

/** One advertiser account as the lists show it. */
export const adAccountView = z.object({
  id: z.number().int(),
  auth_id: z.number().int(),
  platform: z.number().int(),
  advertiser_id: z.string(),
  advertiser_name: z.string(),
  customerid: z.number().int(),
  company: z.string(),
  /** The authorisation's state (有效 / 即将过期 / 需要重新授权 / 已取消). */
  status: z.enum(['valid', 'expiring', 'reauth', 'cancelled']),
  status_label: z.string(),
  /** 1 while the grant covers the account and sync runs. */
  active: z.number().int(),
  /** Last sync (entities or report) of this account, epoch seconds; 0 never. */
  last_sync_at: z.number().int(),
  /** '' when the last sync succeeded, else its Chinese error. */
  last_sync_error: z.string(),
  /** Report facts are complete up to this hour (epoch seconds); 0 before the first report sync. */
  report_synced_to: z.number().int(),
  /** Plans synced, and how many deliver now. */
  plans: z.number().int(),
  delivering: z.number().int(),
  /** Today's cost (China day), yuan. */
  cost_today: z.number(),
  /** 淘宝新链接 promotion switch (1 on, 2 off). */
  miniapp: z.number().int(),
});
export type AdAccountView = z.output<typeof adAccountView>;

/** One authorisation (a consent, or UC credentials) with the accounts it grants. */
export const authView = z.object({
  id: z.number().int(),
  platform: z.number().int(),
  customerid: z.number().int(),
  company: z.string(),
  /** The platform's user / authorizer id (UC: the username). */
  platform_user_id: z.string(),
  status: z.enum(['valid', 'expiring', 'reauth', 'cancelled']),
  status_label: z.string(),
  /** When the grant ends unless renewed (refresh token expiry), epoch seconds; 0 = does not expire. */
  expires_at: z.number().int(),
  /** Why it needs the user (需要重新授权), '' otherwise. */
  last_error: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  last_sync_at: z.number().int(),
  last_sync_error: z.string(),
  accounts: z.array(adAccountView),
});
export type AuthView = z.output<typeof authView>;

/** 授权 / 重新授权: where to send the browser (OAuth), or the stored authorisation (UC). */
export const authStart = z.object({
  /** The platform's consent page ('' for UC). */
  url: z.string(),
  state: z.string(),
  /** The state's end, epoch seconds (0 for UC). */
  expires_at: z.number().int(),
  auth: authView.nullable(),
});
export type AuthStart = z.output<typeof authStart>;

export const authFinished = z.object({ auth: authView, added: z.number().int(), platform: z.number().int() });

/** One recorded sync run of an account. */
export const syncRun = z.object({
  job: z.string(),
  job_label: z.string(),
  started_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  rows: z.number().int(),
  error: z.string(),
});
export type SyncRun = z.output<typeof syncRun>;

/** The agent-wide summary (Auth agentALL): per customer, authorisations by state. */
export const agentAllRow = z.object({
  customerid: z.number().int(),
  company: z.string(),
  /** The customer's login account: tells apart two customers of one company name. */
  email: z.string(),
  valid: z.number().int(),
  expiring: z.number().int(),
  reauth: z.number().int(),
  cancelled: z.number().int(),
  accounts: z.number().int(),
});
export const agentAllInput = z.object({ platform: authPlatform.optional() });

/** Old version (spec §7 Accounts). */
export const accountIndexInput = z.object({ source: authPlatform.optional(), pagesize: pagesizeInput, page: pageInput });
export const tbauthInput = z.object({ platform: authPlatform, customerid });
export const tblistInput = z.object({ platform: authPlatform });
export const wbauthInput = z.object({ customerid });
export const miniappOpenInput = z.object({
  id: id('广告账户'),
  status: intInput('status 必须是整数').refine((n) => n === 1 || n === 2, 'status 只能是 1（开启）或 2（关闭）'),
});
export const miniappIndexInput = z.object({ pagesize: pagesizeInput, page: pageInput });

/** Job names of the sync, labelled for the runs list. */
export const SYNC_JOB_LABELS: Record<string, string> = {
  'ads-entity-sync': '计划与状态同步',
  'ads-report-sync': '报表同步',
  'ads-token-refresh': '授权刷新',
};
