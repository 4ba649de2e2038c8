import { type AdAccountView, AUTH_STATUS, type AuthStatus, type AuthView, EXPIRING_SECONDS } from '../../shared/ad-auth.ts';
import { metricsOf, ZERO_SUMS } from '../../shared/metrics.ts';
import type { AccountRow, AuthRow } from './store.ts';

/**
 * What a person sees of an authorisation: 已取消 once unbound; 需要重新授权 when the platform refused the refresh
 * (or the grant ran out); 即将过期 when the grant ends within three days unless renewed; 有效 otherwise.
 * `statusIs` (store.ts) is the same rule in SQL.
 */
export function authStatusOf(a: { state: string; refresh_expires_at: number }, now: number): AuthStatus {
  if (a.state === 'cancelled') return 'cancelled';
  if (a.state === 'reauth') return 'reauth';
  const ends = Number(a.refresh_expires_at);
  if (ends > 0 && ends <= now) return 'reauth';
  if (ends > 0 && ends < now + EXPIRING_SECONDS) return 'expiring';
  return 'valid';
}

export interface AccountStats {
  plans: number;
  delivering: number;
  costFen: number;
}

export function accountView(r: AccountRow, company: string, stats: AccountStats | undefined, now: number): AdAccountView {
  const status = authStatusOf(r, now);
  return {
    id: r.id,
    auth_id: r.auth_id,
    platform: r.platform,
    advertiser_id: r.advertiser_id,
    advertiser_name: r.name,
    customerid: r.customerid,
    company,
    status,
    status_label: AUTH_STATUS[status].label,
    active: r.active,
    last_sync_at: Number(r.last_sync_at),
    last_sync_error: r.last_sync_error,
    report_synced_to: Number(r.report_synced_to),
    plans: stats?.plans ?? 0,
    delivering: stats?.delivering ?? 0,
    cost_today: metricsOf({ ...ZERO_SUMS, costFen: stats?.costFen ?? 0 }).sum_cost,
    miniapp: r.miniapp,
  };
}

export function authView(a: AuthRow, company: string, accounts: AdAccountView[], now: number): AuthView {
  const status = authStatusOf(a, now);
  const latest = accounts.reduce<AdAccountView | null>((m, x) => (!m || x.last_sync_at > m.last_sync_at ? x : m), null);
  return {
    id: a.id,
    platform: a.platform,
    customerid: a.customerid,
    company,
    platform_user_id: a.platform_user_id,
    status,
    status_label: AUTH_STATUS[status].label,
    expires_at: Number(a.refresh_expires_at),
    last_error: a.last_error,
    created_at: Number(a.created_at),
    updated_at: Number(a.updated_at),
    last_sync_at: latest?.last_sync_at ?? 0,
    last_sync_error: accounts.find((x) => x.active === 1 && x.last_sync_error)?.last_sync_error ?? '',
    accounts,
  };
}
