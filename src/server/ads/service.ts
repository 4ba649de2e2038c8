import {
  type AdAccountView,
  AUTH_STATUS,
  type AuthStatus,
  type AuthView,
  authStatusOfCode,
  SYNC_JOB_LABELS,
  type SyncRun,
} from '../../shared/ad-auth.ts';
import { chinaDayStart } from '../../shared/china-clock.ts';
import { offsetOf } from '../../shared/paging.ts';
import { DAY } from '../../shared/span.ts';
import { companiesOf, namedCustomers } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { sumsBy } from '../facts/sums.ts';
import { runsOfKeys } from '../jobs/lookup.ts';
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import { adScopeOf, listScope } from './scope.ts';
import * as store from './store.ts';
import { accountView, authView } from './view.ts';

/** Reading authorisations and accounts within the caller's scope (the lists of the mandate screens and selects). */

interface ListFilter {
  platform?: number;
  /** 0 or absent = every state; 1–4 = AUTH_STATUS codes. */
  state?: number;
  method?: string;
  customerid?: number;
}

const statusOf = (code: number | undefined): AuthStatus | undefined => (code ? authStatusOfCode(code) : undefined);

/**
 * Account views of rows, with owner names, plans and today's cost: the read model's cost of the account's own customer
 * (facts of the same advertiser id booked to another customer, e.g. an earlier owner of the account, stay theirs).
 */
export async function accountViews(deps: Deps, rows: store.AccountRow[]): Promise<AdAccountView[]> {
  const now = deps.clock.now();
  const day = chinaDayStart(now);
  const [companies, plans, cost] = await Promise.all([
    companiesOf(
      deps.db,
      rows.map((r) => r.customerid),
    ),
    store.accountPlans(deps.db, rows),
    rows.length
      ? sumsBy(
          deps.db,
          { from: day, to: day + DAY },
          {
            customers: [...new Set(rows.map((r) => r.customerid))],
            accounts: rows.map((r) => ({ channel: r.platform, advertiser_id: r.advertiser_id })),
          },
          ['customer', 'channel', 'advertiser'],
          { sources: ['ad'] },
        )
      : new Map(),
  ]);
  const costOf = new Map([...cost.values()].map((c) => [c.key.join(':'), c.sums.costFen]));
  return rows.map((r) => {
    const key = `${r.platform}:${r.advertiser_id}`;
    const stats = { plans: 0, delivering: 0, ...plans.get(key), costFen: costOf.get(`${r.customerid}:${key}`) ?? 0 };
    return accountView(r, companies.get(r.customerid) ?? '', stats, now);
  });
}

/** Authorisation views with their accounts. */
export async function authViews(deps: Deps, auths: store.AuthRow[]): Promise<AuthView[]> {
  const now = deps.clock.now();
  const { rows } = await store.listAccounts(deps.db, null, { authIds: auths.map((a) => a.id) }, now, { offset: 0, limit: 10_000 });
  const accounts = await accountViews(deps, rows);
  const companies = await companiesOf(
    deps.db,
    auths.map((a) => a.customerid),
  );
  return auths.map((a) =>
    authView(
      a,
      companies.get(a.customerid) ?? '',
      accounts.filter((x) => x.auth_id === a.id),
      now,
    ),
  );
}

export async function listAuthorisations(deps: Deps, actor: Actor, f: ListFilter & { page: number; pagesize: number }) {
  const scope = await listScope(deps.db, actor, f);
  const { rows, total } = await store.listAuths(deps.db, scope, { platform: f.platform, status: statusOf(f.state) }, deps.clock.now(), {
    offset: offsetOf(f),
    limit: f.pagesize,
  });
  return { list: await authViews(deps, rows), total };
}

export async function listAdAccounts(
  deps: Deps,
  actor: Actor,
  f: ListFilter & { platforms?: readonly number[] },
  page = { page: 1, pagesize: 1000 },
): Promise<{ list: AdAccountView[]; total: number }> {
  const scope = await listScope(deps.db, actor, f);
  const { rows, total } = await store.listAccounts(
    deps.db,
    scope,
    { platform: f.platform, platforms: f.platforms, status: statusOf(f.state) },
    deps.clock.now(),
    { offset: offsetOf(page), limit: page.pagesize },
  );
  return { list: await accountViews(deps, rows), total };
}

/** One authorisation the caller may see; another tenant's reads like a missing one. */
export async function requireAuth(deps: Deps, actor: Actor, id: number): Promise<store.AuthRow> {
  const scope = await adScopeOf(deps.db, actor);
  const a = await store.findAuth(deps.db, id);
  if (!a || (scope && !scope.includes(a.customerid))) throw notFound('授权不存在');
  return a;
}

/** One authorisation's view by id (after a write). */
export async function authViewById(deps: Deps, id: number): Promise<AuthView> {
  const row = await store.findAuth(deps.db, id);
  const view = row ? (await authViews(deps, [row])).at(0) : undefined;
  if (!view) throw notFound('授权不存在');
  return view;
}

export async function authDetail(deps: Deps, actor: Actor, id: number): Promise<AuthView> {
  return authViewById(deps, (await requireAuth(deps, actor, id)).id);
}

/** One advertiser account the caller may see. */
export async function requireAccount(deps: Deps, actor: Actor, id: number): Promise<AdAccountView> {
  const scope = await adScopeOf(deps.db, actor);
  const { rows } = await store.listAccounts(deps.db, scope, { id }, deps.clock.now(), { offset: 0, limit: 1 });
  const view = (await accountViews(deps, rows)).at(0);
  if (!view) throw notFound('广告账户不存在');
  return view;
}

/** The agent-wide summary: per customer in the caller's tree, authorisations by state and accounts. */
export async function agentOverview(deps: Deps, actor: Actor, platform: number | undefined) {
  const scope = await adScopeOf(deps.db, actor);
  const now = deps.clock.now();
  const counts = new Map<number, Record<AuthStatus, number> & { accounts: number }>();
  const row = (id: number) => {
    const r = counts.get(id) ?? { valid: 0, expiring: 0, reauth: 0, cancelled: 0, accounts: 0 };
    counts.set(id, r);
    return r;
  };
  for (const id of scope ?? []) row(id);
  for (const s of Object.keys(AUTH_STATUS) as AuthStatus[])
    for (const c of await store.countAuths(deps.db, scope, { platform }, now, s)) row(c.customerid)[s] = Number(c.n);
  const { rows } = await store.listAccounts(deps.db, scope, { platform }, now, { offset: 0, limit: 100_000 });
  for (const a of rows) if (a.active === 1) row(a.customerid).accounts += 1;
  const named = await namedCustomers(deps.db, [...counts.keys()]);
  return [...counts].map(([customerid, c]) => ({ customerid, ...(named.get(customerid) ?? { company: '', email: '' }), ...c }));
}

/** An account's recorded sync runs, newest first. */
export async function accountRuns(
  deps: Deps,
  actor: Actor,
  input: { id: number; page: number; pagesize: number },
): Promise<{ list: SyncRun[]; total: number }> {
  const account = await requireAccount(deps, actor, input.id);
  const keys = [String(account.id), `auth:${account.auth_id}`];
  const { rows, total } = await runsOfKeys(deps.db, Object.keys(SYNC_JOB_LABELS), keys, offsetOf(input), input.pagesize);
  return {
    total,
    list: rows.map((r) => ({
      job: r.job,
      job_label: SYNC_JOB_LABELS[r.job] ?? r.job,
      started_at: Number(r.started_at),
      finished_at: r.finished_at === null ? null : Number(r.finished_at),
      rows: Number(r.rows),
      error: r.error,
    })),
  };
}
