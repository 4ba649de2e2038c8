/** The status history job: statuses the sync wrote are logged once per change, and the plan detail shows them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/accounts/users.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { STATUS_HISTORY_JOB } from '../../src/server/promotion/jobs.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { insertAccount, insertEntity } from '../support/factories-promotion.ts';

describe.each(dialects())('status history ($name)', (dialect) => {
  let t: TestApp;
  let token = '';
  const clock = new ManualClock(Date.parse('2026-03-10T10:00:00+08:00'));
  const sync = (id: string, raw_status: string, status: string) =>
    t.deps.db.updateTable('ad_entities').set({ raw_status, status, synced_at: clock.now() }).where('entity_id', '=', id).execute();
  const history = async () =>
    (
      await t.post<{ history: Array<{ status_label: string; source: string; at: number }> }>(
        '/capi/napi/promote/detail',
        { acpl: 2, type: 'plan', id: '501' },
        { token },
      )
    ).body.data.history;

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    const c = await createUser(t.deps, { email: 'h@x.cn', password: 'secret123', role: 3 });
    token = (await t.post<{ jwt: string }>('/capi/api/user/login', { email: 'h@x.cn', password: 'secret123' })).body.data.jwt;
    await insertAccount(t.deps, { platform: 2, advertiserId: '9', customerid: c.id });
    for (const id of ['501', '502'])
      await insertEntity(t.deps.db, {
        platform: 2,
        advertiser_id: '9',
        customerid: c.id,
        level: 'plan',
        entity_id: id,
        raw_status: 'AD_STATUS_AUDIT',
        status: 'auditing',
        synced_at: clock.now(),
      });
  });
  afterAll(() => t.close());

  it('logs each status the sync wrote once, in order, and nothing for an unchanged one', async () => {
    await t.deps.jobs.run(STATUS_HISTORY_JOB);
    clock.advance(3600_000);
    await sync('501', 'AD_STATUS_DELIVERY_OK', 'delivering');
    await t.deps.jobs.run(STATUS_HISTORY_JOB);
    clock.advance(3600_000);
    await sync('501', 'AD_STATUS_DELIVERY_OK', 'delivering');
    await sync('502', 'AD_STATUS_AUDIT', 'auditing');
    await t.deps.jobs.run(STATUS_HISTORY_JOB);
    clock.advance(3600_000);
    await sync('501', 'AD_STATUS_BUDGET_EXCEED', 'budget_exceed');
    await t.deps.jobs.run(STATUS_HISTORY_JOB);
    const h = await history();
    expect(h.map((x) => [x.status_label, x.source])).toEqual([
      ['超出预算', 'sync'],
      ['投放中', 'sync'],
      ['新建审核中', 'sync'],
    ]);
    expect(h[0]!.at - h[1]!.at).toBe(7200);
    const all = await t.deps.db.selectFrom('promote_status_log').select('entity_id').where('entity_id', '=', '502').execute();
    expect(all).toHaveLength(1);
  });
});
