import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { processingLag } from '../../src/server/tracking/lag.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import { readMarks } from '../../src/server/tracking/progress.ts';
import { hourOf } from '../../src/server/tracking/rollup.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import { monitorUrl } from '../../src/shared/macros.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testNowMs } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { insertLinkRow } from '../support/factories.ts';
import { get, monitorServer, runAll } from './tracking-helpers.ts';

const PW = 'secret123';

/** A juliang ping with every macro substituted (30 parameters). */
function juliangQuery(i: number, kind: 'click' | 'show'): string {
  const template = monitorUrl('http://x', kind, 2, '1').split('?')[1]!;
  return (
    template
      .replace('__ADVERTISER_ID__', `17000000${i % 3}`)
      .replace('__CAMPAIGN_ID__', '555')
      .replace('__AID__', `71${i % 2}`)
      .replace('__CID__', '9001')
      .replace('__CALLBACK_PARAM__', `cbv_${i % 1500}`)
      .replace('__OS__', String(i % 2))
      .replace('__TS__', String(testNowMs()))
      // each click its own device IP: one IP clicking 1 500 times in a minute would be a flood (tracking/verdict)
      .replace('__IP__', `203.0.${(i >> 8) & 255}.${i & 255}`)
      .replace('__UA__', encodeURIComponent('Mozilla/5.0 (Linux; Android 14)'))
  );
}

function tengxunQuery(i: number, kind: 'click' | 'show'): string {
  const template = monitorUrl('http://x', kind, 4, '1').split('?')[1]!;
  return template
    .replace('__ACCOUNT_ID__', '3300001')
    .replace('__ADGROUP_ID__', `88${i % 4}`)
    .replace('__CLICK_ID__', `ck${i % 1600}`)
    .replace('__CALLBACK__', encodeURIComponent(`https://api.e.qq.com/cb?x=${i}`))
    .replace('__DEVICE_OS_TYPE__', 'ios');
}

describe.each(dialects())('tracking ingestion on $name', (dialect) => {
  let t: TestApp;
  let srv: Awaited<ReturnType<typeof monitorServer>>;
  let c1: number;
  let agent: number;
  let sub: number;
  let other: number;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await createUser(t.deps, { email: 'super@x.cn', password: PW, role: 1 });
    await createUser(t.deps, { email: 'ud@x.cn', password: PW, role: 5 });
    c1 = (await createUser(t.deps, { email: 'c1@x.cn', password: PW, role: 3 })).id;
    agent = (await createUser(t.deps, { email: 'agent@x.cn', password: PW, role: 4 })).id;
    sub = (await createUser(t.deps, { email: 'sub@x.cn', password: PW, role: 3, parentEmail: 'agent@x.cn' })).id;
    other = (await createUser(t.deps, { email: 'other@x.cn', password: PW, role: 3 })).id;
    await insertLinkRow(t.deps.db, { pageid: '1001', customerid: c1, state: 2 });
    await insertLinkRow(t.deps.db, { pageid: '1002', customerid: sub, state: 4 });
    await insertLinkRow(t.deps.db, { pageid: '1003', customerid: other, state: 2 });
    await insertLinkRow(t.deps.db, { pageid: '1004', customerid: other, state: 2, deleted: true });
    srv = await monitorServer(t.deps.db, t.deps.engine, t.deps.clock);
  });
  afterAll(async () => {
    await srv?.close();
    await t?.close();
  });

  it('10 000 pings → 10 000 raw rows → events and rollups, clicks deduped by click key', async () => {
    const pings: string[] = [];
    for (let i = 0; i < 3000; i++) pings.push(`/m/s/1001?${juliangQuery(i, 'show')}`);
    for (let i = 0; i < 2000; i++) pings.push(`/m/c/1001?${juliangQuery(i, 'click')}`);
    for (let i = 0; i < 3000; i++) pings.push(`/m/s/1002?${tengxunQuery(i, 'show')}`);
    for (let i = 0; i < 2000; i++) pings.push(`/m/c/1002?${tengxunQuery(i, 'click')}`);
    const statuses = new Map<number, number>();
    await runAll(pings, 64, async (p) => {
      const s = await get(srv.base, p, { 'user-agent': 'PlatformBot/1.0' });
      statuses.set(s, (statuses.get(s) ?? 0) + 1);
    });
    expect(Object.fromEntries(statuses)).toEqual({ 204: 10_000 });
    const raw = await t.deps.db
      .selectFrom('monitor_raw')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(raw.n)).toBe(10_000);

    const run = await processAll(t.deps.db, t.deps.engine);
    expect(run).toEqual({ monitor: 10_000, visits: 0, rejects: 0 });
    const ev = await t.deps.db
      .selectFrom('monitor_events')
      .select(['pageid', 'kind', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('dup').as('dups')])
      .groupBy(['pageid', 'kind'])
      .orderBy('pageid')
      .orderBy('kind')
      .execute();
    expect(ev.map((r) => [r.pageid, r.kind, Number(r.n), Number(r.dups)])).toEqual([
      ['1001', 'click', 2000, 500],
      ['1001', 'show', 3000, 0],
      ['1002', 'click', 2000, 400],
      ['1002', 'show', 3000, 0],
    ]);
    const sample = await t.deps.db
      .selectFrom('monitor_events')
      .selectAll()
      .where('pageid', '=', '1001')
      .where('kind', '=', 'click')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(sample).toMatchObject({
      channel: 2,
      camp: '555',
      cid: '9001',
      ip: expect.stringMatching(/^203\.0\.\d+\.\d+$/),
      ua: 'Mozilla/5.0 (Linux; Android 14)',
      customerid: c1,
      clickid: '',
    });
    expect(sample.callback).toMatch(/^cbv_/);
    expect(['android', 'ios']).toContain(sample.os);
    const tx = await t.deps.db
      .selectFrom('monitor_events')
      .selectAll()
      .where('pageid', '=', '1002')
      .where('kind', '=', 'click')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({
      channel: 4,
      adv: '3300001',
      clickid: 'ck0',
      os: 'ios',
      callback: 'https://api.e.qq.com/cb?x=0',
      ua: 'PlatformBot/1.0',
    });

    const roll = await t.deps.db
      .selectFrom('rollup_hourly')
      .select(['pageid', (eb) => eb.fn.sum<number>('shows').as('shows'), (eb) => eb.fn.sum<number>('clicks').as('clicks')])
      .groupBy('pageid')
      .orderBy('pageid')
      .execute();
    expect(roll.map((r) => [r.pageid, Number(r.shows), Number(r.clicks)])).toEqual([
      ['1001', 3000, 1500],
      ['1002', 3000, 1600],
    ]);
    const daily = await t.deps.db
      .selectFrom('rollup_daily')
      .select((eb) => [eb.fn.sum<number>('shows').as('s'), eb.fn.sum<number>('clicks').as('c')])
      .executeTakeFirstOrThrow();
    expect([Number(daily.s), Number(daily.c)]).toEqual([6000, 3100]);
    // grouped by advertiser and ad
    const perAdv = await t.deps.db.selectFrom('rollup_hourly').select(['adv', 'aid']).where('pageid', '=', '1001').execute();
    expect(new Set(perAdv.map((r) => r.adv))).toEqual(new Set(['170000000', '170000001', '170000002']));

    // A second run finds nothing; a repeated click in a later batch still counts once.
    expect(await processAll(t.deps.db, t.deps.engine)).toEqual({ monitor: 0, visits: 0, rejects: 0 });
    expect(await get(srv.base, `/m/c/1002?${tengxunQuery(5, 'click')}`)).toBe(204);
    await processAll(t.deps.db, t.deps.engine);
    const after = await t.deps.db
      .selectFrom('rollup_hourly')
      .select((eb) => eb.fn.sum<number>('clicks').as('c'))
      .where('pageid', '=', '1002')
      .executeTakeFirstOrThrow();
    expect(Number(after.c)).toBe(1600);
  });

  it('refuses malformed and hostile pings with a reason and keeps going', async () => {
    const before = await t.deps.db.selectFrom('monitor_rejects').select('id').execute();
    const huge = 'x'.repeat(9_000);
    const cases: Array<[string, Record<string, string>?]> = [
      [`/m/c/1001?ch=2&adv=${huge}`],
      ['/m/c/99999?ch=2&adv=1'],
      ['/m/c/12ab?ch=2'],
      ['/m/c/1004?ch=2'],
      ['/m/s/1001?ch=2&adv=%E4%B8&aid=%ZZ'],
      ['/m/c/1001?ch=2&adv=1', { 'user-agent': 'U'.repeat(10_240) }],
      [`/m/c/${'9'.repeat(40)}?ch=2`],
      ['/m/c/?ch=2'],
      [`/m/c/1001?ch=2&adv=${'7'.repeat(300)}`],
    ];
    for (const [p, h] of cases) expect(await get(srv.base, p, h)).toBe(204);
    // beyond Node's header limit the request never reaches us: 431, nothing stored
    expect(await get(srv.base, `/m/c/1001?adv=${'x'.repeat(20_000)}`)).toBe(431);
    // and a good one in the same run (its callback repeats an earlier click: stored as dup, not counted)
    expect(await get(srv.base, `/m/c/1001?${juliangQuery(99_999, 'click')}`)).toBe(204);
    const run = await processAll(t.deps.db, t.deps.engine);
    expect(run.monitor).toBe(cases.length + 1);
    expect(run.rejects).toBe(cases.length);
    const rejects = await t.deps.db
      .selectFrom('monitor_rejects')
      .select(['reason', 'pageid'])
      .where('id', 'not in', before.length ? before.map((r) => r.id) : [-1])
      .orderBy('id')
      .execute();
    expect(rejects.map((r) => r.reason)).toEqual([
      'too_long',
      'unknown_page',
      'bad_pageid',
      'deleted_page',
      'malformed',
      'ua_too_long',
      'bad_pageid',
      'bad_pageid',
      'field_too_long',
    ]);
    expect(rejects.every((r) => r.pageid.length <= 20)).toBe(true);
  });

  it('answers 405 to other methods and 503 when the queue is full', async () => {
    const { EventBatcher } = await import('../../src/server/tracking/batch.ts');
    const full = new EventBatcher(t.deps.db, t.deps.engine, { maxRows: 10, delayMs: 1000, maxPending: 2 });
    const done: boolean[] = [];
    const row = { table: 'monitor_raw' as const, row: { kind: 'c', pageid: '1001', query: '', ip: '', ua: '', received_at: 1 } };
    expect(full.add(row, (ok) => done.push(ok))).toBe(true);
    expect(full.add(row, (ok) => done.push(ok))).toBe(true);
    expect(full.add(row, (ok) => done.push(ok))).toBe(false);
    await full.close();
    expect(done).toEqual([true, true]);
    expect(full.add(row, () => {})).toBe(false);
    await t.deps.db.deleteFrom('monitor_raw').where('received_at', '=', 1).execute();
  });

  describe('stats API', () => {
    const token = async (email: string) => (await t.post<{ jwt: string }>('/capi/api/user/login', { email, password: PW })).body.data.jwt;
    const today = () => chinaDay(t.deps.clock.now());

    it('answers hourly and daily series from rollups with totals and ctr', async () => {
      const tok = await token('c1@x.cn');
      // The range is read from when the pings of the earlier tests arrived, so the test holds across an hour or midnight.
      const seen = await t.deps.db
        .selectFrom('monitor_raw')
        .where('pageid', '=', '1001')
        .select((eb) => [eb.fn.min('received_at').as('first'), eb.fn.max('received_at').as('last')])
        .executeTakeFirstOrThrow();
      const day = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 10);
      const [first, last] = [Number(seen.first), Number(seen.last)];
      const r = await t.post<{
        series: Array<{ time: string; ts: number; shows: number; clicks: number; visits: number }>;
        totals: Record<string, number>;
      }>('/capi/napi/link/stats', { pageid: '1001', start: day(first), end: day(last), granularity: 'hour' }, { token: tok });
      expect(r.body.code).toBe(1);
      expect(r.body.data.series.length % 24).toBe(0);
      expect(r.body.data.totals).toEqual({ shows: 3000, clicks: 1500, invalid_clicks: 0, raw_clicks: 1500, visits: 0, ctr: 50 });
      const lastHour = r.body.data.series.find((p) => p.ts === hourOf(last));
      expect(lastHour?.shows).toBeGreaterThan(0);
      const d = await t.post<{ series: Array<{ shows: number; clicks: number; visits: number }>; totals: Record<string, number> }>(
        '/capi/napi/link/stats',
        { pageid: 1001, start: day(first), end: day(last), granularity: 'day' },
        { token: tok },
      );
      if (day(first) === day(last))
        expect(d.body.data.series).toEqual([
          {
            time: day(last),
            ts: expect.any(Number),
            shows: 3000,
            clicks: 1500,
            invalid_clicks: 0,
            visits: 0,
            platform_shows: 0,
            platform_clicks: 0,
          },
        ]);
      expect(d.body.data.series.reduce((a, p) => a + p.shows, 0)).toBe(3000);
      // a range without shows has no 点击率 (spec §9: an undefined ratio is '--'), not 0 %
      const none = await t.post<{ totals: Record<string, number | null> }>(
        '/capi/napi/link/stats',
        { pageid: '1001', start: '2020-01-01', end: '2020-01-02', granularity: 'day' },
        { token: tok },
      );
      expect(none.body.data.totals).toEqual({ shows: 0, clicks: 0, invalid_clicks: 0, raw_clicks: 0, visits: 0, ctr: null });
    });

    it.each([
      ['agent@x.cn', '1002', 1],
      ['sub@x.cn', '1002', 1],
      ['c1@x.cn', '1002', 4004],
      ['agent@x.cn', '1001', 4004],
      ['super@x.cn', '1003', 1],
      ['other@x.cn', '1004', 4004],
      ['ud@x.cn', '1001', 4003],
      ['c1@x.cn', '424242', 4004],
    ])('%s asking for %s gets code %i', async (email, pageid, code) => {
      const r = await t.post('/capi/napi/link/stats', { pageid, start: today(), end: today() }, { token: await token(email) });
      expect(r.body.code).toBe(code);
      if (code === 4004) expect(r.body.msg).toBe('推广链接不存在');
    });

    it.each([
      [{ pageid: 'abc', start: '2026-01-01', end: '2026-01-02' }, '推广链接ID格式不正确'],
      [{ pageid: '1001', start: '2026-03-01', end: '2026-01-02' }, '结束时间不能早于开始时间'],
      [{ pageid: '1001', start: '2026-01-01', end: '2026-06-02' }, '统计时间范围不能超过 92 天'],
      [{ pageid: '1001', start: '2026/01/01', end: '2026-01-02' }, '时间格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss'],
      [{ pageid: '1001', start: '2026-01-01', end: '2026-01-02', granularity: 'week' }, '统计粒度只能是 hour 或 day'],
    ])('rejects bad input %j', async (input, msg) => {
      const r = await t.post('/capi/napi/link/stats', input, { token: await token('c1@x.cn') });
      expect(r.body.code).toBe(4000);
      expect(r.body.msg).toBe(msg);
    });

    it('needs a login', async () => {
      const r = await t.post('/capi/napi/link/stats', { pageid: '1001', start: today(), end: today() });
      expect(r.body.code).toBe(1009);
    });
  });

  it('leaves no raw row waiting: the lag read from ids is zero, and so is a count after the marks', async () => {
    expect(await processingLag(t.deps.db, t.deps.clock.now())).toEqual({ rows: 0, seconds: 0 });
    const marks = await readMarks(t.deps.db);
    const n = await sql<{ n: number }>`select count(*) as n from monitor_raw where id > ${marks.monitor_raw}`.execute(t.deps.db);
    expect(Number(n.rows[0]!.n)).toBe(0);
  });
});
