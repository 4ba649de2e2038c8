/**
 * 微博 calls: OAuth (`code` grant with redirect_uri; refresh `{client_id, refresh_token}`), customers, the
 * `/campaigns` → `/ads` → `/creatives` lists (our campaign → plan → creative), `PUT …/status/{id}`, budget
 * and bid `PUT`s (yuan), hourly `/insights/effect?data=<JSON>`, and `/v3/track/activate` conversions.
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { fenToYuan, yuanToFen } from '../../../shared/money.ts';
import type {
  AdEntity,
  AuthorizedAdvertiser,
  ChangeResult,
  Conversion,
  EntityLevel,
  HourlyFact,
  NormalStatus,
  Page,
  TokenGrant,
} from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, nextCursor, pageOf, refusedAll, str, trimBase } from '../common.ts';
import { count } from '../money.ts';
import { weiboCall, weiboOAuth } from './envelope.ts';
import { WEIBO_TABLE, type WeiboPaths } from './table.ts';

export interface WeiboCtx {
  cfg: ConnectorConfig;
  kit: ConnectorKit;
  paths: WeiboPaths;
}

export function weiboAuthorizeUrl({ cfg, paths }: WeiboCtx, p: { state: string; redirectUri: string }): string {
  const q = new URLSearchParams({
    client_id: cfg.appId,
    redirect_uri: p.redirectUri,
    response_type: 'code',
    state: p.state,
    scope: WEIBO_TABLE.scope,
  });
  return `${trimBase(cfg.authBase)}${paths.authorize}?${q}`;
}

function grant(kit: ConnectorKit, d: Record<string, unknown>): TokenGrant {
  const now = kit.now();
  return {
    accessToken: str(d.access_token),
    refreshToken: str(d.refresh_token),
    accessExpiresAt: now + Number(d.expires_in ?? 0),
    refreshExpiresAt: now + Number(d.refresh_expires_in ?? 0),
    advertiserIds: [],
    platformUserId: str(d.uid) || undefined,
  };
}

export async function weiboToken({ cfg, kit, paths }: WeiboCtx, code: string, redirectUri: string): Promise<TokenGrant> {
  const d = await kit.http.call(
    {
      method: 'GET',
      url: `${trimBase(cfg.apiBase)}${paths.token}`,
      query: { client_id: cfg.appId, client_secret: cfg.appSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code },
    },
    weiboOAuth(false),
  );
  return grant(kit, d);
}
export async function weiboRefresh({ cfg, kit, paths }: WeiboCtx, refreshToken: string): Promise<TokenGrant> {
  const d = await kit.http.call(
    { method: 'POST', url: `${trimBase(cfg.apiBase)}${paths.refresh}`, json: { client_id: cfg.appId, refresh_token: refreshToken } },
    weiboOAuth(true),
  );
  return grant(kit, d);
}

export async function weiboCustomers({ cfg, kit, paths }: WeiboCtx, token: string): Promise<AuthorizedAdvertiser[]> {
  const out: AuthorizedAdvertiser[] = [];
  for (let page: string | null = '1'; page; ) {
    const d = await weiboCall(cfg, kit, { method: 'GET', path: paths.customers, token, query: { page, page_size: 100 } });
    out.push(
      ...asArray(d.list)
        .map(asRecord)
        .map((r) => ({ advertiserId: idOf(r.customer_id), name: str(r.name) })),
    );
    page = nextCursor(Number(page), Math.ceil(Number(d.total_count ?? 0) / 100));
  }
  return out;
}

const EFFECTIVE: Record<string, NormalStatus> = {
  '-1': 'done',
  '1': 'not_started',
  '2': 'delivering',
  '3': 'paused',
  '5': 'other',
  '6': 'paused',
  '7': 'balance_exceed',
  '8': 'budget_exceed',
  '9': 'budget_exceed',
};
const CREATIVE: Record<string, NormalStatus> = {
  '0': 'auditing',
  '1': 'delivering',
  '2': 'rejected',
  '3': 'other',
  '4': 'paused',
  '5': 'other',
};
export function weiboStatus(level: EntityLevel, raw: string): NormalStatus {
  if (level === 'campaign') return raw === '1' ? 'delivering' : raw === '0' ? 'paused' : raw === '9' ? 'done' : 'other';
  return (level === 'plan' ? EFFECTIVE : CREATIVE)[raw] ?? 'other';
}

export async function weiboEntities(
  { cfg, kit, paths }: WeiboCtx,
  token: string,
  customerId: string,
  level: EntityLevel,
  cursor: string | null,
): Promise<Page<AdEntity>> {
  const page = pageOf(cursor);
  const size = Math.min(cfg.pageSize ?? 100, 100);
  const path = level === 'campaign' ? paths.campaigns : level === 'plan' ? paths.ads : paths.creatives;
  const d = await weiboCall(cfg, kit, { method: 'GET', path, token, customerId, query: { page, page_size: size } });
  const items = asArray(d.list)
    .map(asRecord)
    .map((r): AdEntity => {
      const raw = str(level === 'campaign' ? r.configured_status : level === 'plan' ? r.effective_status : r.status);
      const t = parseChinaTime(str(r.created_time));
      return {
        level,
        id: idOf(r.id),
        advertiserId: customerId,
        parentId: (level === 'plan' ? idOf(r.campaign_id) : level === 'creative' ? idOf(r.ad_id) : '') || null,
        name: str(r.name),
        rawStatus: raw,
        status: weiboStatus(level, raw),
        enabled: level === 'creative' ? r.status !== 4 : r.configured_status === 1,
        budgetFen: Number(r.budget) ? yuanToFen(r.budget) : null,
        bidFen: Number(r.bid_amount) ? yuanToFen(r.bid_amount) : null,
        landingUrl: str(r.landing_page_url) || undefined,
        clickMonitorUrl: str(r.click_monitor_url) || undefined,
        showMonitorUrl: str(r.impression_monitor_url) || undefined,
        createdAt: Number.isNaN(t) ? undefined : t,
      };
    });
  return { items, next: nextCursor(page, Math.ceil(Number(d.total_count ?? 0) / size)) };
}

export async function weiboHourly(
  { cfg, kit, paths }: WeiboCtx,
  token: string,
  customerId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const facts: HourlyFact[] = [];
  for (let start = chinaDayStart(fromHour); start <= toHour; start += 31 * 86400) {
    const end = Math.min(toHour, start + 31 * 86400 - 1);
    for (let page = 1, pages = 1; page <= pages; page++) {
      const data = {
        time_interval: [chinaDay(start), chinaDay(end)],
        field: WEIBO_TABLE.metrics,
        dimension: ['ad'],
        granularity: ['ad', WEIBO_TABLE.granularityHour],
        param: { account_id: [customerId] },
        page,
        rows: 1000,
      };
      const d = await weiboCall(cfg, kit, {
        method: 'GET',
        path: paths.insights,
        token,
        customerId,
        query: { data: JSON.stringify(data) },
      });
      pages = Math.ceil(Number(d.total ?? 0) / 1000);
      for (const raw of asArray(d.list)) {
        const r = asRecord(raw);
        const hour = parseChinaTime(str(r.date)) + count(r.hour) * 3600;
        if (Number.isNaN(hour) || hour < fromHour || hour > toHour) continue;
        facts.push({
          advertiserId: customerId,
          campaignId: idOf(r.campaign_id),
          planId: idOf(r.ad_id),
          hour,
          costFen: yuanToFen(r[WEIBO_TABLE.costField]),
          shows: count(r.pv),
          clicks: count(r.bhv),
          conversions: count(r.conversion),
        });
      }
    }
  }
  return facts;
}

export async function weiboStatusUpdate(
  { cfg, kit, paths }: WeiboCtx,
  token: string,
  customerId: string,
  level: EntityLevel,
  ids: string[],
  enable: boolean,
): Promise<ChangeResult[]> {
  const base = level === 'campaign' ? paths.campaigns : level === 'plan' ? paths.ads : paths.creatives;
  const json = level === 'creative' ? { status: enable ? 'open' : 'pause' } : { update_status: true, status: enable ? 1 : 0 };
  const out: ChangeResult[] = [];
  for (const id of ids) {
    try {
      await weiboCall(cfg, kit, { method: 'PUT', path: `${base}/status/${id}`, token, customerId, json });
      out.push({ id, ok: true });
    } catch (err) {
      out.push(...refusedAll([id], err));
    }
  }
  return out;
}

export async function weiboPut(
  { cfg, kit }: WeiboCtx,
  token: string,
  customerId: string,
  path: string,
  json: Record<string, unknown>,
  id: string,
): Promise<ChangeResult> {
  try {
    await weiboCall(cfg, kit, { method: 'PUT', path, token, customerId, json });
    return { id, ok: true };
  } catch (err) {
    return refusedAll([id], err)[0]!;
  }
}

export const weiboMoney = (fen: number | null) => (fen === null ? 0 : fenToYuan(fen));

export async function weiboPostback({ cfg, kit, paths }: WeiboCtx, token: string, conv: Conversion): Promise<void> {
  await weiboCall(cfg, kit, {
    method: 'GET',
    path: paths.track,
    token,
    customerId: conv.advertiserId,
    query: {
      time: conv.timeMs,
      behavior: WEIBO_TABLE.behavior[conv.event],
      mark_id: conv.clickId ?? conv.callback,
      ...(conv.event === 'pay' ? { paid_amount: fenToYuan(conv.amountFen) } : {}),
    },
  });
}
