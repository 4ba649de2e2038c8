/**
 * The world of the consistency suites (`consistency*.test.ts`, issue 19, docs/metrics.md): one agent with one
 * sub-customer, whose 巨量 account 账户甲 runs the plan 计划甲 on a link (two orders through its ad clicks) and who has
 * a second link no plan carries (two orders, one of them presell with only its deposit paid: they reach no plan); an admin; a UDSmart admin whose brand 品牌甲 binds
 * 账户甲. Orders come the way real ones do (tests/support/factories-orders.ts: ad click, landing visit, union sandbox,
 * order sync); cost is the plan's report facts. The clock is the pinned test clock, moved by the setup only.
 */
import { expect } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { WireMetrics } from '../../src/shared/metrics.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import type { DialectCase } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { addAdAccount, addAdEntity, addAdFact } from '../support/factories-facts.ts';
import { followJump, orderFromAd, placeOrder, setWatermarks, syncOrders } from '../support/factories-orders.ts';

/** The advertiser and plan orderFromAd's click carries (巨量). */
export const ADV = '1760000000000001';
export const PLAN = '7300000000000000001';
export const CAMPAIGN = '1770000000000001';
export const COST_FEN = 12_345;
export const CLICKS = 120;
export const SHOWS = 4000;

/** The figures every screen shows for a scope and span: cost, clicks, orders, order amount, ROI and conversion. */
export interface Figures {
  /** yuan */
  cost: number;
  clicks: number;
  orders: number;
  /** yuan */
  gmv: number;
  roi: number | null;
  /** 下单转化率: orders / clicks */
  conversion: number | null;
}
type WireFigures = Partial<Pick<WireMetrics, 'sum_cost' | 'sum_click' | 'ordernum' | 'order_price' | 'roi' | 'convert_order_rate'>>;

/** A row's figures; a missing row reads NaN, which none of the figures it is compared with equals. */
export const figures = (m: WireFigures | undefined): Figures =>
  m
    ? {
        cost: m.sum_cost ?? 0,
        clicks: m.sum_click ?? 0,
        orders: m.ordernum ?? 0,
        gmv: m.order_price ?? 0,
        roi: m.roi ?? null,
        conversion: m.convert_order_rate ?? null,
      }
    : { cost: Number.NaN, clicks: Number.NaN, orders: Number.NaN, gmv: Number.NaN, roi: Number.NaN, conversion: Number.NaN };

/** Sums of rows, ratios computed once from them (as a totals row does): what the rows of a table add up to. */
export function total(rows: readonly Figures[]): Figures {
  const fen = (k: 'cost' | 'gmv') => rows.reduce((n, r) => n + Math.round(r[k] * 100), 0);
  const count = (k: 'clicks' | 'orders') => rows.reduce((n, r) => n + r[k], 0);
  const [costFen, gmvFen, clicks, orders] = [fen('cost'), fen('gmv'), count('clicks'), count('orders')];
  const ratio = (num: number, den: number) => (den === 0 ? null : Math.round((num / den) * 1e6) / 1e6);
  return { cost: costFen / 100, clicks, orders, gmv: gmvFen / 100, roi: ratio(gmvFen, costFen), conversion: ratio(orders, clicks) };
}

export interface World {
  t: TestApp;
  clock: ManualClock;
  agent: UserRow;
  owner: UserRow;
  tokens: { owner: string; agent: string; admin: string; ud: string };
  planLink: LinkView;
  bareLink: LinkView;
  /** ad_accounts.id of 账户甲 */
  accountId: number;
  brandId: number;
  /** The China days the setup's events cover: one, or two when the pinned clock sits just before a midnight. */
  first: string;
  today: string;
  /** POST as `as` (a token), the answer's data; anything but code 1 throws. */
  post<T>(path: string, body: unknown, as: string): Promise<T>;
}

/** Builds the world on `dialect`; `env` goes to the app (e.g. SMTP_URL). */
export async function buildWorld(dialect: DialectCase, env: Record<string, string> = {}): Promise<World> {
  const clock = testClock();
  const first = chinaDay(clock.now());
  const t = await makeTestApp(dialect, env, { clock });
  const agent = await makeUser(t.deps, { role: 4, company: '代理甲' });
  const owner = await makeUser(t.deps, { role: 3, company: '客户甲', parentEmail: agent.email });
  const admin = await makeUser(t.deps, { role: 1 });
  const ud = await makeUser(t.deps, { role: 5, company: 'UD 管理员' });
  const tokens = {
    owner: await loginAs(t, owner.email),
    agent: await loginAs(t, agent.email),
    admin: await loginAs(t, admin.email),
    ud: await loginAs(t, ud.email),
  };
  const post = async <T>(path: string, body: unknown, as: string): Promise<T> => {
    const r = await t.post<T>(path, body, { token: as });
    if (r.body.code !== 1) throw new Error(`${path}: ${r.body.code} ${r.body.msg}`);
    return r.body.data;
  };
  const planLink = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901', title: '计划的链接' });
  const bareLink = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678902', title: '没有计划的链接' });
  await setWatermarks(t);
  await addAdAccount(t.deps.db, { platform: 2, advertiser_id: ADV, customerid: owner.id, name: '账户甲' });
  await addAdEntity(t.deps.db, {
    platform: 2,
    advertiser_id: ADV,
    customerid: owner.id,
    level: 'plan',
    entity_id: PLAN,
    name: '计划甲',
    campaign_id: CAMPAIGN,
    pageid: planLink.pageid,
  });
  await addAdFact(t.deps.db, {
    platform: 2,
    advertiser_id: ADV,
    customerid: owner.id,
    campaign_id: CAMPAIGN,
    plan_id: PLAN,
    pageid: planLink.pageid,
    at: clock.now(),
    cost_fen: COST_FEN,
    shows: SHOWS,
    clicks: CLICKS,
  });
  // two orders through the plan's ad click, two on the link no plan carries (they reach no plan): one paid, one a
  // presell order whose deposit is paid and whose balance is due days later (placed in the span, not paid in it)
  await orderFromAd(t, planLink, clock, { plan: PLAN });
  await orderFromAd(t, planLink, clock, { plan: PLAN });
  await placeOrder(t, 'taobao', await followJump(t, bareLink), 'settled', { created_at: clock.now() + 60, paid_at: clock.now() + 90 });
  await placeOrder(t, 'taobao', await followJump(t, bareLink), 'presell_settled', {
    created_at: clock.now() + 100,
    deposit_at: clock.now() + 130,
  });
  clock.advance(5 * 60_000);
  expect(await syncOrders(t)).toMatchObject({ error: '' });
  await t.deps.jobs.idle();
  // the UDSmart admin's brand binds 账户甲 (the product's own screens: brand/create, brand/bind)
  const account = await t.deps.db
    .selectFrom('ad_accounts')
    .select('id')
    .where('platform', '=', 2)
    .where('advertiser_id', '=', ADV)
    .executeTakeFirstOrThrow();
  const brand = await post<{ id: number }>('/capi/napi/udsmart/brand/create', { name: '品牌甲' }, tokens.ud);
  await post('/capi/napi/udsmart/brand/bind', { id: brand.id, account_ids: [Number(account.id)] }, tokens.ud);
  return {
    t,
    clock,
    agent,
    owner,
    tokens,
    planLink,
    bareLink,
    accountId: Number(account.id),
    brandId: brand.id,
    first,
    today: chinaDay(clock.now()),
    post,
  };
}
