import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorOf } from '../../src/server/accounts/actor.ts';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { parseWith } from '../../src/server/kernel/parse.ts';
import { deleteLink, updateLink } from '../../src/server/links/service.ts';
import { linkUpdateInput } from '../../src/shared/links.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { testClock, testNowMs } from '../support/clock.ts';
import { dialects } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';

/** Each link's promotion URL carries its own tracking ids (docs/attribution.md), issued by the union over HTTP. */
describe.each(dialects())('link conversion through the union connectors on $name', (dialect) => {
  let t: TestApp;
  let owner: UserRow;
  const clock = testClock();
  interface UnionLink {
    tracking_key: string;
    tracking: string;
  }
  const unionLinks = (u: 'taobao' | 'jd' | 'pdd' | 'ud') => t.unions.admin<UnionLink[]>(u, '/links');
  const registration = (pageid: string) =>
    t.deps.db.selectFrom('affiliate_links').selectAll().where('pageid', '=', pageid).executeTakeFirst();

  beforeAll(async () => {
    t = await makeTestApp(dialect, { TAOBAO_ADZONES: '3000101-3000102' }, { clock });
    owner = await makeUser(t.deps);
  });
  afterAll(() => t.close());

  it('淘宝: every link holds an adzone of the pool alone; the union issued its URL on that adzone; a full pool shares the default', async () => {
    const a = await makeLink(t.deps, owner, { platform: 2, item: '612345678901' });
    const b = await makeLink(t.deps, owner, { platform: 4, item: '612345678902' });
    const c = await makeLink(t.deps, owner, { platform: 2, item: '612345678903' });
    expect([
      (await registration(a.pageid))?.adzone_id,
      (await registration(b.pageid))?.adzone_id,
      (await registration(c.pageid))?.adzone_id,
    ]).toEqual(['3000101', '3000102', '']);
    expect((await registration(c.pageid))?.tracking_key).toBe('taobao:3000003::');
    const keys = (await unionLinks('taobao')).map((l) => l.tracking_key);
    expect(keys).toEqual(expect.arrayContaining(['taobao:3000101::', 'taobao:3000102::', 'taobao:3000003::']));
    // an item change keeps the link's adzone
    await updateLink(t.deps, actorOf(owner, 't'), parseWith(linkUpdateInput, { pageid: a.pageid, item: '612345678999' }));
    expect((await registration(a.pageid))?.adzone_id).toBe('3000101');
    // a deleted link keeps its adzone for 90 days (late orders), then the pool hands it on
    await deleteLink(t.deps, actorOf(owner, 't'), b.pageid);
    expect((await registration((await makeLink(t.deps, owner, { platform: 2, item: '612345678904' })).pageid))?.adzone_id).toBe('');
    clock.advance(91 * 86400_000);
    expect((await registration((await makeLink(t.deps, owner, { platform: 2, item: '612345678905' })).pageid))?.adzone_id).toBe('3000102');
    expect((await registration(b.pageid))?.adzone_id).toBe('');
    clock.set(testNowMs());
  });

  it('京东 and 拼多多: the pageid rides as subUnionId and as custom_parameters sid (uid: the owner, for 备案)', async () => {
    const jd = await makeLink(t.deps, owner, { platform: 3, item: '100012345678' });
    const pdd = await makeLink(t.deps, owner, { platform: 5, item: '356789012345' });
    expect((await registration(jd.pageid))?.tracking_key).toBe(`jd:5000001:${jd.pageid}`);
    expect((await registration(pdd.pageid))?.tracking_key).toBe(`pdd:1000001_20000002:{"uid":"c${owner.id}","sid":"${pdd.pageid}"}`);
    expect((await unionLinks('jd')).map((l) => l.tracking_key)).toContain(`jd:5000001:${jd.pageid}`);
    expect((await unionLinks('pdd')).map((l) => l.tracking_key)).toContain(
      `pdd:1000001_20000002:{"uid":"c${owner.id}","sid":"${pdd.pageid}"}`,
    );
  });

  it('UDSmart: UD’s monitor URLs replace ours, the landing jumps to UD’s click URL, a new channel gets a new monitor', async () => {
    const ud = await makeLink(t.deps, owner, { platform: 7, state: 4, item: '612345670001' });
    expect(ud.monitor_touch_url).toMatch(new RegExp(`^${t.unions.url}/sandbox/ud/cm/\\w+\\?click_id=__CLICK_ID__`));
    expect(ud.monitor_show_url).toMatch(new RegExp(`^${t.unions.url}/sandbox/ud/pv/`));
    expect(ud.transedlink).toMatch(new RegExp(`^${t.unions.url}/sandbox/ud/c/`));
    const first = (await registration(ud.pageid))!;
    expect(JSON.parse(first.tracking)).toMatchObject({ union: 'ud', channelId: '104' });
    const moved = await updateLink(t.deps, actorOf(owner, 't'), parseWith(linkUpdateInput, { pageid: ud.pageid, state: 2 }));
    expect(JSON.parse((await registration(ud.pageid))!.tracking)).toMatchObject({ channelId: '1' });
    expect(moved.monitor_touch_url).not.toBe(ud.monitor_touch_url);
    expect(moved.monitor_touch_url).toContain('__CALLBACK_PARAM__');
    const back = await updateLink(t.deps, actorOf(owner, 't'), parseWith(linkUpdateInput, { pageid: ud.pageid, platform: 2 }));
    expect(back.monitor_touch_url).toContain(`/m/c/${ud.pageid}?ch=2`);
    expect(JSON.parse((await registration(ud.pageid))!.tracking)).toMatchObject({ union: 'taobao' });
  });

  it('UDSmart on a channel UD does not serve is refused with the reason', async () => {
    const r = await t.post(
      '/capi/napi/link/create',
      { platform: 7, state: 8, item: '612345670002', isdirect: 1 },
      { token: await loginAs(t, owner.email) },
    );
    expect(r.body).toMatchObject({ code: 4000, msg: 'UDSmart 链接只支持巨量、腾讯、快手、微博、B站、小红书渠道' });
  });
});
