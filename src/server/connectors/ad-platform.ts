/**
 * The one interface every ad-platform connector implements (巨量, 腾讯, 磁力/快手, UC, 小红书, 微博).
 * A connector speaks its platform's real protocol against a configured base URL; it does not know whether
 * that URL is the real host or the sandbox. Money crosses this interface as integer fen, times as epoch
 * seconds, ids as strings. Failures are thrown as `ConnectorError` (./errors.ts) with a Chinese message.
 */

import type { AdLevel } from '../../shared/ad-levels.ts';
import type { AdPlatform } from '../../shared/ad-platforms.ts';

/** Account types of spec §1 plus 微博 (channel 3, old version); the value is the spec's channel code. */
export { AD_PLATFORMS, type AdPlatform } from '../../shared/ad-platforms.ts';

/** OAuth tokens (UC has none: it authenticates every call with per-account credentials). */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  /** Epoch seconds. */
  accessExpiresAt: number;
  /** 0 on a refresh whose answer gave no new refresh token or expiry: the current refresh token and expiry stay. */
  refreshExpiresAt: number;
  /** Advertiser ids the grant covers, when the token answer names them. */
  advertiserIds: string[];
  /** Their names too, when the token answer carries them (小红书: the only way to learn them). */
  advertisers?: AuthorizedAdvertiser[];
  /** Platform user / authorizer id, when given. */
  platformUserId?: string;
  scope?: string;
}

/** How one call authenticates: an OAuth access token, or UC's username/password/token triple. */
export type CallAuth = { kind: 'token'; accessToken: string } | { kind: 'credentials'; username: string; password: string; token: string };

export interface AuthorizedAdvertiser {
  advertiserId: string;
  name: string;
}

/** Our three levels; each platform names them its own way (`LEVEL_NAMES` in src/shared/ad-levels.ts). */
export type EntityLevel = AdLevel;

/** A status normalised across platforms; the raw code is kept beside it for the §4 label tables. */
export type NormalStatus =
  | 'delivering'
  | 'paused'
  | 'auditing'
  | 'rejected'
  | 'balance_exceed'
  | 'budget_exceed'
  | 'not_started'
  | 'outside_schedule'
  | 'done'
  | 'deleted'
  | 'other';

export interface AdEntity {
  level: EntityLevel;
  id: string;
  advertiserId: string;
  /** campaign id for a plan, plan id for a creative, null for a campaign. */
  parentId: string | null;
  name: string;
  /** The platform's own status value, as sent (e.g. 'AD_STATUS_DELIVERY_OK', '20'); labelled by src/shared/ad-status.ts. */
  rawStatus: string;
  status: NormalStatus;
  /** Whether the advertiser switched it on (opt/configured/put status). */
  enabled: boolean;
  /** Daily budget in fen; null = unlimited or not applicable. */
  budgetFen: number | null;
  /** Bid in fen; null when the level has none. */
  bidFen: number | null;
  /** Monitor and landing URLs the entity carries (creatives/plans), when the platform returns them. */
  clickMonitorUrl?: string;
  showMonitorUrl?: string;
  landingUrl?: string;
  /** Material type of spec §3 for creatives (vertical video, title, small image, …), when known. */
  materialType?: string;
  /** Epoch seconds, when the platform returns them. */
  createdAt?: number;
  updatedAt?: number;
}

/** One hour of delivery for one plan (China-time hour start, epoch seconds). */
export interface HourlyFact {
  advertiserId: string;
  campaignId: string;
  planId: string;
  hour: number;
  costFen: number;
  shows: number;
  clicks: number;
  conversions: number;
}

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; null when this was the last. */
  next: string | null;
}

export interface ChangeResult {
  id: string;
  ok: boolean;
  /** The platform's refusal, in Chinese where the platform gives one. */
  message?: string;
}

/** A conversion to report back (回传) for one attributed order. */
export interface Conversion {
  /** The click's callback value: 巨量 callback/clickid, 腾讯 __CALLBACK__, 快手 __CALLBACK__, 小红书 click_id, 微博 mark_id, UC callback URL. */
  callback: string;
  clickId?: string;
  advertiserId: string;
  event: 'order' | 'pay';
  /** Epoch milliseconds of the conversion. */
  timeMs: number;
  amountFen: number;
  orderId: string;
}

export interface AdPlatformConnector {
  readonly platform: AdPlatform;
  readonly authKind: 'oauth' | 'credentials';
  /** The levels the platform has, top down (腾讯 3.0 has two: adgroup = campaign, dynamic creative = plan). */
  readonly levels: readonly EntityLevel[];
  /** The consent page URL the user is sent to (OAuth platforms). */
  authorizeUrl(p: { state: string; redirectUri: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenGrant>;
  refresh(refreshToken: string): Promise<TokenGrant>;
  listAdvertisers(auth: CallAuth): Promise<AuthorizedAdvertiser[]>;
  listEntities(auth: CallAuth, advertiserId: string, level: EntityLevel, cursor: string | null): Promise<Page<AdEntity>>;
  /** Hourly facts per plan for [fromHour, toHour] (epoch seconds, hour starts, China time). */
  hourlyReport(auth: CallAuth, advertiserId: string, fromHour: number, toHour: number): Promise<HourlyFact[]>;
  updateStatus(auth: CallAuth, advertiserId: string, level: EntityLevel, ids: string[], enable: boolean): Promise<ChangeResult[]>;
  /** Absent where the platform has no such call for the level. */
  updateBudget?(auth: CallAuth, advertiserId: string, level: EntityLevel, id: string, budgetFen: number | null): Promise<ChangeResult>;
  updateBid?(auth: CallAuth, advertiserId: string, level: EntityLevel, id: string, bidFen: number): Promise<ChangeResult>;
  postback(auth: CallAuth | null, conversion: Conversion): Promise<void>;
}
