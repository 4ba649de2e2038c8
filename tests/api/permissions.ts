/**
 * The permission matrix: the one reviewed table of who may call what (issue: admin/UDSmart areas; spec §6).
 * One row per endpoint contract, one cell per caller. `tests/api/permission-matrix.test.ts` calls every
 * endpoint as each caller with a valid payload and checks the cell; `docs/permissions.md` is printed from
 * this file (the test fails when the two differ). A contract without a row fails the test.
 *
 * Callers: anonymous; one account of each role 1–6, where the role-3 caller `sub` is a sub-customer of the
 * role-4 caller `agent` and owns the objects the payloads name; `other` is a role-3 customer of another tenant.
 *
 * Cells: `ok` (code 1), `empty` (code 1 with an empty list: the caller has nothing there), or the code the
 * call is refused with (1009 not signed in, 4003 not allowed, 4004 not found for this caller — another
 * tenant's id reads like a missing one —, 4011 wrong reset code, 5010 not open yet).
 */
export const CALLERS = ['anon', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'other'] as const;
export type Caller = (typeof CALLERS)[number];
export type Cell = 'ok' | 'empty' | number;

/** The ids a payload may name: the objects belong to `sub` (role 3) unless said otherwise. */
export interface World {
  pageid: string;
  /** A fresh link of `sub` for every call that destroys one. */
  freshPageid(): Promise<string>;
  subId: number;
  /** The item of `sub`'s link, with an ad fact, an order fact and an order in \`range\` (boards and item analysis). */
  itemId: string;
  customerIds: { sub: number; other: number; expiring: number };
  /** A different e-mail each time (code sending is limited per address). */
  nextEmail(): string;
  /** An order of `sub`'s link, brought by a 巨量 ad click on plan `planId` (synced from the union sandbox). */
  orderId: string;
  planId: string;
  /** A new customer for every call that e-mails it (one reset mail per address a minute). */
  freshCustomer(): Promise<number>;
  /** A role-2 administrator the super admin may change. */
  staffId: number;
  /** The UDSmart sub-account of the role-5 caller, and a brand of that caller assigned to it. */
  udsubId: number;
  brandId: number;
  freshBrand(): Promise<number>;
  /** An ad account (巨量) of `sub`, bound to `brandId`; the world's page has an order through it. */
  accountId: number;
  /** A different brand name each time. */
  nextName(): string;
  /** An export template of `sub` (links), and a fresh one for calls that destroy one. */
  templateId: number;
  freshTemplateId(): Promise<number>;
  /** A finished export of `sub` (links, CSV). */
  exportId: number;
  /**
   * Ads of `sub`: a 巨量 account with a campaign, a plan driving `pageid` (with a creative), a plan driving the
   * mini-app link `miniPageid` and one driving none; a 微博 account with one plan.
   */
  ad: {
    advertiserId: string;
    campaignId: string;
    planId: string;
    creativeId: string;
    freePlanId: string;
    weiboId: string;
    weiboPlanId: string;
    miniPageid: string;
  };
  /** A 快手 authorisation of `sub` made through the sandbox's consent page (synced once), and its account. */
  authId: number;
  adAccountId: number;
  /** A fresh authorisation of `sub` for every call that cancels one. */
  freshAuthId(): Promise<number>;
  /** An automatic rule of `sub` (巨量, its plan `ad.planId`), and a fresh one for calls that destroy one. */
  ruleId: number;
  freshRuleId(): Promise<number>;
  /** The consent page's redirect for a new authorisation of the caller's own (`other` gets one `sub` started; a dummy for callers that may not authorise). */
  callback(caller: Caller): Promise<Record<string, unknown>>;
}

interface Row {
  /** `METHOD path` of the contract. */
  endpoint: string;
  /** A valid payload for the caller. */
  sample: (w: World, caller: Caller) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Eight cells in CALLERS order, separated by spaces. */
  cells: string;
}

const range = { start: '2026-01-01', end: '2026-01-07' };
const ADMIN = '1009 ok ok 4003 4003 4003 4003 4003';
const SUPER = '1009 ok 4003 4003 4003 4003 4003 4003';
const UD = '1009 4003 4003 4003 4003 ok ok 4003';
const UD_ADMIN = '1009 4003 4003 4003 4003 ok 4003 4003';
const item = { platform: 2, state: 2, item: '600000000001', isdirect: 1 };

export const MATRIX: Row[] = [
  // Accounts (spec §7 User)
  { endpoint: 'POST /capi/api/user/login', sample: () => ({ email: 'sub@x.cn', password: 'secret123' }), cells: 'ok ok ok ok ok ok ok ok' },
  { endpoint: 'POST /capi/api/user/send', sample: (w) => ({ email: w.nextEmail() }), cells: 'ok ok ok ok ok ok ok ok' },
  {
    endpoint: 'POST /capi/api/user/find',
    sample: () => ({ email: 'sub@x.cn', code: '000000', password: 'secret123', confirmpass: 'secret123' }),
    cells: '4011 4011 4011 4011 4011 4011 4011 4011',
  },
  { endpoint: 'POST /capi/api/user/info', sample: () => ({}), cells: '1009 ok ok ok ok ok ok ok' },
  {
    endpoint: 'POST /capi/api/user/modify',
    sample: () => ({ oldpass: 'secret123', password: 'secret123', confirmpass: 'secret123' }),
    cells: '1009 ok ok ok ok ok ok ok',
  },
  { endpoint: 'POST /capi/api/user/logout', sample: () => ({}), cells: '1009 ok ok ok ok ok ok ok' },
  { endpoint: 'POST /capi/api/user/getemail', sample: () => ({}), cells: '1009 ok ok ok ok ok ok ok' },
  { endpoint: 'POST /capi/api/user/setemail', sample: () => ({ email_status: 2 }), cells: '1009 ok ok ok ok ok ok ok' },
  { endpoint: 'POST /capi/api/user/version', sample: () => ({ version: 'ver2' }), cells: '1009 4003 4003 ok 4003 4003 4003 ok' },
  {
    endpoint: 'POST /capi/api/user/open',
    sample: (w) => ({ id: w.customerIds.other, status: 1 }),
    cells: '1009 ok ok 4003 4003 4003 4003 4003',
  },

  // Promotion links (spec §7 Links, napi)
  { endpoint: 'POST /capi/napi/link/index', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/napi/link/create', sample: (w) => ({ ...item, customerid: w.subId }), cells: '1009 ok ok ok ok 4003 4003 4003' },
  {
    endpoint: 'POST /capi/napi/link/update',
    sample: (w) => ({ pageid: w.pageid, title: '改名' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/link/delete',
    sample: async (w) => ({ pageid: await w.freshPageid() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/napi/link/detail', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/link/log', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/link/customers', sample: () => ({}), cells: '1009 ok ok empty ok empty empty empty' },
  { endpoint: 'POST /capi/napi/link/stats', sample: (w) => ({ pageid: w.pageid, ...range }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/napi/link/metrics',
    sample: (w) => ({ pageids: [w.pageid], ...range }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },

  // The old console's link calls (spec §7 Links, /api/land)
  { endpoint: 'POST /capi/api/land/index', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/api/land/v2/index', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/api/land/adlist', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 ok' },
  { endpoint: 'POST /capi/api/land/create', sample: (w) => ({ ...item, customerid: w.subId }), cells: '1009 ok ok ok ok 4003 4003 4003' },
  {
    endpoint: 'POST /capi/api/land/update',
    sample: (w) => ({ pageid: w.pageid, title: '改名' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/api/land/delete',
    sample: async (w) => ({ pageid: await w.freshPageid() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/api/land/detail', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/api/land/v2/create',
    sample: (w) => ({ ...item, customerid: w.subId }),
    cells: '1009 ok ok ok ok 4003 4003 4003',
  },
  {
    endpoint: 'POST /capi/api/land/v2/update',
    sample: (w) => ({ pageid: w.pageid, title: '改名' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/api/land/v2/delete',
    sample: async (w) => ({ pageid: await w.freshPageid() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/api/land/v2/detail', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },

  // Orders (spec §7 Orders, /napi/link/order, /napi/promote/order, /api/land/report)
  { endpoint: 'POST /capi/api/order/index', sample: (w) => ({ pubid: w.pageid }), cells: '1009 ok ok ok ok ok ok empty' },
  { endpoint: 'POST /capi/api/miniput/order', sample: () => ({}), cells: '1009 empty empty empty empty empty empty empty' },
  { endpoint: 'POST /capi/api/advertiser/order', sample: () => ({ platform: 2 }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/api/weibo/order', sample: () => ({}), cells: '1009 empty empty empty empty 4003 4003 empty' },
  { endpoint: 'POST /capi/api/miniad/order', sample: () => ({}), cells: '1009 empty empty empty empty 4003 4003 empty' },
  { endpoint: 'POST /capi/napi/link/order', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/napi/promote/order',
    sample: (w) => ({ platform: 2, plan_id: w.planId }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  { endpoint: 'POST /capi/api/land/report', sample: (w) => ({ orderid: w.orderId }), cells: '1009 ok ok ok ok 4004 4004 4004' },
  { endpoint: 'POST /capi/napi/link/postback', sample: (w) => ({ pageid: w.pageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/napi/order/postback/settle',
    sample: (w) => ({ orderid: w.orderId, action: 'received' }),
    cells: '1009 4000 4000 4000 4000 4004 4004 4004',
  },
  { endpoint: 'POST /capi/napi/order/pdd-authority', sample: () => ({}), cells: '1009 empty empty empty empty 4003 4003 empty' },

  // Item conversion and landing HTML (spec §7 /tfc/)
  { endpoint: 'GET /tfc/newputoth/geturl', sample: () => ({ item: '600000000001' }), cells: '1009 ok ok ok ok 4003 4003 ok' },
  { endpoint: 'GET /tfc/newputpdd/geturl', sample: () => ({ item: '600000000001' }), cells: '1009 ok ok ok ok 4003 4003 ok' },
  {
    endpoint: 'GET /tfc/newputoth/item_conver',
    sample: () => ({ url: 'https://item.jd.com/100012043978.html' }),
    cells: '1009 ok ok ok ok 4003 4003 ok',
  },
  { endpoint: 'POST /tfc/jdpromotion', sample: () => ({ item: '100012043978' }), cells: '1009 ok ok ok ok 4003 4003 ok' },
  {
    endpoint: 'GET /tfc/jdgetshopid',
    sample: () => ({ url: 'https://item.jd.com/100012043978.html' }),
    cells: '1009 ok ok ok ok 4003 4003 ok',
  },
  { endpoint: 'POST /tfc/htmltoss', sample: (w) => ({ pageid: w.pageid, html: '<p>hi</p>' }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /tfc/newputoth/htmloss',
    sample: (w) => ({ pageid: w.pageid, html: '<p>hi</p>' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },

  // Dashboards, data board, item analysis (spec §7 Dashboard, Board, itemanalyse)
  {
    endpoint: 'POST /capi/api/index/board',
    sample: (w) => ({ type: 0, ...range, customerid: w.subId }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/api/index/detail', sample: () => ({ type: 0, ...range, ad: 'link' }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/napi/board/card',
    sample: (w) => ({ accounttype: 'multi', ...range, customerid: w.subId }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/board/list',
    sample: () => ({ accounttype: 'multi', method: 'advertiser', ...range }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  { endpoint: 'POST /capi/napi/itemanalyse/index', sample: () => range, cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/napi/itemanalyse/detail',
    sample: (w) => ({ item_id: w.itemId, ...range }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/itemanalyse/order',
    sample: (w) => ({ item_id: w.itemId, ...range }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },

  // Export templates and exports (spec §7 napi/exporttemplate; the file download is a signed link, not a contract)
  { endpoint: 'POST /capi/napi/exporttemplate/index', sample: () => ({}), cells: '1009 empty empty ok empty empty empty empty' },
  {
    endpoint: 'POST /capi/napi/exporttemplate/create',
    sample: () => ({ name: '权限矩阵', kind: 'links', columns: ['pageid', 'title'] }),
    cells: '1009 ok ok ok ok 4003 4003 ok',
  },
  {
    endpoint: 'POST /capi/napi/exporttemplate/update',
    sample: (w) => ({ id: w.templateId, name: '改名' }),
    cells: '1009 4004 4004 ok 4004 4004 4004 4004',
  },
  {
    endpoint: 'POST /capi/napi/exporttemplate/delete',
    sample: async (w) => ({ id: await w.freshTemplateId() }),
    cells: '1009 4004 4004 ok 4004 4004 4004 4004',
  },
  { endpoint: 'POST /capi/napi/exporttemplate/full', sample: () => ({}), cells: '1009 ok ok ok ok ok ok ok' },
  { endpoint: 'POST /capi/napi/export/index', sample: () => ({}), cells: '1009 empty empty ok empty empty empty empty' },
  { endpoint: 'POST /capi/napi/export/create', sample: () => ({ kind: 'links', format: 'csv' }), cells: '1009 ok ok ok ok 4003 4003 ok' },
  { endpoint: 'POST /capi/napi/export/status', sample: (w) => ({ id: w.exportId }), cells: '1009 ok ok ok 4004 4004 4004 4004' },
  { endpoint: 'POST /capi/napi/export/link', sample: (w) => ({ id: w.exportId }), cells: '1009 ok ok ok 4004 4004 4004 4004' },
  { endpoint: 'GET /capi/api/oss/certificate', sample: () => ({ purpose: 'image' }), cells: '1009 ok ok ok ok ok ok ok' },

  // Hourly report e-mail (时报)
  { endpoint: 'POST /capi/api/report/last', sample: () => ({}), cells: '1009 ok ok ok ok ok ok ok' },

  // Promotion and ad plans (spec §7 Promotion napi, /napi/task/update)
  { endpoint: 'POST /capi/napi/promote/index', sample: () => ({ acpl: 2, type: 'plan' }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/napi/promote/sumdata', sample: () => ({ acpl: 2, type: 'plan' }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/napi/promote/edit',
    sample: (w) => ({ acpl: 2, type: 'plan', id: w.ad.planId, field: 'bid', value: 1.5 }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/task/update',
    sample: (w) => ({ acpl: 2, type: 'plan', ids: [w.ad.planId], action: 'enable' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  // Automatic rules (docs/rules.md)
  { endpoint: 'POST /capi/napi/rules/index', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/napi/rules/detail', sample: (w) => ({ id: w.ruleId }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/rules/save', sample: (w) => ruleBody(w), cells: '1009 ok ok ok ok 4003 4003 4003' },
  { endpoint: 'POST /capi/napi/rules/toggle', sample: (w) => ({ id: w.ruleId, enabled: true }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/napi/rules/delete',
    sample: async (w) => ({ id: await w.freshRuleId() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/napi/rules/preview', sample: (w) => ({ id: w.ruleId }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/rules/history', sample: (w) => ({ id: w.ruleId }), cells: '1009 empty empty empty empty 4003 4003 empty' },
  { endpoint: 'POST /capi/napi/rules/templates', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 ok' },
  { endpoint: 'POST /capi/napi/rules/badges', sample: (w) => ({ acpl: 2, ids: [w.ad.planId] }), cells: '1009 ok ok ok ok 4003 4003 ok' },
  { endpoint: 'POST /capi/napi/promote/log', sample: () => ({ acpl: 2 }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/napi/promote/preview',
    sample: (w) => ({ acpl: 2, id: w.ad.creativeId }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/promote/detail',
    sample: (w) => ({ acpl: 2, type: 'plan', id: w.ad.planId }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/promote/trend',
    sample: (w) => ({ acpl: 2, type: 'plan', id: w.ad.planId }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },

  // The old version's plan and mini-app calls (spec §7 Plans, /api/miniput, /napi/miniapp)
  {
    endpoint: 'POST /capi/api/plan/index',
    sample: (w) => ({ advertiser_id: w.ad.advertiserId }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  {
    endpoint: 'POST /capi/api/plan/update',
    sample: (w) => ({ advertiser_id: w.ad.advertiserId, ids: [w.ad.planId], action: 'enable' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/api/wbplan/index', sample: (w) => ({ customer_id: w.ad.weiboId }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/api/wbplan/hupdate',
    // 微博 has no bid call (docs/api-promotion.md): its plans change status here.
    sample: (w) => ({ customer_id: w.ad.weiboId, ids: [w.ad.weiboPlanId], action: 'enable' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/api/miniplan/index',
    sample: (w) => ({ advertiser_id: w.ad.advertiserId, social: 2 }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  { endpoint: 'POST /capi/api/miniput/index', sample: () => ({ type: 2 }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/api/miniput/detail', sample: (w) => ({ pageid: w.ad.miniPageid }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/api/miniput/status',
    sample: (w) => ({ pageid: w.ad.miniPageid, action: 'enable' }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/miniapp/add',
    sample: (w) => ({ pageid: w.ad.miniPageid, social: 2, advertiser_id: w.ad.advertiserId, plan_ids: [w.ad.freePlanId] }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  {
    endpoint: 'POST /capi/napi/miniapp/delete',
    sample: (w) => ({ pageid: w.ad.miniPageid, social: 2, plan_ids: [w.ad.freePlanId] }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },

  // Ad-account authorisation (spec §7 Authorisation, napi)
  {
    endpoint: 'POST /capi/napi/auth/index',
    sample: (w) => ({ method: 'agentALL', customerid: w.subId }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  {
    endpoint: 'POST /capi/napi/auth/blist',
    sample: (w) => ({ method: 'agentALL', customerid: w.subId }),
    cells: '1009 ok ok ok ok 4003 4003 empty',
  },
  { endpoint: 'POST /capi/napi/auth/agentall', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 ok' },
  {
    endpoint: 'POST /capi/napi/auth/create',
    sample: (w) => ({ platform: 5, customerid: w.subId }),
    cells: '1009 4003 4003 ok ok 4003 4003 4003',
  },
  { endpoint: 'POST /capi/napi/auth/update', sample: (w) => ({ id: w.authId }), cells: '1009 4003 4003 ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/napi/auth/delete',
    sample: async (w) => ({ id: await w.freshAuthId() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'POST /capi/napi/auth/callback', sample: (w, caller) => w.callback(caller), cells: '1009 4003 4003 ok ok 4003 4003 4003' },
  { endpoint: 'POST /capi/napi/auth/detail', sample: (w) => ({ id: w.authId }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/auth/sync', sample: (w) => ({ id: w.authId }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/auth/runs', sample: (w) => ({ id: w.adAccountId }), cells: '1009 ok ok ok ok 4003 4003 4004' },
  { endpoint: 'POST /capi/napi/auth/account', sample: (w) => ({ id: w.adAccountId }), cells: '1009 ok ok ok ok 4003 4003 4004' },

  // The old version's account calls (spec §7 Accounts); `other` holds an account of its own (腾讯, needs renewing)
  { endpoint: 'POST /capi/api/account/index', sample: () => ({ source: 2 }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'GET /capi/api/account/tbauth',
    sample: (w) => ({ platform: 5, customerid: w.subId }),
    cells: '1009 4003 4003 ok ok 4003 4003 4003',
  },
  { endpoint: 'POST /capi/api/account/tblist', sample: () => ({ platform: 2 }), cells: '1009 ok ok ok ok 4003 4003 empty' },
  {
    endpoint: 'POST /capi/api/account/create',
    sample: (w) => ({ platform: 5, customerid: w.subId }),
    cells: '1009 4003 4003 ok ok 4003 4003 4003',
  },
  { endpoint: 'POST /capi/api/account/update', sample: (w) => ({ id: w.authId }), cells: '1009 4003 4003 ok ok 4003 4003 4004' },
  {
    endpoint: 'POST /capi/api/account/delete',
    sample: async (w) => ({ id: await w.freshAuthId() }),
    cells: '1009 ok ok ok ok 4003 4003 4004',
  },
  { endpoint: 'GET /capi/api/weibo/wbauth', sample: (w) => ({ customerid: w.subId }), cells: '1009 4003 4003 ok ok 4003 4003 4003' },
  { endpoint: 'POST /capi/api/weibo/wblist', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 empty' },
  { endpoint: 'POST /capi/api/miniapp/index', sample: () => ({}), cells: '1009 ok ok ok ok 4003 4003 ok' },
  {
    endpoint: 'POST /capi/api/miniapp/open',
    sample: (w) => ({ id: w.accountId, status: 1 }),
    cells: '1009 4003 4003 ok ok 4003 4003 4004',
  },

  // Admin tools
  {
    endpoint: 'POST /capi/napi/jumptest/run',
    sample: () => ({ url: 'http://127.0.0.1:9/' }),
    cells: '1009 ok ok 4003 4003 4003 4003 4003',
  },

  // Admin area (spec §2 admin routes): roles 1 and 2; administrators are changed by role 1 only
  { endpoint: 'POST /capi/napi/admin/home', sample: () => ({}), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/health', sample: () => ({ kind: 'reauth' }), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/client/index', sample: () => ({}), cells: ADMIN },
  {
    endpoint: 'POST /capi/napi/admin/client/create',
    sample: (w) => ({ email: w.nextEmail(), password: 'secret123', company: '新客户' }),
    cells: ADMIN,
  },
  { endpoint: 'POST /capi/napi/admin/client/update', sample: (w) => ({ id: w.customerIds.other, company: '改名' }), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/client/extend', sample: (w) => ({ id: w.customerIds.expiring, days: 30 }), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/client/assign', sample: (w) => ({ id: w.customerIds.other, agent_id: 0 }), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/client/reset', sample: async (w) => ({ id: await w.freshCustomer() }), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/cost/index', sample: () => range, cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/manager/index', sample: () => ({}), cells: ADMIN },
  {
    endpoint: 'POST /capi/napi/admin/manager/create',
    sample: (w) => ({ email: w.nextEmail(), password: 'secret123', role: 2 }),
    cells: SUPER,
  },
  { endpoint: 'POST /capi/napi/admin/manager/update', sample: (w) => ({ id: w.staffId, username: '值班' }), cells: SUPER },
  { endpoint: 'POST /capi/napi/admin/manager/status', sample: (w) => ({ id: w.staffId, status: 1 }), cells: SUPER },
  { endpoint: 'POST /capi/napi/admin/manager/passwd', sample: (w) => ({ id: w.staffId, password: 'secret456' }), cells: SUPER },
  { endpoint: 'POST /capi/napi/admin/audit/index', sample: () => ({}), cells: ADMIN },
  { endpoint: 'POST /capi/napi/admin/agentorder/index', sample: (w) => ({ pageid: w.pageid }), cells: ADMIN },

  // UDSmart (spec §2 UDSmart routes): the admin (5) changes, its sub-account (6) reads what it is assigned
  { endpoint: 'POST /capi/napi/udsmart/brand/index', sample: () => ({}), cells: UD },
  { endpoint: 'POST /capi/napi/udsmart/brand/create', sample: (w) => ({ name: w.nextName() }), cells: UD_ADMIN },
  { endpoint: 'POST /capi/napi/udsmart/brand/update', sample: (w) => ({ id: w.brandId, logo_text: '品' }), cells: UD_ADMIN },
  { endpoint: 'POST /capi/napi/udsmart/brand/delete', sample: async (w) => ({ id: await w.freshBrand() }), cells: UD_ADMIN },
  { endpoint: 'POST /capi/napi/udsmart/brand/bind', sample: (w) => ({ id: w.brandId, account_ids: [w.accountId] }), cells: UD_ADMIN },
  { endpoint: 'POST /capi/napi/udsmart/brand/candidates', sample: () => ({}), cells: UD_ADMIN },
  { endpoint: 'POST /capi/napi/udsmart/sub/index', sample: () => ({}), cells: UD_ADMIN },
  {
    endpoint: 'POST /capi/napi/udsmart/sub/assign',
    sample: (w) => ({ sub_id: w.udsubId, brand_ids: [w.brandId], account_ids: [] }),
    cells: UD_ADMIN,
  },
  { endpoint: 'POST /capi/napi/udsmart/preview', sample: () => range, cells: UD },
  { endpoint: 'POST /capi/napi/udsmart/account/index', sample: () => range, cells: UD },
  { endpoint: 'POST /capi/napi/udsmart/page/orders', sample: (w) => ({ pageid: w.pageid }), cells: UD },
];

export const parseCells = (cells: string): Cell[] => cells.split(/\s+/).map((c) => (c === 'ok' || c === 'empty' ? c : Number(c)));

const CALLER_LABEL: Record<Caller, string> = {
  anon: '未登录',
  r1: '1 超级管理员',
  r2: '2 管理员',
  r3: '3 广告主（数据所有者）',
  r4: '4 代理商（其上级）',
  r5: '5 UDSmart 管理员',
  r6: '6 UDSmart 子账号',
  other: '其他租户的广告主',
};

/** docs/permissions.md, printed from MATRIX. */
export function renderPermissionsDoc(): string {
  const head = `| 接口 | ${CALLERS.map((c) => CALLER_LABEL[c]).join(' | ')} |\n|---|${CALLERS.map(() => '---').join('|')}|`;
  const rows = MATRIX.map(
    (r) =>
      `| \`${r.endpoint}\` | ${parseCells(r.cells)
        .map((c) => (c === 'ok' ? '✅' : c === 'empty' ? '✅ 空' : String(c)))
        .join(' | ')} |`,
  );
  return `# Permissions

Generated from \`tests/api/permissions.ts\` (the one reviewed table) and checked by \`tests/api/permission-matrix.test.ts\`,
which reads the server's own route table (every route the API app registered, less \`/healthz\`, \`/metrics\` and the API
document), fails when a route has no row here or a row no route, and calls every endpoint as each caller with a valid payload. To change a right, change the contract's access rule
(\`src/shared/access.ts\`) or the service, then the row, then run \`UPDATE_DOCS=1 npx vitest run --project api tests/api/permission-matrix.test.ts\`.

Callers: the role-3 account owns the data the payloads name and is a sub-customer of the role-4 agent; the last column
is a role-3 customer of another tenant. ✅ allowed · ✅ 空 allowed, nothing to see · 1009 not signed in · 4003 refused
· 4004 not found for this caller (another tenant's id reads like a missing one) · 4011 wrong reset code · 5010 not open yet.

${head}
${rows.join('\n')}
`;
}

/** A valid rule of `sub`: pause its 巨量 plan when today's ROI < 1 with ¥200 spent. */
export const ruleBody = (w: World) => ({
  name: '矩阵规则',
  customerid: w.subId,
  acpl: 2,
  scope: { kind: 'plans', ids: [w.ad.planId] },
  conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
  window: { kind: 'today' },
  action: { kind: 'pause' },
  schedule: { kind: 'every', minutes: 30 },
});
