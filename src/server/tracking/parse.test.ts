import { describe, expect, it } from 'vitest';
import { monitorUrl } from '../../shared/macros.ts';
import { clickKey, decodeQuery, normalizeOs, PingReject, parsePing, parseTs, parseVisit } from './parse.ts';

const queryOf = (kind: 'click' | 'show', ch: number) => monitorUrl('http://h', kind, ch, '1').split('?')[1]!;
const sub = (q: string, map: Record<string, string>) => Object.entries(map).reduce((s, [k, v]) => s.replace(k, encodeURIComponent(v)), q);

describe('parsePing per channel', () => {
  it('juliang: substituted values kept, unsubstituted macros empty, cb is the dedupe key', () => {
    const q = sub(queryOf('click', 2), {
      __ADVERTISER_ID__: '1700',
      __PROJECT_ID__: '66',
      __PROMOTION_ID__: '77',
      __CALLBACK_PARAM__: 'B.abc',
      __OS__: '1',
      __TS__: '1763712000123',
    });
    const p = parsePing('click', q, 2);
    expect(p).toMatchObject({
      channel: 2,
      adv: '1700',
      camp: '66',
      aid: '77',
      cid: '',
      clickid: '',
      callback: 'B.abc',
      os: 'ios',
      ip: '',
      ua: '',
      ts: 1763712000,
    });
    expect(clickKey(p)).toBe('cb:B.abc');
  });

  it('tengxun click and show tables', () => {
    const c = parsePing(
      'click',
      sub(queryOf('click', 4), {
        __ACCOUNT_ID__: '33',
        __ADGROUP_ID__: '44',
        __CLICK_ID__: 'wx0abc',
        __CALLBACK__: 'https://api.e.qq.com/x?a=1&b=2',
        __DEVICE_OS_TYPE__: 'android',
        __CLICK_TIME__: '1763712000',
      }),
      4,
    );
    expect(c).toMatchObject({
      channel: 4,
      adv: '33',
      aid: '44',
      clickid: 'wx0abc',
      callback: 'https://api.e.qq.com/x?a=1&b=2',
      os: 'android',
      ts: 1763712000,
    });
    expect(clickKey(c)).toBe('id:wx0abc');
    const s = parsePing('show', sub(queryOf('show', 4), { __ACCOUNT_ID__: '33', __IMPRESSION_TIME__: '1763712001' }), 4);
    expect(s).toMatchObject({ adv: '33', clickid: '', ts: 1763712001 });
  });

  it('kuaishou', () => {
    const p = parsePing('click', sub(queryOf('click', 5), { __ACCOUNTID__: '9', __AID__: '8', __CID__: '7', __CALLBACK__: 'ks-cb' }), 5);
    expect(p).toMatchObject({ channel: 5, adv: '9', aid: '8', cid: '7', callback: 'ks-cb', clickid: '' });
  });

  it('xiaohongshu', () => {
    const p = parsePing(
      'click',
      sub(queryOf('click', 10), { __ADVERTISER_ID__: 'a1', __UNIT_ID__: 'u1', __CREATIVITY_ID__: 'c1', __CLICK_ID__: 'xhs1' }),
      10,
    );
    expect(p).toMatchObject({ channel: 10, adv: 'a1', aid: 'u1', cid: 'c1', clickid: 'xhs1', callback: '' });
  });

  it('UC braces macros are empty when unsubstituted', () => {
    const p = parsePing('click', sub(queryOf('click', 8), { '{ACCOUNT_ID}': 'uc1' }), 8);
    expect(p).toMatchObject({ channel: 8, adv: 'uc1', aid: '', callback: '', os: '' });
  });

  it('UC: the click id is the uctrackid of the callback URL (its landing URL gets the same uctrackid)', () => {
    const cb = 'https://huichuan.uc.cn/callback/appapi?click_id=c77&convert_id=1&event_type=0&uctrackid=ut77';
    const p = parsePing('click', sub(queryOf('click', 8), { '{UNIT_ID}': 'p1', '{CALLBACK_URL}': cb }), 8);
    expect(p).toMatchObject({ channel: 8, aid: 'p1', clickid: 'ut77', callback: cb });
    expect(clickKey(p)).toBe('id:ut77');
    // no uctrackid, a callback that is not a URL, an overlong one: no click id (the ping is still counted)
    for (const bad of ['https://huichuan.uc.cn/callback/appapi?click_id=c1', 'not a url', `https://x/?uctrackid=${'9'.repeat(200)}`])
      expect(parsePing('click', sub(queryOf('click', 8), { '{CALLBACK_URL}': bad }), 8).clickid).toBe('');
    // other channels never read a click id from their callback
    expect(parsePing('click', `ch=2&cb=${encodeURIComponent('https://x/?uctrackid=1')}`, 2).clickid).toBe('');
  });

  it('channels without a macro table (weibo) and a missing ch fall back to the link channel', () => {
    expect(parsePing('click', 'adv=1&aid=2', 3)).toMatchObject({ channel: 3, adv: '1', aid: '2' });
    expect(parsePing('click', 'ch=99&adv=__ADVERTISER_ID__', 2)).toMatchObject({ channel: 2, adv: '' });
  });

  it('rejects bad escapes, long fields and long queries', () => {
    expect(() => decodeQuery('a=%E4%B8')).toThrow(PingReject);
    expect(() => decodeQuery('a=%ZZ')).toThrow(PingReject);
    expect(() => parsePing('click', `adv=${'1'.repeat(200)}`, 2)).toThrow('field_too_long');
    expect(() => parsePing('click', 'a'.repeat(9000), 2)).toThrow('too_long');
    expect(decodeQuery('a=1&a=2&b=x+y&c').get('b')).toBe('x y');
  });

  it('helpers', () => {
    expect([normalizeOs('0'), normalizeOs('IOS'), normalizeOs('3'), normalizeOs('')]).toEqual(['android', 'ios', 'other', '']);
    expect([parseTs('1763712000'), parseTs('1763712000999'), parseTs('abc'), parseTs('12')]).toEqual([1763712000, 1763712000, 0, 0]);
    const none = { camp: '', aid: '', cid: '' };
    expect(parseVisit('gdt_vid=wx123&x=1')).toEqual({ click_param: 'gdt_vid', clickid: 'wx123', ...none });
    expect(parseVisit('clickid=__CLICKID__&uctrackid=u9')).toEqual({ click_param: 'uctrackid', clickid: 'u9', ...none });
    expect(parseVisit('mark_id=wb7')).toEqual({ click_param: 'mark_id', clickid: 'wb7', ...none });
    expect(parseVisit('')).toEqual({ click_param: '', clickid: '', ...none });
  });

  it('reads the ad ids 巨量 appends to landing URLs (2.0 projectid/promotionid, 1.0 adid/creativeid)', () => {
    expect(parseVisit('projectid=1701&promotionid=7301&creativetype=5&clickid=EJx')).toEqual({
      click_param: 'clickid',
      clickid: 'EJx',
      camp: '1701',
      aid: '7301',
      cid: '',
    });
    expect(parseVisit('adid=11&creativeid=22&clickid=c&promotionid=__PROMOTION_ID__')).toMatchObject({ aid: '11', cid: '22', camp: '' });
  });
});
