/**
 * Day-to-date report facts (`HourlyFact.dayToDate`: 小红书's realtime report gives today's totals so far, no hours)
 * become hours through the report sync: each snapshot's difference to the day's earlier hours lands on its hour,
 * so the day adds up to the platform's total; the next day's hourly figures replace them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_JOB } from '../../src/server/ads/jobs.ts';
import type { AdPlatformConnector, HourlyFact } from '../../src/server/connectors/ad-platform.ts';
import { encrypt } from '../../src/server/crypto.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeUser } from '../support/factories.ts';

const DAY = 1_709_308_800; // 2024-03-02 00:00 China time
const H = (h: number) => DAY + h * 3600;
const ADV = '5000001';
const fact = (hour: number, costFen: number, shows: number, dayToDate?: true): HourlyFact => ({
  advertiserId: ADV,
  campaignId: '800000001',
  planId: '900000001',
  hour,
  costFen,
  shows,
  clicks: 0,
  conversions: 0,
  ...(dayToDate ? { dayToDate } : {}),
});

describe.each(dialects())('day-to-date report facts ($name)', (dialect) => {
  const clock = new ManualClock((H(10) + 1800) * 1000);
  let answer: HourlyFact[] = [];
  const connector = {
    platform: 'xiaohongshu',
    authKind: 'oauth',
    levels: ['campaign', 'plan', 'creative'],
    hourlyReport: async (_a: unknown, _adv: string, from: number, to: number) =>
      answer.filter((f) => f.hour >= DAY - 86400 && f.hour <= to && f.hour >= from - 86400),
  } as unknown as AdPlatformConnector;
  let t: TestApp;
  let accountId = 0;

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock, adPlatforms: { xiaohongshu: connector } });
    const owner = await makeUser(t.deps, { role: 3 });
    const key = t.deps.secrets.encryptionKey;
    const now = clock.now();
    const auth = await t.deps.db
      .insertInto('ad_auths')
      .values({
        platform: 10,
        customerid: owner.id,
        created_by: owner.id,
        platform_user_id: 'u1',
        access_token_enc: encrypt(key, 'at-1'),
        refresh_token_enc: encrypt(key, 'rt-1'),
        access_expires_at: now + 30 * 86400,
        refresh_expires_at: now + 60 * 86400,
        credentials_enc: '',
        scope: '',
        state: 'active',
        last_error: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const acc = await t.deps.db
      .insertInto('ad_accounts')
      .values({
        auth_id: auth.id,
        platform: 10,
        advertiser_id: ADV,
        customerid: owner.id,
        name: '小红书',
        active: 1,
        last_sync_at: 0,
        last_sync_error: '',
        report_synced_to: H(9),
        entity_synced_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    accountId = acc.id;
  });
  afterAll(() => t?.close());

  const hours = async () =>
    (
      await t.deps.db
        .selectFrom('ad_facts_hourly')
        .select(['hour', 'cost_fen', 'shows'])
        .where('advertiser_id', '=', ADV)
        .orderBy('hour')
        .execute()
    ).map((r) => [Number(r.hour), Number(r.cost_fen), Number(r.shows)]);
  const daily = async () =>
    (
      await t.deps.db
        .selectFrom('ad_facts_daily')
        .select(['cost_fen', 'shows'])
        .where('advertiser_id', '=', ADV)
        .where('day', '=', DAY)
        .executeTakeFirstOrThrow()
    ).cost_fen;
  const run = async () => {
    const r = await t.deps.jobs.run(REPORT_JOB);
    const last = await t.deps.db
      .selectFrom('job_runs')
      .select('error')
      .where('job', '=', REPORT_JOB)
      .where('key', '=', String(accountId))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(last?.error ?? '').toBe('');
    return r;
  };

  it("each snapshot of today's totals lands on its hour as the difference to the earlier hours", async () => {
    answer = [fact(H(10), 1000, 100, true)];
    await run();
    expect(await hours()).toEqual([[H(10), 1000, 100]]);
    clock.set((H(11) + 1800) * 1000);
    answer = [fact(H(11), 1500, 160, true)];
    await run();
    expect(await hours()).toEqual([
      [H(10), 1000, 100],
      [H(11), 500, 60],
    ]);
    expect(Number(await daily())).toBe(1500);
    // a second snapshot within the same hour replaces that hour only
    clock.set((H(11) + 3000) * 1000);
    await t.deps.db
      .updateTable('ad_accounts')
      .set({ report_synced_to: H(11) })
      .where('id', '=', accountId)
      .execute();
    answer = [fact(H(11), 1700, 170, true)];
    await run();
    expect((await hours()).at(-1)).toEqual([H(11), 700, 70]);
    expect(Number(await daily())).toBe(1700);
  });

  it("the next day's hourly figures for the day replace the snapshots' differences", async () => {
    clock.set((H(24) + 1800) * 1000);
    answer = [fact(H(10), 600, 60), fact(H(11), 1100, 110), ...Array.from({ length: 22 }, (_, i) => fact(H(i < 10 ? i : i + 2), 0, 0))];
    await run();
    const day = (await hours()).filter(([h]) => h! < H(24));
    expect(day.filter(([, c]) => c! > 0)).toEqual([
      [H(10), 600, 60],
      [H(11), 1100, 110],
    ]);
    expect(Number(await daily())).toBe(1700);
  });
});
