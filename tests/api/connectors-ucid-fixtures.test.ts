/**
 * UC 汇川 connector against the protocol fixtures (tests/fixtures/platforms/ucid/, from disv5/opensdk and
 * CloudyCity/uc-marketing-sdk): request builders and parsers, no sandbox. The UC row of issue 20: plans come grouped
 * (`adGroupCampaigns[].campaignTypes[]` with `id` / `name` / `state`), the quota is `left_quota`, the report's
 * `taskId` is an int64 — each has a test that fails on the old code.
 */
import { describe, expect, it } from 'vitest';
import type { CallAuth } from '../../src/server/connectors/ad-platform.ts';
import { createUcidConnector } from '../../src/server/connectors/ucid/index.ts';
import { fakeFetch, loadFixture, requestMismatches, wireText } from '../support/platform-fixtures.ts';

const auth: CallAuth = { kind: 'credentials', username: 'demo-user', password: 'pw', token: 'api-token' };
const fx = (name: string) => loadFixture('ucid', name);
const ok = (name: string) => fx(name).answers.ok;
/** The connector on the real host, answered in turn by fixture answers (objects) or raw texts (strings). */
const make = (answers: unknown[]) => {
  const f = fakeFetch(answers.map((a) => (typeof a === 'string' ? a : wireText(a))));
  const conn = createUcidConnector(
    {
      apiBase: 'https://e.uc.cn',
      postbackBase: 'https://huichuan.uc.cn',
      http: { retries: 0, rateLimitRetries: 0, baseDelayMs: 1 },
      reportPollMs: 1,
    },
    f.fetch,
    { sleep: async () => {} },
  );
  return { conn, seen: f.sent };
};
const sentBody = (text: string) => JSON.parse(text) as { header: unknown; body?: Record<string, unknown> };

describe('UC on the fixtures', () => {
  it('account/getAccount: the header carries the credentials; the advertiser is accountInfoType.userId', async () => {
    const { conn, seen } = make([ok('account-get-account')]);
    expect(await conn.listAdvertisers(auth)).toEqual([{ advertiserId: '30001234', name: '青禾服饰' }]);
    expect(requestMismatches(fx('account-get-account'), seen[0]!)).toEqual([]);
    expect(sentBody(seen[0]!.body)).toEqual(fx('account-get-account').call.body);
  });

  it('reads plans grouped per 推广组 (adGroupCampaigns → campaignTypes: id, name, state, paused, budget, bids, objectives)', async () => {
    const { conn, seen } = make([ok('adgroup-get-all-ad-group-id'), ok('campaign-get-campaign-by-ad-group-id')]);
    const page = await conn.listEntities(auth, '30001234', 'plan', null);
    expect(
      page.items.map((p) => [p.id, p.parentId, p.name, p.rawStatus, p.status, p.enabled, p.budgetFen, p.bidFen, p.landingUrl]),
    ).toEqual([
      ['200000001', '100000001', '爆款引流-信息流', '14', 'delivering', true, 300000, 80, 'https://t.example.com/pub/3001'],
      ['200000002', '100000001', '老客召回', '4', 'paused', false, 50000, 50, 'https://t.example.com/pub/3002'],
    ]);
    expect(page.next).toBeNull();
    expect(requestMismatches(fx('adgroup-get-all-ad-group-id'), seen[0]!)).toEqual([]);
    expect(sentBody(seen[1]!.body).body).toEqual({ adGroupIds: [100000001, 100000002] });
  });

  it('an answer without adGroupCampaigns (or without a body) is a protocol error, never 0 plans', async () => {
    const flat = { header: { desc: 'success', status: 0 }, body: { campaignTypes: [{ campaignId: 1, campaignName: 'x' }] } };
    await expect(make([ok('adgroup-get-all-ad-group-id'), flat]).conn.listEntities(auth, '1', 'plan', null)).rejects.toMatchObject({
      kind: 'protocol',
      platform: 'ucid',
    });
    await expect(make([{ header: { status: 0 } }]).conn.listAdvertisers(auth)).rejects.toMatchObject({ kind: 'protocol' });
    await expect(make(['<html>gateway</html>']).conn.listAdvertisers(auth)).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('a refusal names its failure; no quota left (left_quota 0, or leftQuota 0) is backed off as a rate limit', async () => {
    const refused = fx('account-get-account').answers.errors[0]?.answer;
    await expect(make([refused]).conn.listAdvertisers(auth)).rejects.toMatchObject({
      platformCode: '8101',
      message: expect.stringContaining('用户名或密码错误'),
    });
    const spent = {
      header: { desc: 'failure', status: 2, quota: 50000, left_quota: 0, failures: [{ code: 9999, message: '配额不足' }] },
      body: {},
    };
    await expect(make([spent]).conn.listAdvertisers(auth)).rejects.toMatchObject({ kind: 'rate_limited' });
    const camel = { header: { desc: 'failure', status: 2, quota: 50000, leftQuota: 0, failures: [] }, body: {} };
    await expect(make([camel]).conn.listAdvertisers(auth)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(await make([fx('account-get-account').answers.variants?.camelQuota]).conn.listAdvertisers(auth)).toHaveLength(1);
  });

  it('the report: the int64 taskId goes back as the same bare integer; getFile polled; the CSV read', async () => {
    const day = Date.UTC(2024, 2, 1) / 1000 - 8 * 3600;
    const notReady = fx('report-get-file').answers.variants?.notReady;
    const { conn, seen } = make([ok('report-campaign'), notReady, ok('report-get-file'), ok('report-download-file')]);
    const facts = await conn.hourlyReport(auth, '30001234', day, day + 23 * 3600);
    expect(facts).toEqual([
      {
        advertiserId: '30001234',
        campaignId: '100000001',
        planId: '200000001',
        hour: day + 9 * 3600,
        costFen: 2880,
        shows: 1200,
        clicks: 36,
        conversions: 2,
      },
    ]);
    expect(seen.map((r) => r.url.pathname)).toEqual([
      '/api/report/campaign',
      '/api/report/getFile',
      '/api/report/getFile',
      '/api/report/downloadFile',
    ]);
    for (const r of seen.slice(1)) expect(r.body).toContain('"taskId":9007199254740993123');
    expect(requestMismatches(fx('report-campaign'), seen[0]!)).toEqual([]);
    expect(Object.keys(sentBody(seen[0]!.body).body ?? {}).sort()).toEqual(['endDate', 'performanceData', 'startDate', 'unitOfTime']);
  });

  it('the CSV is decoded as GB2312 (gb18030); an empty file is retried, a CSV without the expected columns is a protocol error', async () => {
    const day = Date.UTC(2024, 2, 1) / 1000 - 8 * 3600;
    const empty = make([ok('report-campaign'), ok('report-get-file'), fx('report-download-file').answers.errors[0]?.answer ?? '']);
    await expect(empty.conn.hourlyReport(auth, '1', day, day)).rejects.toMatchObject({ kind: 'transient' });
    const chinese = make([ok('report-campaign'), ok('report-get-file'), '日期,小时,推广计划\n2024-03-01,9,1\n']);
    await expect(chinese.conn.hourlyReport(auth, '1', day, day)).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('缺少列'),
    });
  });

  it('sends the fixture bodies of pause and budget (forceBudget) and the bid update', async () => {
    const { conn, seen } = make([ok('campaign-paused-update'), ok('campaign-budget-update'), ok('campaign-bid-update')]);
    expect(await conn.updateStatus(auth, '30001234', 'plan', ['200000001'], false)).toEqual([{ id: '200000001', ok: true }]);
    expect(await conn.updateBudget?.(auth, '30001234', 'plan', '200000001', 80000)).toEqual({ id: '200000001', ok: true });
    expect(await conn.updateBid?.(auth, '30001234', 'plan', '200000001', 120)).toEqual({ id: '200000001', ok: true });
    expect(sentBody(seen[0]!.body)).toEqual(fx('campaign-paused-update').call.body);
    expect(sentBody(seen[1]!.body)).toEqual({
      ...(fx('campaign-budget-update').call.body as object),
      body: { campaignIds: [200000001], budget: 800, forceBudget: false },
    });
    expect(sentBody(seen[2]!.body)).toEqual(fx('campaign-bid-update').call.body);
  });
});
