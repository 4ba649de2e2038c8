/**
 * The ad-platform sync jobs against the sandbox over real HTTP: entities on every level with paging and their
 * promotion links, 14 days of hourly facts with daily rollups, idempotent re-runs and late data, token expiry
 * mid-sync, 5xx retries, rate limits with back-off, dead refresh tokens (需要重新授权), the token refresh job,
 * and two app nodes running each job once — on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCallAuth } from '../../src/server/ads/credentials.ts';
import { ENTITY_JOB, REPORT_JOB, TOKEN_JOB } from '../../src/server/ads/jobs.ts';
import { BACKFILL_DAYS } from '../../src/server/ads/sync-reports.ts';
import type { AuthView } from '../../src/shared/ad-auth.ts';
import { chinaDayStart, hourStart } from '../../src/shared/china-clock.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { authoriseAs, sandboxRegistry } from '../support/factories-ads.ts';

describe.each(dialects())('ad-platform sync ($name)', (dialect) => {
  const clock = testClock();
  let h: Harness;
  let t: TestApp;
  let db: TestHandle;
  let token = '';
  let customerEmail = '';
  let link: LinkView;
  let auth: AuthView;
  let adv = { id: '', plans: [] as string[] };

  const account = () => t.deps.db.selectFrom('ad_accounts').selectAll().where('advertiser_id', '=', adv.id).executeTakeFirstOrThrow();
  const sums = async () => {
    const q = (table: 'ad_facts_hourly' | 'ad_facts_daily') =>
      t.deps.db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('cost_fen').as('cost'),
          eb.fn.sum<number>('shows').as('shows'),
        ])
        .where('advertiser_id', '=', adv.id)
        .executeTakeFirstOrThrow();
    const [hr, day] = await Promise.all([q('ad_facts_hourly'), q('ad_facts_daily')]);
    return {
      hours: Number(hr.n),
      cost: Number(hr.cost),
      shows: Number(hr.shows),
      days: Number(day.n),
      dayCost: Number(day.cost),
      dayShows: Number(day.shows),
    };
  };
  /** Make the account due now, run one job to the end, and read its latest run. */
  const runNow = async (job: string) => {
    if (job === ENTITY_JOB)
      await t.deps.db.updateTable('ad_accounts').set({ entity_synced_at: 1 }).where('advertiser_id', '=', adv.id).execute();
    else
      await t.deps.db
        .updateTable('ad_accounts')
        .set({ report_synced_to: hourStart(clock.now()) })
        .where('advertiser_id', '=', adv.id)
        .where('report_synced_to', '>', hourStart(clock.now()))
        .execute();
    const outcome = await t.deps.jobs.run(job);
    const run = await t.deps.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', job)
      .where('key', '=', String((await account()).id))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { outcome, run };
  };

  beforeAll(async () => {
    h = await startSandbox({ clock });
    db = await dialect.open();
    t = await makeTestApp(dialect, {}, { handle: db, clock, adPlatforms: sandboxRegistry(h, { pageSize: 2 }) });
    const customer = await makeUser(t.deps, { role: 3 });
    customerEmail = customer.email;
    token = await loginAs(t, customer.email);
    link = await makeLink(t.deps, customer, { state: 2 });
    const seeded = await h.seed('juliang', {
      advertisers: [
        {
          name: '同步测试广告主',
          balanceFen: 1_000_000_000,
          campaigns: [
            {
              name: '组一',
              plans: [
                {
                  name: '点击监测计划',
                  bidFen: 80,
                  clickUrl: link.monitor_touch_url,
                  showUrl: link.monitor_show_url,
                  creatives: [{ name: 'c1' }],
                },
                { name: '落地页计划', bidFen: 60, landingUrl: `${link.landing_url}`, creatives: [{ name: 'c2' }] },
                { name: '别人的页面', bidFen: 50, landingUrl: 'https://elsewhere.example.com/pub/1', creatives: [{ name: 'c3' }] },
              ],
            },
          ],
        },
      ],
    });
    adv = { id: seeded[0]!.id, plans: seeded[0]!.campaigns[0]!.plans.map((p) => p.id) };
    await h.admin('juliang', 'POST', '/history', { days: BACKFILL_DAYS });
    auth = await authoriseAs(t, token, 2, [adv.id]);
    await t.deps.jobs.idle();
  });
  afterAll(async () => {
    await t.deps.jobs.idle();
    await t.close();
    await db.close();
    await h.close();
  });

  it('the first sync pulls every level (paged), ties plans to our link, and back-fills 14 days of hourly and daily facts', async () => {
    const entities = await t.deps.db
      .selectFrom('ad_entities')
      .selectAll()
      .where('advertiser_id', '=', adv.id)
      .orderBy('level')
      .orderBy('entity_id')
      .execute();
    expect(entities.map((e) => e.level).sort()).toEqual(['campaign', 'creative', 'creative', 'creative', 'plan', 'plan', 'plan']);
    const plans = entities.filter((e) => e.level === 'plan');
    expect(plans.map((p) => [p.entity_id, p.pageid])).toEqual([
      [adv.plans[0], link.pageid],
      [adv.plans[1], link.pageid],
      [adv.plans[2], ''],
    ]);
    expect(plans.every((p) => p.raw_status.startsWith('AD_STATUS_') && p.status === 'delivering' && p.customerid === auth.customerid)).toBe(
      true,
    );
    expect(
      entities
        .filter((e) => e.level === 'creative')
        .every((c) => adv.plans.includes(c.parent_id) && c.campaign_id === plans[0]!.campaign_id),
    ).toBe(true);

    const s = await sums();
    const from = chinaDayStart(clock.now()) - BACKFILL_DAYS * 86400;
    const fullHours = (hourStart(clock.now()) - from) / 3600;
    expect(s.hours).toBe(3 * fullHours);
    expect([s.dayCost, s.dayShows]).toEqual([s.cost, s.shows]);
    expect(s.days).toBe(3 * (BACKFILL_DAYS + (hourStart(clock.now()) > chinaDayStart(clock.now()) ? 1 : 0)));
    // What the platform reports for the same range, asked again through the same connector: equal, fen for fen.
    const reported = await withCallAuth(t.deps, { platform: 2, advertiserId: adv.id }, (a, c) =>
      c.hourlyReport(a, adv.id, from, hourStart(clock.now())),
    );
    expect(reported.reduce((n, f) => n + f.costFen, 0)).toBe(s.cost);
    const facts = await t.deps.db
      .selectFrom('ad_facts_hourly')
      .select(['plan_id', 'pageid'])
      .distinct()
      .where('advertiser_id', '=', adv.id)
      .orderBy('plan_id')
      .execute();
    expect(facts).toEqual([
      { plan_id: adv.plans[0], pageid: link.pageid },
      { plan_id: adv.plans[1], pageid: link.pageid },
      { plan_id: adv.plans[2], pageid: '' },
    ]);

    const a = await account();
    expect([Number(a.report_synced_to), a.last_sync_error]).toEqual([hourStart(clock.now()) + 3600, '']);
    const runs = await t.post<{ list: Array<{ job: string; rows: number; error: string }> }>(
      '/capi/napi/auth/runs',
      { id: a.id },
      { token },
    );
    expect(runs.body.data.list.map((r) => [r.job, r.error]).sort()).toEqual([
      [ENTITY_JOB, ''],
      [REPORT_JOB, ''],
    ]);
    expect(runs.body.data.list.find((r) => r.job === REPORT_JOB)!.rows).toBe(s.hours);
  });

  it('re-running is idempotent: the same facts, no duplicates', async () => {
    const before = await sums();
    const again = await runNow(REPORT_JOB);
    expect(again.run?.error).toBe('');
    expect(await sums()).toEqual(before);
  });

  it('late data: a re-pulled hour replaces its row in place and the day is recomputed from its hours', async () => {
    const plan = adv.plans[2]!;
    const hour = hourStart(clock.now());
    // Delivery the platform reports for the current hour (this plan pings nothing of ours: counted as sent).
    const sent = await h.admin<{ sent: { shows: number } }>('juliang', 'POST', '/deliver', {
      planId: plan,
      shows: 100,
      clicks: 10,
      landingRate: 0,
    });
    expect(sent.sent.shows).toBe(100);
    const { run } = await runNow(REPORT_JOB);
    expect(run?.error).toBe('');
    const rows = await t.deps.db.selectFrom('ad_facts_hourly').selectAll().where('plan_id', '=', plan).where('hour', '=', hour).execute();
    expect(rows.map((r) => [Number(r.shows), Number(r.clicks)])).toEqual([[103, 11]]);
    await h.admin('juliang', 'POST', '/deliver', { planId: plan, shows: 50, clicks: 0, landingRate: 0 });
    await runNow(REPORT_JOB);
    const again = await t.deps.db.selectFrom('ad_facts_hourly').selectAll().where('plan_id', '=', plan).where('hour', '=', hour).execute();
    expect(again.map((r) => Number(r.shows))).toEqual([155]);
    const s = await sums();
    expect([s.dayCost, s.dayShows]).toEqual([s.cost, s.shows]);
  });

  it('a token the platform expired mid-sync is refreshed once and the sync completes', async () => {
    const before = await t.deps.db.selectFrom('ad_auths').select('refresh_token_enc').where('id', '=', auth.id).executeTakeFirstOrThrow();
    await h.admin('juliang', 'POST', '/tokens', { action: 'expire', which: 'access' });
    const { run } = await runNow(ENTITY_JOB);
    expect(run?.error).toBe('');
    const after = await t.deps.db
      .selectFrom('ad_auths')
      .select(['refresh_token_enc', 'state'])
      .where('id', '=', auth.id)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe('active');
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
  });

  it('transient 5xx answers are retried and the sync completes', async () => {
    await h.admin('juliang', 'DELETE', '/requests');
    await h.admin('juliang', 'POST', '/faults', { kind: 'http5xx', count: 2, match: '/2/ad/get' });
    const { run } = await runNow(ENTITY_JOB);
    expect(run?.error).toBe('');
    expect((await h.requests('juliang', '/2/ad/get')).length).toBeGreaterThanOrEqual(3);
  });

  it('a persistent rate limit backs the account off; the next run after the pause completes', async () => {
    await h.admin('juliang', 'POST', '/faults', { kind: 'rate_limit', count: 50, match: '/2/report/' });
    const limited = await runNow(REPORT_JOB);
    expect(limited.run?.error).toContain('平台限流');
    expect((await account()).last_sync_error).toContain('平台限流');
    await h.admin('juliang', 'DELETE', '/faults');
    const paused = await runNow(REPORT_JOB);
    expect(paused.run?.id).toBe(limited.run?.id); // still backing off: no run for the account
    clock.advance(11 * 60_000);
    const resumed = await runNow(REPORT_JOB);
    expect(resumed.run?.error).toBe('');
    expect((await account()).last_sync_error).toBe('');
  });

  it('the token job refreshes ahead of expiry and records the run under the authorisation', async () => {
    await t.deps.db
      .updateTable('ad_auths')
      .set({ access_expires_at: clock.now() + 600 })
      .where('id', '=', auth.id)
      .execute();
    const out = await t.deps.jobs.run(TOKEN_JOB);
    expect(out).toMatchObject({ ran: true, error: '' });
    const row = await t.deps.db.selectFrom('ad_auths').select('access_expires_at').where('id', '=', auth.id).executeTakeFirstOrThrow();
    expect(Number(row.access_expires_at)).toBeGreaterThan(clock.now() + 3600);
    const runs = await t.deps.db
      .selectFrom('job_runs')
      .select(['key', 'error'])
      .where('job', '=', TOKEN_JOB)
      .where('key', '=', `auth:${auth.id}`)
      .execute();
    expect(runs).toEqual([{ key: `auth:${auth.id}`, error: '' }]);
  });

  it('two app nodes: each job runs once, one account once', async () => {
    const secondHandle = await db.second();
    const second = await makeTestApp(dialect, {}, { handle: secondHandle, clock, adPlatforms: sandboxRegistry(h) });
    try {
      const key = String((await account()).id);
      const count = async () =>
        Number(
          (
            await t.deps.db
              .selectFrom('job_runs')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('job', '=', REPORT_JOB)
              .where('key', '=', key)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await t.deps.db
        .updateTable('ad_accounts')
        .set({ report_synced_to: hourStart(clock.now()) })
        .where('advertiser_id', '=', adv.id)
        .execute();
      const [a, b] = await Promise.all([t.deps.jobs.run(REPORT_JOB), second.deps.jobs.run(REPORT_JOB)]);
      // Both may run (one can finish before the other starts); the account is synced by one of them, once.
      expect([a.ran, b.ran]).toContain(true);
      expect(await count()).toBe(before + 1);
    } finally {
      await second.close();
      await secondHandle.close();
    }
  });

  it('a refresh token the platform no longer accepts: kept and backed off while its stated lifetime runs (the code is documented nowhere); 需要重新授权 once that lifetime is over; re-authorising resumes', async () => {
    await h.admin('juliang', 'POST', '/tokens', { action: 'expire', which: 'both' });
    const early = await runNow(ENTITY_JOB);
    expect(early.run?.error).toContain('未归类');
    const kept = await t.deps.db
      .selectFrom('ad_auths')
      .select(['state', 'refresh_expires_at'])
      .where('id', '=', auth.id)
      .executeTakeFirstOrThrow();
    expect(kept.state).toBe('active');
    // The refresh token's lifetime the platform stated at the last refresh passes; the back-off pause ends.
    const then = clock.nowMs();
    clock.set((Number(kept.refresh_expires_at) + 11 * 60) * 1000);
    const { outcome, run } = await runNow(ENTITY_JOB);
    expect(outcome.ran).toBe(true);
    expect(run?.error).toContain('需要重新授权');
    token = await loginAs(t, customerEmail); // a month later: a new session
    const listed = await t.post<{ list: AuthView[] }>('/capi/napi/auth/index', {}, { token });
    const mine = listed.body.data.list.find((x) => x.id === auth.id)!;
    expect([mine.status, mine.status_label, mine.accounts[0]!.last_sync_error]).toEqual(['reauth', '需要重新授权', run?.error]);
    // Not synced while it waits for the user: no run is recorded for it.
    const lastReport = (await runNow(REPORT_JOB)).run?.id;
    expect((await runNow(REPORT_JOB)).run?.id).toBe(lastReport);
    expect((await t.post('/capi/napi/auth/sync', { id: auth.id }, { token })).body).toMatchObject({
      code: 4000,
      msg: '该授权已失效，请先重新授权',
    });

    clock.set(then + 11 * 60_000); // back to the sandbox's own time (it issues the new grant's lifetimes)
    token = await loginAs(t, customerEmail);
    const renewed = await authoriseAs(t, token, 2, [adv.id], { reauthorise: auth.id });
    expect(renewed.status).toBe('valid');
    await t.deps.jobs.idle();
    const { run: ok } = await runNow(ENTITY_JOB);
    expect(ok?.error).toBe('');
  });
});
