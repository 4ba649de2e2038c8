import { describe, expect, it } from 'vitest';
import { monitorUrl } from '../../../shared/macros.ts';
import { Query } from '../parse.ts';
import { parseSlice, type RawPing } from '../slice.ts';
import { invalidFlagged, sharePercent } from './alert.ts';
import { DEFAULT_ALERT, DEFAULT_THRESHOLDS } from './config.ts';
import { floodWindows, SlidingWindow } from './flood.ts';
import { isDeviceIp } from './ip.ts';
import { judgePing, judgeTiedVisit, judgeVisit, type PingToJudge } from './judge.ts';
import { pingSignals, visitSignals } from './signals.ts';
import { isBotUa } from './ua.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';
const T0 = 1_764_000_000;

const signals = (query: string) => pingSignals(new Query(query));
const ping = (over: Partial<PingToJudge> = {}): PingToJudge => ({
  kind: 'click',
  pageid: '1001',
  received_at: T0,
  key: 'cb:x',
  deviceIp: '',
  deviceUa: '',
  signals: signals('adv=1&cb=abc'),
  ...over,
});
const fresh = () => floodWindows(DEFAULT_THRESHOLDS);

describe('macro: unfilled macros', () => {
  it('a click id or callback left as the macro, with no other id filled', () => {
    expect(signals('adv=1&clickid=__CLICK_ID__').unfilled).toBe(true);
    expect(signals('adv=1&cb=%7BCALLBACK_URL%7D').unfilled).toBe(true);
    expect(judgePing(ping({ signals: signals('adv=1&clickid=__CLICKID__') }), fresh())).toBe('macro');
  });
  it('an account id left as the macro', () => {
    expect(judgePing(ping({ signals: signals('adv=__ADVERTISER_ID__&cb=abc') }), fresh())).toBe('macro');
  });
  it('one of two callback macros empty is a real 巨量 click', () => {
    expect(signals('adv=1&cb=B.abc&cburl=__CALLBACK_URL__').unfilled).toBe(false);
  });
  it('the whole monitor URL as generated, nothing filled', () => {
    const q = monitorUrl('http://h', 'click', 4, '1').split('?')[1]!;
    expect(judgePing(ping({ signals: signals(q) }), fresh())).toBe('macro');
  });
  it('a landing visit whose click id is the macro', () => {
    expect(visitSignals(new Query('gdt_vid=__CLICK_ID__')).unfilled).toBe(true);
    expect(judgeVisit({ ip: '', ua: '', received_at: T0, signals: visitSignals(new Query('clickid=__CLICKID__')) }, fresh())).toBe('macro');
    expect(visitSignals(new Query('gdt_vid=wx0abc')).unfilled).toBe(false);
  });
});

describe('malformed: garbage ids', () => {
  it('control characters, replacement characters (not UTF-8), lone surrogates in an id', () => {
    expect(signals('adv=1&clickid=a%01b').malformed).toBe(true);
    expect(signals(`adv=1&cb=${encodeURIComponent('x\ufffdy')}`).malformed).toBe(true);
    expect(signals('adv=1&cb=ok&oaid=%ED%A0%80').malformed).toBe(true); // undecodable UTF-8: never throws
    expect(judgePing(ping({ signals: signals('adv=1&clickid=a%7Fb') }), fresh())).toBe('malformed');
  });
  it('an absurd device id', () => {
    expect(signals(`adv=1&cb=ok&oaid=${'9'.repeat(200)}`).malformed).toBe(true);
  });
  it('a clean ping is valid, and its device id is read (zeroed ids name no device)', () => {
    expect(signals('adv=1&cb=ok&idfa=00000000-0000-0000-0000-000000000000&oaid=__OAID__&imei=abc')).toEqual({
      unfilled: false,
      malformed: false,
      device: 'imei:abc',
    });
    expect(judgePing(ping(), fresh())).toBe('');
  });
});

describe('bot: user agents by isbot', () => {
  it('headless browsers, crawlers and HTTP libraries; phones are not', () => {
    expect(isBotUa(HEADLESS)).toBe(true);
    expect(isBotUa('Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)')).toBe(true);
    expect(isBotUa('python-requests/2.31.0')).toBe(true);
    expect(isBotUa(PHONE)).toBe(false);
    expect(isBotUa('')).toBe(false);
  });
  it('a ping is judged by the device user agent of its macros only', () => {
    expect(judgePing(ping({ deviceUa: HEADLESS }), fresh())).toBe('bot');
    expect(judgePing(ping({ deviceUa: PHONE }), fresh())).toBe('');
  });
  it('a visit by its own user agent', () => {
    expect(judgeVisit({ ip: '1.2.3.4', ua: HEADLESS, received_at: T0, signals: visitSignals(new Query('')) }, fresh())).toBe('bot');
  });
});

describe('floods', () => {
  it('per device IP: the clicks past the limit in the window, and none once the window moved on', () => {
    const w = fresh();
    const { max, seconds } = DEFAULT_THRESHOLDS.ipFlood;
    const got = Array.from({ length: max + 2 }, (_, i) => judgePing(ping({ deviceIp: '9.9.9.9', key: `cb:${i}` }), w));
    expect(got.slice(0, max).every((v) => v === '')).toBe(true);
    expect(got.slice(max)).toEqual(['flood_ip', 'flood_ip']);
    expect(judgePing(ping({ deviceIp: '9.9.9.9', received_at: T0 + seconds + 1 }), w)).toBe('');
  });
  it('per device id', () => {
    const w = fresh();
    const { max } = DEFAULT_THRESHOLDS.deviceFlood;
    const s = signals('adv=1&cb=x&oaid=dev1');
    const got = Array.from({ length: max + 1 }, (_, i) => judgePing(ping({ signals: s, key: `cb:${i}`, deviceIp: `10.0.0.${i}` }), w));
    expect(got.at(-1)).toBe('flood_device');
    expect(got.filter((v) => v === '').length).toBe(max);
  });
  it('per link: clicks that carry neither click id nor callback', () => {
    const w = fresh();
    const { max } = DEFAULT_THRESHOLDS.linkFlood;
    const got = Array.from({ length: max + 1 }, () => judgePing(ping({ key: '' }), w));
    expect(got.at(-1)).toBe('flood_link');
    // clicks with a key are never a link flood, and another link has its own window
    expect(judgePing(ping({ key: 'cb:z' }), w)).toBe('');
    expect(judgePing(ping({ key: '', pageid: '1002' }), w)).toBe('');
  });
  it('shows are not flood-counted', () => {
    const w = fresh();
    const got = Array.from({ length: 100 }, () => judgePing(ping({ kind: 'show', deviceIp: '9.9.9.9' }), w));
    expect(got.every((v) => v === '')).toBe(true);
  });
  it('visits per IP', () => {
    const w = fresh();
    const { max } = DEFAULT_THRESHOLDS.ipFlood;
    const got = Array.from({ length: max + 1 }, () =>
      judgeVisit({ ip: '5.5.5.5', ua: PHONE, received_at: T0, signals: visitSignals(new Query('')) }, w),
    );
    expect(got.at(-1)).toBe('flood_ip');
  });
  it('no IP flood on a loopback or private address (a proxy not trusted, our own sandbox): the visitors behind it share it', () => {
    const w = fresh();
    const { max } = DEFAULT_THRESHOLDS.ipFlood;
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '192.168.1.9', '172.20.0.2', 'fd00::1', '']) {
      const visits = Array.from({ length: max + 5 }, () =>
        judgeVisit({ ip, ua: PHONE, received_at: T0, signals: visitSignals(new Query('')) }, w),
      );
      expect(visits.every((v) => v === '')).toBe(true);
      const clicks = Array.from({ length: max + 5 }, (_, i) => judgePing(ping({ deviceIp: ip, key: `cb:${ip}${i}` }), w));
      expect(clicks.every((v) => v === '')).toBe(true);
    }
    expect(['203.0.113.7', '9.9.9.9', '::ffff:8.8.8.8', '2001:db8::1'].every(isDeviceIp)).toBe(true);
    expect(['not an ip', '127.0.0.1', '100.64.0.1', '169.254.1.1', 'fe80::1'].some(isDeviceIp)).toBe(false);
  });
  it('a window keeps at most max times per key, whatever the flood', () => {
    const w = new SlidingWindow(3, 60);
    for (let i = 0; i < 10_000; i++) w.hit('k', T0);
    expect(w.hit('k', T0 + 61)).toBe(false);
    expect(w.size()).toBe(1);
  });
  it('windows of max 1 and 2 count as a list of times would (one time is kept as a bare number)', () => {
    // the reference: the times of `key` inside the window, oldest first, at most `max` of them
    const reference = (max: number) => {
      const lists = new Map<string, number[]>();
      return (key: string, at: number) => {
        const list = (lists.get(key) ?? []).filter((t) => t > at - 60);
        const flood = list.length >= max;
        list.push(at);
        lists.set(key, list.slice(-max));
        return flood;
      };
    };
    for (const max of [1, 2, 3]) {
      const w = new SlidingWindow(max, 60);
      const ref = reference(max);
      // out-of-order times too: the processor reads in id order, received times may step back
      const times = [0, 10, 10, 59, 60, 61, 30, 125, 126, 126, 127, 300, 301, 299, 400, 460, 520, 521];
      for (const key of ['a', 'b']) for (const t of times) expect([key, t, w.hit(key, T0 + t)]).toEqual([key, t, ref(key, T0 + t)]);
    }
  });
  it('the user-agent memo answers as isbot does, and stays bounded', () => {
    for (let i = 0; i < 5000; i++) expect(isBotUa(`${PHONE} build/${i}`)).toBe(false);
    for (let round = 0; round < 2; round++) {
      expect(isBotUa(HEADLESS)).toBe(true);
      expect(isBotUa(PHONE)).toBe(false);
    }
  });
});

describe('impossible sequences', () => {
  it('a visit long after its click, a visit of an invalid click', () => {
    const late = DEFAULT_THRESHOLDS.lateVisitSeconds;
    expect(judgeTiedVisit('', T0 + late + 1, { received_at: T0, invalid: '' }, DEFAULT_THRESHOLDS)).toBe('late_visit');
    expect(judgeTiedVisit('', T0 + late, { received_at: T0, invalid: '' }, DEFAULT_THRESHOLDS)).toBe('');
    expect(judgeTiedVisit('', T0 + 5, { received_at: T0, invalid: 'bot' }, DEFAULT_THRESHOLDS)).toBe('click_invalid');
    expect(judgeTiedVisit('bot', T0 + 5, { received_at: T0, invalid: '' }, DEFAULT_THRESHOLDS)).toBe('bot');
    expect(judgeTiedVisit('', T0, null, DEFAULT_THRESHOLDS)).toBe('');
  });
});

describe('garbage never throws', () => {
  const huge = 'A'.repeat(2_000_000);
  const binary = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => i % 256));
  const notUtf8 = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]).toString('utf8');
  it('user agents and ids of any size and bytes', () => {
    for (const ua of [huge, binary, notUtf8, '\u0000', '\ud800']) {
      expect(() => isBotUa(ua)).not.toThrow();
      expect(() => judgePing(ping({ deviceUa: ua, deviceIp: ua }), fresh())).not.toThrow();
      expect(() => judgeVisit({ ip: ua, ua, received_at: Number.NaN, signals: visitSignals(new Query('')) }, fresh())).not.toThrow();
    }
    for (const q of [`clickid=${huge}`, `oaid=${encodeURIComponent(binary)}`, 'cb=%FF%FE', `adv=${encodeURIComponent(notUtf8)}`]) {
      expect(() => pingSignals(new Query(q))).not.toThrow();
      expect(() => visitSignals(new Query(q))).not.toThrow();
    }
  });
  it('a slice of garbage pings and visits: refused or judged, never thrown', () => {
    const links = new Map([['1001', { customerid: 1, state: 2, deleted_at: null }]]);
    const raw = (query: string, ua: string, id: number): RawPing => ({
      id,
      kind: 'c',
      pageid: '1001',
      query,
      ip: ua.slice(0, 64),
      ua,
      received_at: T0,
    });
    const pings = [
      raw(`cb=x&ua=${encodeURIComponent(binary.slice(0, 500))}`, notUtf8, 1),
      raw('cb=%FF', huge, 2),
      raw(`oaid=${'%01'.repeat(50)}&cb=y`, binary.slice(0, 900), 3),
    ];
    const s = parseSlice(pings, pings, links);
    expect(s.pings.length + s.visits.length + s.rejects.length).toBe(6);
    expect(s.pings.find((p) => p.raw_id === 3)?.invalid).toBe('malformed');
    expect(s.rejects.find((r) => r.raw_id === 2 && r.source === 'monitor')?.reason).toBe('ua_too_long');
  });
});

describe('verdicts off (the processor option benchmarks use)', () => {
  it('a slice parsed without flood windows judges nothing: the same rows, every one valid', () => {
    const links = new Map([['1001', { customerid: 1, state: 2, deleted_at: null }]]);
    const pings: RawPing[] = [1, 2].map((id) => ({
      id,
      kind: 'c',
      pageid: '1001',
      query: `adv=1&cb=k${id}&ua=${encodeURIComponent(HEADLESS)}`,
      ip: '',
      ua: '',
      received_at: T0,
    }));
    expect(parseSlice(pings, [], links).pings.map((p) => p.invalid)).toEqual(['bot', 'bot']);
    const off = parseSlice(pings, [], links, null);
    expect(off.pings.map((p) => [p.raw_id, p.invalid])).toEqual([
      [1, ''],
      [2, ''],
    ]);
  });
});

describe('the invalid-share flag', () => {
  it('flags a share at or above the threshold once there are enough clicks', () => {
    expect(DEFAULT_ALERT).toEqual({ percent: 20, minClicks: 50 });
    // 19 of 79: 24.1 %
    expect(sharePercent(60, 19)).toBe(24.1);
    expect(invalidFlagged(60, 19)).toBe(true);
    // exactly at 20 %, and just under
    expect(invalidFlagged(40, 10)).toBe(true);
    expect(invalidFlagged(41, 9)).toBe(false);
  });
  it('never flags on too few clicks, however high the share (1 of 2, 49 of 49)', () => {
    expect(invalidFlagged(1, 1)).toBe(false);
    expect(invalidFlagged(0, 49)).toBe(false);
    expect(invalidFlagged(0, 50)).toBe(true);
  });
  it('never flags without invalid clicks, and reads other thresholds when given', () => {
    expect(invalidFlagged(500, 0)).toBe(false);
    expect(invalidFlagged(0, 0)).toBe(false);
    expect(invalidFlagged(8, 2, { percent: 20, minClicks: 10 })).toBe(true);
    expect(invalidFlagged(8, 2, { percent: 25, minClicks: 10 })).toBe(false);
  });
});

describe('a slice judged again after its write failed (flood windows not counted twice)', () => {
  const links = new Map([['1001', { customerid: 1, state: 2, deleted_at: null }]]);
  const { max } = DEFAULT_THRESHOLDS.deviceFlood;
  // one device clicking max - 2 times: no flood; then a burst of another device past its limit
  const pings: RawPing[] = [
    ...Array.from({ length: max - 2 }, (_, i) => ({ oaid: 'calm', i })),
    ...Array.from({ length: max + 3 }, (_, i) => ({ oaid: 'burst', i: i + 100 })),
  ].map(({ oaid, i }, n) => ({
    id: n + 1,
    kind: 'c',
    pageid: '1001',
    query: `adv=1&cb=k${i}&oaid=${oaid}`,
    ip: '',
    ua: '',
    received_at: T0 + n,
  }));
  const visits = Array.from({ length: 4 }, (_, n) => ({
    id: n + 1,
    pageid: '1001',
    query: 'clickid=v',
    ip: '8.8.4.4',
    ua: PHONE,
    received_at: T0 + n,
  }));

  it('ten retries of the same rows give the verdicts of the first pass: the calm device stays valid, the burst keeps its floods', () => {
    const w = fresh();
    const first = parseSlice(pings, visits, links, w);
    const verdicts = (s: typeof first) => [...s.pings.map((p) => p.invalid), ...s.visits.map((v) => v.row.invalid)];
    expect(first.pings.filter((p) => p.invalid === 'flood_device').length).toBe(3);
    expect(first.pings.slice(0, max - 2).every((p) => p.invalid === '')).toBe(true);
    for (let retry = 0; retry < 10; retry++) expect(verdicts(parseSlice(pings, visits, links, w))).toEqual(verdicts(first));
  });

  it('rows past the ones seen are judged by the windows as before', () => {
    const w = fresh();
    parseSlice(pings.slice(0, max - 2), [], links, w);
    // the calm device's next clicks: 2 more fit its window, the one after is a flood
    const more: RawPing[] = [1, 2, 3].map((k) => ({
      ...pings[0]!,
      id: 1000 + k,
      query: `adv=1&cb=more${k}&oaid=calm`,
      received_at: T0 + 50,
    }));
    expect(parseSlice(more, [], links, w).pings.map((p) => p.invalid)).toEqual(['', '', 'flood_device']);
  });
});
