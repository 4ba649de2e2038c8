/**
 * 拼多多 pid + uid 备案 (issue 20): a 拼多多 link's owner is its custom_parameters uid; the pair is checked with
 * 多多进宝 when the link is converted, an unbound one is shown to its customer (and only them) with the binding link
 * in Chinese, and once bound in the 拼多多 app (the sandbox's binding page) a recheck — asked for, or the hourly
 * job — clears it. All over HTTP against the union sandbox, on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { PDD_AUTHORITY_JOB } from '../../src/server/affiliate/jobs.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import type { PddAuthorityNoticeView } from '../../src/shared/pdd-authority.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';

describe.each(dialects())('拼多多 备案 on $name', (dialect) => {
  let t: TestApp;
  let owner: UserRow;
  let other: UserRow;
  const clock = new ManualClock(Date.parse('2026-03-10T12:00:00+08:00'));
  const notices = async (user: UserRow, body: Record<string, unknown> = {}) => {
    const r = await t.post<{ list: PddAuthorityNoticeView[]; total: number }>('/capi/napi/order/pdd-authority', body, {
      token: await loginAs(t, user.email),
    });
    expect(r.body.code).toBe(1);
    return r.body.data;
  };
  const row = (uid: string) => t.deps.db.selectFrom('pdd_authorities').selectAll().where('uid', '=', uid).executeTakeFirst();

  beforeAll(async () => {
    t = await makeTestApp(dialect, {}, { clock });
    owner = await makeUser(t.deps);
    other = await makeUser(t.deps);
  });
  afterAll(() => t.close());

  it('a 拼多多 link checks its owner’s pair: unbound, with the binding link, shown to the owner only', async () => {
    await makeLink(t.deps, owner, { platform: 5, item: '356789012345' });
    const r = await row(`c${owner.id}`);
    expect(r).toMatchObject({ pid: '1000001_20000002', customerid: owner.id, bound: 0, error: '', checked_at: clock.now() });
    expect(r?.bind_url).toMatch(/\/sandbox\/pdd\/authority\?pid=1000001_20000002&uid=c\d+/);
    const mine = await notices(owner);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ uid: `c${owner.id}`, bind_url: r?.bind_url });
    expect(mine.list[0]!.message).toContain('尚未在多多进宝备案');
    expect(await notices(other)).toEqual({ list: [], total: 0 });
    // a second link of the same owner asks no more (checked within the hour)
    await makeLink(t.deps, owner, { platform: 5, item: '356789012346' });
    expect((await notices(owner)).total).toBe(1);
  });

  it('bound in the 拼多多 app, a recheck clears the notice; the hourly job does the same for another owner', async () => {
    const url = new URL((await row(`c${owner.id}`))!.bind_url);
    await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ pid: url.searchParams.get('pid')!, uid: url.searchParams.get('uid')! }),
    });
    expect(await notices(owner, { recheck: true })).toEqual({ list: [], total: 0 });
    expect(await row(`c${owner.id}`)).toMatchObject({ bound: 1, bind_url: '' });

    await makeLink(t.deps, other, { platform: 5, item: '356789012347' });
    expect((await notices(other)).total).toBe(1);
    await t.unions.admin('pdd', '/authority', { pid: '1000001_20000002', uid: `c${other.id}`, bound: true });
    await t.deps.jobs.run(PDD_AUTHORITY_JOB);
    expect((await notices(other)).total).toBe(1); // looked at less than an hour ago
    clock.advance(3601_000);
    await t.deps.jobs.run(PDD_AUTHORITY_JOB);
    expect(await notices(other)).toEqual({ list: [], total: 0 });
  });

  it('when 多多进宝 cannot answer, the link is still made and the notice says the state is not known', async () => {
    const third = await makeUser(t.deps);
    await t.unions.admin('pdd', '/failures', { method: 'pdd.ddk.member.authority.query', kind: 'http500', count: 5 });
    const link = await makeLink(t.deps, third, { platform: 5, item: '356789012348' });
    expect(link.transedlink).toContain('/sandbox/pdd/');
    const n = await notices(third);
    expect(n.total).toBe(1);
    expect(n.list[0]!.message).toContain('尚未能确认备案状态');
  });

  it('bad input is refused in Chinese', async () => {
    const r = await t.post('/capi/napi/order/pdd-authority', { recheck: 'yes' }, { token: await loginAs(t, owner.email) });
    expect(r.body.code).not.toBe(1);
    expect(r.body.msg).toContain('recheck');
  });
});
