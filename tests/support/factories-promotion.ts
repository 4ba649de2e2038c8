/**
 * Factories for promotion tests: ad accounts, entities and report facts, written the way the authorisation and
 * the sync write them (until the ads feature's authorisation and sync land, these stand in for them):
 * - `insertAccount` / `insertEntity` / `insertFacts` / `insertOrderFacts`: typed rows with fixed ids;
 * - `authoriseAgainstSandbox` walks the real OAuth path (consent page → code → token) of a connector pointed
 *   at the sandbox and stores the encrypted tokens and the granted accounts;
 * - `syncEntities` reads every level through the connector and upserts `ad_entities`, tying each entity to
 *   the promotion link its monitor or landing URL names;
 * - `acceptingConnector`: a connector that accepts every change and records it (no platform behind it).
 */
import type { Insertable } from 'kysely';
import { refreshBlocks } from '../../src/server/ads/blocks.ts';
import type { AdAccountsTable, AdEntitiesTable, AdFactsHourlyTable } from '../../src/server/ads/tables.ts';
import type { AdEntity, AdPlatformConnector, CallAuth, ChangeResult, EntityLevel } from '../../src/server/connectors/ad-platform.ts';
import { encrypt } from '../../src/server/crypto.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import type { OrderFactsHourlyTable } from '../../src/server/orders/tables.ts';
import type { AdPlatform } from '../../src/shared/ad-platforms.ts';
import { chinaDayStart, hourStart } from '../../src/shared/china-clock.ts';
import { consent } from './ad-sandbox.ts';
import { testNow } from './clock.ts';
import { addOrderCustomerDay } from './factories-facts.ts';

const now = testNow;

/** An authorisation and one advertiser account of `customerid` (tokens encrypted as the authorisation stores them). */
export async function insertAccount(
  deps: Pick<Deps, 'db' | 'secrets'>,
  a: { platform: number; advertiserId: string; customerid: number; name?: string; state?: string; accessToken?: string; active?: number },
): Promise<number> {
  const key = deps.secrets.encryptionKey;
  const t = now();
  const auth = await deps.db
    .insertInto('ad_auths')
    .values({
      platform: a.platform,
      customerid: a.customerid,
      created_by: a.customerid,
      platform_user_id: '',
      scope: '',
      access_token_enc: encrypt(key, a.accessToken ?? 'test-access'),
      refresh_token_enc: encrypt(key, 'test-refresh'),
      access_expires_at: t + 86_400,
      refresh_expires_at: t + 30 * 86_400,
      credentials_enc: a.platform === 8 ? encrypt(key, JSON.stringify({ username: 'u', password: 'p', token: 't' })) : '',
      state: a.state ?? 'active',
      last_error: '',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row: Insertable<AdAccountsTable> = {
    auth_id: auth.id,
    platform: a.platform,
    advertiser_id: a.advertiserId,
    customerid: a.customerid,
    name: a.name ?? `账户${a.advertiserId}`,
    active: a.active ?? 1,
    last_sync_at: t,
    last_sync_error: '',
    report_synced_to: 0,
    created_at: t,
    updated_at: t,
  };
  await deps.db.insertInto('ad_accounts').values(row).execute();
  return auth.id;
}

export type EntitySpec = Partial<Insertable<AdEntitiesTable>> & {
  platform: number;
  advertiser_id: string;
  customerid: number;
  level: string;
  entity_id: string;
};

export async function insertEntity(db: Db, e: EntitySpec): Promise<void> {
  const t = now();
  await db
    .insertInto('ad_entities')
    .values({
      parent_id: '',
      campaign_id: '',
      name: `${e.level}-${e.entity_id}`,
      raw_status: '',
      status: 'delivering',
      enabled: 1,
      budget_fen: null,
      bid_fen: null,
      click_monitor_url: '',
      show_monitor_url: '',
      landing_url: '',
      pageid: '',
      material_type: '',
      created_at: t,
      updated_at: t,
      synced_at: t,
      ...e,
    })
    .execute();
}

type FactSpec = Omit<AdFactsHourlyTable, 'synced_at' | 'pageid' | 'campaign_id'> & { pageid?: string; campaign_id?: string };

/** Hourly facts and the daily rows kept in step with them (as the report sync writes both). */
export async function insertFacts(db: Db, facts: FactSpec[], syncedAt = now()): Promise<void> {
  for (const f of facts) {
    const row = { pageid: '', campaign_id: '', ...f, hour: hourStart(f.hour), synced_at: syncedAt };
    await db.insertInto('ad_facts_hourly').values(row).execute();
    const { hour, ...rest } = row;
    const day = chinaDayStart(hour);
    await db
      .insertInto('ad_facts_daily')
      .values({ ...rest, day })
      .onConflict((oc) =>
        oc.columns(['platform', 'plan_id', 'day']).doUpdateSet((eb) => ({
          cost_fen: eb('ad_facts_daily.cost_fen', '+', eb.ref('excluded.cost_fen')),
          shows: eb('ad_facts_daily.shows', '+', eb.ref('excluded.shows')),
          clicks: eb('ad_facts_daily.clicks', '+', eb.ref('excluded.clicks')),
          conversions: eb('ad_facts_daily.conversions', '+', eb.ref('excluded.conversions')),
        })),
      )
      .execute();
    await refreshBlocks(db, rest.platform, rest.advertiser_id, day);
  }
}

/** Attributed order facts (hourly and daily), as the orders rollup writes them. */
export async function insertOrderFacts(db: Db, facts: Array<Omit<OrderFactsHourlyTable, 'item_id' | 'commission_fen'>>): Promise<void> {
  for (const f of facts) {
    const row = { ...f, item_id: 'i1', commission_fen: 0, hour: hourStart(f.hour) };
    await db.insertInto('order_facts_hourly').values(row).execute();
    const { hour, ...rest } = row;
    await db
      .insertInto('order_facts_daily')
      .values({ ...rest, day: chinaDayStart(hour) })
      .execute();
    await addOrderCustomerDay(db, { ...rest, day: chinaDayStart(hour) });
  }
}

/** Walk the sandbox's consent page, exchange the code, store the grant as the authorisation would. */
export async function authoriseAgainstSandbox(
  deps: Pick<Deps, 'db' | 'secrets'>,
  connector: AdPlatformConnector,
  customerid: number,
  advertiserIds: string[],
  names: Record<string, string> = {},
): Promise<CallAuth> {
  const redirect = 'https://console.example.com/auloading';
  const { location } = await consent(connector.authorizeUrl({ state: `s-${customerid}`, redirectUri: redirect }), 'approve', advertiserIds);
  const code =
    location.searchParams.get('auth_code') ?? location.searchParams.get('authorization_code') ?? location.searchParams.get('code');
  const grant = await connector.exchangeCode(code ?? '', redirect);
  const key = deps.secrets.encryptionKey;
  const t = now();
  const platform = { juliang: 2, weibo: 3, tengxun: 4, kuaishou: 5, ucid: 8, xiaohongshu: 10 }[connector.platform];
  const auth = await deps.db
    .insertInto('ad_auths')
    .values({
      platform,
      customerid,
      created_by: customerid,
      platform_user_id: grant.platformUserId ?? '',
      scope: grant.scope ?? '',
      access_token_enc: encrypt(key, grant.accessToken),
      refresh_token_enc: encrypt(key, grant.refreshToken),
      access_expires_at: grant.accessExpiresAt,
      refresh_expires_at: grant.refreshExpiresAt,
      credentials_enc: '',
      state: 'active',
      last_error: '',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const id of advertiserIds) {
    await deps.db
      .insertInto('ad_accounts')
      .values({
        auth_id: auth.id,
        platform,
        advertiser_id: id,
        customerid,
        name: names[id] ?? id,
        active: 1,
        last_sync_at: t,
        last_sync_error: '',
        report_synced_to: 0,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }
  return { kind: 'token', accessToken: grant.accessToken };
}

/** The promotion link a URL of ours names: `/m/c/{pageid}`, `/m/s/{pageid}` or a landing path. */
export const pageidOfUrl = (url: string | undefined): string =>
  /\/(?:m\/[cs]|pub|puc|pud|pwb|pjd|xtb|new(?:\/wx)?)\/(\d{1,20})(?:[/?#]|$)/.exec(url ?? '')?.[1] ?? '';

/** Read every level of an advertiser through the connector and upsert the entities as the sync does. */
export async function syncEntities(
  db: Db,
  connector: AdPlatformConnector,
  auth: CallAuth,
  platform: number,
  customerid: number,
  advertiserId: string,
) {
  const campaignOf = new Map<string, string>();
  const seen: AdEntity[] = [];
  for (const level of connector.levels as EntityLevel[]) {
    let cursor: string | null = null;
    do {
      const page = await connector.listEntities(auth, advertiserId, level, cursor);
      for (const e of page.items) {
        if (level === 'campaign') campaignOf.set(e.id, e.id);
        if (level === 'plan') campaignOf.set(e.id, e.parentId ?? '');
        seen.push(e);
      }
      cursor = page.next;
    } while (cursor);
  }
  const t = now();
  for (const e of seen) {
    const campaign = e.level === 'campaign' ? '' : e.level === 'plan' ? (e.parentId ?? '') : (campaignOf.get(e.parentId ?? '') ?? '');
    const row = {
      platform,
      advertiser_id: advertiserId,
      customerid,
      level: e.level,
      entity_id: e.id,
      parent_id: e.parentId ?? '',
      campaign_id: campaign,
      name: e.name,
      raw_status: e.rawStatus,
      status: e.status,
      enabled: e.enabled ? 1 : 0,
      budget_fen: e.budgetFen,
      bid_fen: e.bidFen,
      click_monitor_url: e.clickMonitorUrl ?? '',
      show_monitor_url: e.showMonitorUrl ?? '',
      landing_url: e.landingUrl ?? '',
      pageid: pageidOfUrl(e.clickMonitorUrl) || pageidOfUrl(e.showMonitorUrl) || pageidOfUrl(e.landingUrl),
      material_type: e.materialType ?? '',
      created_at: e.createdAt ?? t,
      updated_at: e.updatedAt ?? t,
      synced_at: t,
    };
    await db
      .insertInto('ad_entities')
      .values(row)
      .onConflict((oc) => oc.columns(['platform', 'level', 'entity_id']).doUpdateSet(row))
      .execute();
  }
  return seen;
}

export interface RecordedChange {
  kind: 'status' | 'budget' | 'bid';
  advertiserId: string;
  level: EntityLevel;
  ids: string[];
  value: boolean | number | null;
}

/** A connector that accepts every change and records it (for tests about rights, not platforms). */
export function acceptingConnector(platform: AdPlatform, calls: RecordedChange[] = []): AdPlatformConnector {
  const ok = (ids: string[]): ChangeResult[] => ids.map((id) => ({ id, ok: true }));
  const unused = async (): Promise<never> => {
    throw new Error('not used in this test');
  };
  return {
    platform,
    authKind: platform === 'ucid' ? 'credentials' : 'oauth',
    levels: platform === 'tengxun' ? ['campaign', 'plan'] : ['campaign', 'plan', 'creative'],
    authorizeUrl: () => 'https://example.invalid/',
    exchangeCode: unused,
    refresh: unused,
    listAdvertisers: unused,
    listEntities: unused,
    hourlyReport: unused,
    postback: unused,
    updateStatus: async (_a, advertiserId, level, ids, enable) => (
      calls.push({ kind: 'status', advertiserId, level, ids, value: enable }), ok(ids)
    ),
    updateBudget: async (_a, advertiserId, level, id, fen) => (
      calls.push({ kind: 'budget', advertiserId, level, ids: [id], value: fen }), ok([id])[0]!
    ),
    updateBid: async (_a, advertiserId, level, id, fen) => (
      calls.push({ kind: 'bid', advertiserId, level, ids: [id], value: fen }), ok([id])[0]!
    ),
  };
}

export const ALL_ACCEPTING = (calls: RecordedChange[] = []) =>
  Object.fromEntries(
    (['juliang', 'weibo', 'tengxun', 'kuaishou', 'ucid', 'xiaohongshu'] as const).map((p) => [p, acceptingConnector(p, calls)]),
  );
