import { ACCOUNT_TYPES, AUTH_STATUS, type AuthStatus } from '../../../shared/ad-auth.ts';
import { CHANNELS, isChannel } from '../../../shared/catalog.ts';
import type { Option } from '../../ui/options.ts';

/** Words of the authorisation screens, one place (spec §2 /new/mandate 账户授权, old /mandate 我的授权). */
export const accountTypeLabel = (p: number): string => (isChannel(p) ? CHANNELS[p] : `平台 ${p}`);

/** Tabs of the new version (spec §1 account types); the old version adds 微博 (its /api/weibo calls). */
export const TYPE_TABS: Option<number>[] = ACCOUNT_TYPES.map((p) => ({ label: accountTypeLabel(p), value: p }));
export const OLD_TYPE_TABS: Option<number>[] = [...TYPE_TABS.slice(0, 1), { label: accountTypeLabel(3), value: 3 }, ...TYPE_TABS.slice(1)];

export const STATUS_OPTIONS: Option<number>[] = (Object.keys(AUTH_STATUS) as AuthStatus[]).map((s) => ({
  label: AUTH_STATUS[s].label,
  value: AUTH_STATUS[s].code,
}));

/** Tag colours of the four states. */
export const STATUS_SEVERITY: Record<AuthStatus, 'success' | 'warning' | 'danger' | 'secondary'> = {
  valid: 'success',
  expiring: 'warning',
  reauth: 'danger',
  cancelled: 'secondary',
};

export const UC = 8;
export const WEIBO = 3;

/** Where `/auloading` returns to, and which account type it finishes (kept for the tab the person left from). */
export const RETURN_KEY = 'mandate.return';
export const PLATFORM_KEY = 'mandate.platform';

/** Send the browser to the platform's consent page, remembering where to come back. */
export function goToConsent(url: string, platform: number): void {
  sessionStorage.setItem(RETURN_KEY, `${location.pathname}?type=${platform}`);
  sessionStorage.setItem(PLATFORM_KEY, String(platform));
  location.assign(url);
}
