import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boot } from '../../src/server/boot.ts';
import { ConfigError } from '../../src/server/kernel/config.ts';
import { PROCESSOR_JOB } from '../../src/server/tracking/jobs.ts';
import { chinaDay } from '../../src/shared/china-clock.ts';
import { Code } from '../../src/shared/codes.ts';
import type { LinkView } from '../../src/shared/links.ts';
import type { LinkMetricsRow, StatsResult } from '../../src/shared/stats.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';

/**
 * Optional IP region data (issue 23): with IP_REGION_DB (here MaxMind's own test database, tests/fixtures, see
 * src/server/tracking/verdict/region.test.ts) a click whose device IP (the platform's `ip` macro) or a visit whose
 * address is located outside IP_REGION_ALLOW (default CN) is `foreign_ip`, 境外 IP on the link detail's breakdown and
 * the link list's, and not a valid click. Without the setting the same traffic is all valid. The processor runs as
 * the server runs it: the scheduler's processor job, with the dependency set boot built from the environment.
 */
const MMDB = path.resolve(import.meta.dirname, '../fixtures/geolite2-country-test.mmdb');
const CN = ['111.235.160.1', '111.235.160.2', '111.235.163.254'];
const FOREIGN = ['81.2.69.142', '81.2.69.143', '2001:2e0::7']; // GB, GB, HK
/** Booting an app on PGlite and processing take a while on a loaded 2-core machine (66 s seen at load 9). */
const SLOW = 180_000;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme/30.1.0';

describe.each(dialects())('foreign device IPs with IP_REGION_DB on $name', (dialect) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function world(env: Record<string, string>): Promise<{ link: LinkView; token: string }> {
    t = await makeTestApp(dialect, env);
    const owner = await makeUser(t.deps, { email: 'region@x.cn' });
    const token = await loginAs(t, owner.email);
    const link = await makeLink(t.deps, owner, { platform: 2, state: 2, item: '612345678901' });
    const now = t.deps.clock.now();
    // as the monitor's hot path stores them: the request came from the platform's server (a Chinese address) — only
    // the `ip` macro names the device
    await t.deps.db
      .insertInto('monitor_raw')
      .values(
        [...CN, ...FOREIGN].map((ip, i) => ({
          kind: 'c',
          pageid: link.pageid,
          query: `ch=2&adv=A1&aid=P1&cb=cb-${i}&ip=${encodeURIComponent(ip)}&ua=${encodeURIComponent(PHONE)}`,
          ip: '111.235.160.9',
          ua: 'platform-server',
          received_at: now - 60,
        })),
      )
      .execute();
    // landing visits: the browser's own address
    await t.deps.db
      .insertInto('landing_visits')
      .values([CN[0]!, FOREIGN[0]!].map((ip) => ({ pageid: link.pageid, query: '', ip, ua: PHONE, referer: '', received_at: now - 30 })))
      .execute();
    expect(await t.deps.jobs.run(PROCESSOR_JOB)).toMatchObject({ ran: true, error: '' });
    return { link, token };
  }

  async function screens(link: LinkView, token: string) {
    const day = chinaDay(t.deps.clock.now());
    const post = async <T>(p: string, body: unknown): Promise<T> => {
      const r = await t.post<T>(p, body, { token });
      expect(r.body.code, r.body.msg).toBe(Code.ok);
      return r.body.data;
    };
    const stats = await post<StatsResult>('/capi/napi/link/stats', { pageid: link.pageid, start: day, end: day, granularity: 'day' });
    const metrics = await post<{ list: LinkMetricsRow[] }>('/capi/napi/link/metrics', { pageids: [link.pageid], start: day, end: day });
    return { stats, row: metrics.list[0]! };
  }

  it(
    'with the setting: the foreign clicks are 境外 IP on the detail and the list, and not valid clicks',
    async () => {
      const { link, token } = await world({ IP_REGION_DB: MMDB });
      const verdicts = await t.deps.db.selectFrom('monitor_events').select(['ip', 'invalid']).where('pageid', '=', link.pageid).execute();
      expect(Object.fromEntries(verdicts.map((v) => [v.ip, v.invalid]))).toEqual({
        ...Object.fromEntries(CN.map((ip) => [ip, ''])),
        ...Object.fromEntries(FOREIGN.map((ip) => [ip, 'foreign_ip'])),
      });
      const visits = await t.deps.db.selectFrom('visit_events').select(['ip', 'invalid']).where('pageid', '=', link.pageid).execute();
      expect(Object.fromEntries(visits.map((v) => [v.ip, v.invalid]))).toEqual({ [CN[0]!]: '', [FOREIGN[0]!]: 'foreign_ip' });

      const { stats, row } = await screens(link, token);
      expect(stats.totals).toMatchObject({ clicks: 3, invalid_clicks: 3, raw_clicks: 6, visits: 1 });
      expect(stats.reasons.find((r) => r.key === 'invalid_traffic')?.text).toBe(
        '3 次无效点击未计入有效点击（无效占比 50.0%）：境外 IP 3。无效点击不归因订单、不回传',
      );
      expect(row).toMatchObject({ monitor_clicks: 3, invalid_clicks: 3 });
      expect(row.invalid_reasons).toEqual([{ reason: 'foreign_ip', label: '境外 IP', count: 3 }]);
    },
    SLOW,
  );

  it(
    'IP_REGION_ALLOW widens the delivery region: with CN,HK the Hong Kong click is valid',
    async () => {
      const { link, token } = await world({ IP_REGION_DB: MMDB, IP_REGION_ALLOW: 'CN,HK' });
      const { stats, row } = await screens(link, token);
      expect(stats.totals).toMatchObject({ clicks: 4, invalid_clicks: 2 });
      expect(row.invalid_reasons).toEqual([{ reason: 'foreign_ip', label: '境外 IP', count: 2 }]);
    },
    SLOW,
  );

  it(
    'without the setting nothing is looked up: the same traffic is all valid',
    async () => {
      const { link, token } = await world({});
      expect(t.deps.ipRegion).toBeNull();
      const { stats, row } = await screens(link, token);
      expect(stats.totals).toMatchObject({ clicks: 6, invalid_clicks: 0, visits: 2 });
      expect(row).toMatchObject({ invalid_clicks: 0, invalid_reasons: [] });
    },
    SLOW,
  );
});

it('a missing IP_REGION_DB file stops the start with a ConfigError naming the setting (before the database is opened)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-region-'));
  const missing = path.join(dataDir, 'GeoLite2-Country.mmdb');
  const err = await boot({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', IP_REGION_DB: missing } }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConfigError);
  expect((err as Error).message).toContain(`IP_REGION_DB=${JSON.stringify(missing)}: 文件不存在`);
});
