/**
 * Ad report facts through the ads feature's own write path: every account is synced by `syncAccountReport` — the
 * report connector's hourly facts, upserted per plan and hour, each China day's daily rows recomputed from its hours,
 * the watermark moved — exactly the job's path. The platform behind the connector is this benchmark (an
 * `AdPlatformConnector` answering deterministic hourly reports), and the accounts, their authorisations and plans are
 * written as rows (what an OAuth consent and the entity sync would have stored). A new account back-fills 14 days, so
 * the clock walks forward 13 days at a time to build 90 days of history, as a server running for 90 days would.
 */

import { accountsToSync } from '../../src/server/ads/store-sync.ts';
import { syncAccountReport } from '../../src/server/ads/sync-reports.ts';
import type {
  AdEntity,
  AdPlatformConnector,
  AuthorizedAdvertiser,
  ChangeResult,
  HourlyFact,
  Page,
  TokenGrant,
} from '../../src/server/connectors/ad-platform.ts';
import { encrypt } from '../../src/server/crypto.ts';
import type { AdPlatformRegistry, Deps } from '../../src/server/deps.ts';
import type { ManualClock } from '../../src/server/kernel/clock.ts';
import type { AdPlatform } from '../../src/shared/ad-platforms.ts';
import { chinaDayStart } from '../../src/shared/china-clock.ts';
import type { BenchLink } from './people.ts';
import { type Shape, seeded } from './shape.ts';

export interface BenchPlan {
  platform: number;
  advertiserId: string;
  campaignId: string;
  planId: string;
  customerid: number;
  pageid: string;
}

/** A plan's hourly numbers: deterministic from plan and hour (the same on every engine). */
function factOf(p: BenchPlan, index: number, hour: number): HourlyFact {
  const rnd = seeded(index * 7919 + Math.floor(hour / 3600));
  const shows = 200 + rnd(3000);
  return {
    advertiserId: p.advertiserId,
    campaignId: p.campaignId,
    planId: p.planId,
    hour,
    costFen: 100 + rnd(4000),
    shows,
    clicks: Math.floor((shows * (5 + rnd(40))) / 1000),
    conversions: rnd(4),
  };
}

/** The benchmark's ad platform: reports for the plans it was given; nothing else is called by the report sync. */
function benchConnector(
  platform: AdPlatform,
  plans: Map<string, Array<{ plan: BenchPlan; index: number }>>,
  hours: ReadonlySet<number>,
): AdPlatformConnector {
  const refuse = (): never => {
    throw new Error('not used by the benchmark');
  };
  return {
    platform,
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    authorizeUrl: refuse,
    exchangeCode: async (): Promise<TokenGrant> => refuse(),
    refresh: async (): Promise<TokenGrant> => refuse(),
    listAdvertisers: async (): Promise<AuthorizedAdvertiser[]> => refuse(),
    listEntities: async (): Promise<Page<AdEntity>> => refuse(),
    updateStatus: async (): Promise<ChangeResult[]> => refuse(),
    postback: async () => refuse(),
    async hourlyReport(_auth, advertiserId, fromHour, toHour) {
      const out: HourlyFact[] = [];
      for (let h = fromHour; h <= toHour; h += 3600) {
        if (!hours.has(Math.floor((h - chinaDayStart(h)) / 3600))) continue;
        for (const { plan, index } of plans.get(advertiserId) ?? []) out.push(factOf(plan, index, h));
      }
      return out;
    },
  };
}

export interface AdWorld {
  registry: AdPlatformRegistry;
  plans: BenchPlan[];
  /** Write the accounts (authorised, plans known) and sync 90 days of reports; returns the hourly rows written. */
  build(deps: Deps, clock: ManualClock, now: number): Promise<number>;
}

export function adWorld(shape: Shape, customers: readonly number[], links: readonly BenchLink[]): AdWorld {
  const plans: BenchPlan[] = [];
  const byAdvertiser = new Map<string, Array<{ plan: BenchPlan; index: number }>>();
  for (const [ci, customerid] of customers.entries()) {
    const own = links.filter((l) => l.customerid === customerid);
    for (const platform of [2, 4]) {
      const advertiserId = `${platform}${String(ci).padStart(6, '0')}`;
      const perAccount = shape.plansPerCustomer / 2;
      for (let j = 0; j < perAccount; j++) {
        const link = own.filter((l) => l.channel === platform)[j % Math.max(1, own.length / 2)] ?? own[0];
        const plan: BenchPlan = {
          platform,
          advertiserId,
          campaignId: `${advertiserId}c${j % 5}`,
          planId: `${advertiserId}p${j}`,
          customerid,
          pageid: link?.pageid ?? '',
        };
        const list = byAdvertiser.get(advertiserId) ?? [];
        list.push({ plan, index: plans.length });
        byAdvertiser.set(advertiserId, list);
        plans.push(plan);
      }
    }
  }
  const hours = new Set(shape.activeHours);
  const registry: AdPlatformRegistry = {
    juliang: benchConnector('juliang', byAdvertiser, hours),
    tengxun: benchConnector('tengxun', byAdvertiser, hours),
  };
  return {
    registry,
    plans,
    async build(deps, clock, now) {
      const key = deps.secrets.encryptionKey;
      const t = deps.clock.now();
      for (const [advertiserId, list] of byAdvertiser) {
        const first = list[0]?.plan;
        if (!first) continue;
        const auth = await deps.db
          .insertInto('ad_auths')
          .values({
            platform: first.platform,
            customerid: first.customerid,
            created_by: first.customerid,
            platform_user_id: advertiserId,
            access_token_enc: encrypt(key, `bench-${advertiserId}`),
            refresh_token_enc: encrypt(key, 'bench-refresh'),
            access_expires_at: now + 365 * 86400,
            refresh_expires_at: now + 365 * 86400,
            credentials_enc: '',
            scope: '',
            state: 'active',
            last_error: '',
            created_at: t,
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await deps.db
          .insertInto('ad_accounts')
          .values({
            auth_id: auth.id,
            platform: first.platform,
            advertiser_id: advertiserId,
            customerid: first.customerid,
            name: `账户 ${advertiserId}`,
            active: 1,
            last_sync_at: 0,
            last_sync_error: '',
            report_synced_to: 0,
            entity_synced_at: t,
            created_at: t,
            updated_at: t,
          })
          .execute();
        for (const { plan } of list) {
          await deps.db
            .insertInto('ad_entities')
            .values({
              platform: plan.platform,
              advertiser_id: advertiserId,
              customerid: plan.customerid,
              level: 'plan',
              entity_id: plan.planId,
              parent_id: plan.campaignId,
              campaign_id: plan.campaignId,
              name: `计划 ${plan.planId}`,
              raw_status: 'AD_STATUS_DELIVERY_OK',
              status: 'delivering',
              enabled: 1,
              budget_fen: null,
              bid_fen: 100,
              click_monitor_url: '',
              show_monitor_url: '',
              landing_url: '',
              pageid: plan.pageid,
              material_type: '',
              created_at: t,
              updated_at: t,
              synced_at: t,
            })
            .execute();
        }
      }
      const ctx = { signal: new AbortController().signal, yield: async () => {} };
      let rows = 0;
      // the first sync back-fills 14 days (from `start`); then the clock moves 13 days at a time up to now
      const start = chinaDayStart(now) - (shape.days - 1) * 86400;
      for (let at = start + 14 * 86400 + 3600; ; at = Math.min(at + 13 * 86400, now)) {
        clock.set(Math.min(at, now) * 1000);
        for (const account of await accountsToSync(deps.db, 'report')) rows += await syncAccountReport(deps, ctx, account);
        if (at >= now) break;
      }
      clock.set(now * 1000);
      return rows;
    },
  };
}
