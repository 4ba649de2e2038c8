import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../kernel/config.ts';
import { Query } from '../parse.ts';
import { parseSlice, type RawPing, type RawVisit } from '../slice.ts';
import { DEFAULT_THRESHOLDS } from './config.ts';
import { floodWindows } from './flood.ts';
import { judgePing, judgeVisit, type PingToJudge } from './judge.ts';
import { type IpRegion, openIpRegion } from './region.ts';
import { pingSignals } from './signals.ts';

/**
 * MaxMind's own test database (github maxmind/MaxMind-DB, test-data/GeoLite2-Country-Test.mmdb at commit
 * 2f18851d11a77ca981975666b18680979a6759a5, MIT or Apache-2.0; its networks are listed in
 * source-data/GeoLite2-Country-Test.json): 111.235.160.0/22 CN, 81.2.69.142/31 GB, 2001:2e0::/32 HK,
 * 2a02:d500::/29 a record without a country. Not GeoLite2 data (no licence key, nothing downloaded).
 */
const TEST_MMDB = path.resolve(import.meta.dirname, '../../../../tests/fixtures/geolite2-country-test.mmdb');
const CN = '111.235.160.7';
const GB = '81.2.69.142';
const HK6 = '2001:2e0::1';
const NO_COUNTRY = '2a02:d500::1';
const T0 = 1_764_000_000;

const ping = (deviceIp: string): PingToJudge => ({
  kind: 'click',
  pageid: '1001',
  received_at: T0,
  key: `cb:${deviceIp}`,
  deviceIp,
  deviceUa: '',
  signals: pingSignals(new Query('adv=1&cb=abc')),
});

describe('IP region (IP_REGION_DB, IP_REGION_ALLOW)', () => {
  let cnOnly: IpRegion;
  beforeAll(async () => {
    cnOnly = await openIpRegion(TEST_MMDB, ['CN']);
  });

  it('reads the country of v4, v4-mapped and v6 addresses from a real MaxMind DB', () => {
    expect(cnOnly.description.type).toBe('GeoLite2-Country');
    expect([CN, GB, `::ffff:${GB}`, HK6].map((ip) => cnOnly.country(ip))).toEqual(['CN', 'GB', 'GB', 'HK']);
  });

  it('a device IP outside the allowed countries is foreign; inside, unknown, without a country, internal or garbage is not', () => {
    expect(cnOnly.foreign(GB)).toBe(true);
    expect(cnOnly.foreign(HK6)).toBe(true);
    for (const ip of [CN, '1.1.1.1', NO_COUNTRY, '10.1.2.3', '127.0.0.1', '192.168.1.9', '::1', '', 'not-an-ip', '\u0000'.repeat(300)])
      expect(cnOnly.foreign(ip), ip).toBe(false);
  });

  it('the allowed countries are the setting: CN,HK lets Hong Kong in', async () => {
    const cnHk = await openIpRegion(TEST_MMDB, ['CN', 'HK']);
    expect(cnHk.foreign(HK6)).toBe(false);
    expect(cnHk.foreign(GB)).toBe(true);
  });

  it('judge: foreign_ip after macro, malformed and bot; without a database nothing is looked up', () => {
    expect(judgePing(ping(GB), floodWindows(DEFAULT_THRESHOLDS), undefined, cnOnly)).toBe('foreign_ip');
    expect(judgePing(ping(CN), floodWindows(DEFAULT_THRESHOLDS), undefined, cnOnly)).toBe('');
    expect(judgePing(ping(GB), floodWindows(DEFAULT_THRESHOLDS))).toBe('');
    const bot = { ...ping(GB), deviceUa: 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    expect(judgePing(bot, floodWindows(DEFAULT_THRESHOLDS), undefined, cnOnly)).toBe('bot');
    const visit = {
      ip: GB,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      received_at: T0,
      signals: { unfilled: false, malformed: false, device: '' },
    };
    expect(judgeVisit(visit, floodWindows(DEFAULT_THRESHOLDS), undefined, cnOnly)).toBe('foreign_ip');
    expect(judgeVisit({ ...visit, ip: CN }, floodWindows(DEFAULT_THRESHOLDS), undefined, cnOnly)).toBe('');
  });

  it('a slice: a click ping by its `ip` macro (never the platform server that sent it), a visit by its own address', () => {
    const links = new Map([['1001', { customerid: 1, state: 2, deleted_at: null }]]);
    const pings: RawPing[] = [
      { id: 1, kind: 'c', pageid: '1001', query: `adv=1&cb=a&ip=${GB}`, ip: CN, ua: '', received_at: T0 },
      { id: 2, kind: 'c', pageid: '1001', query: `adv=1&cb=b&ip=${CN}`, ip: GB, ua: '', received_at: T0 },
      { id: 3, kind: 'c', pageid: '1001', query: 'adv=1&cb=c', ip: GB, ua: '', received_at: T0 },
    ];
    const visits: RawVisit[] = [
      { id: 1, pageid: '1001', query: '', ip: GB, ua: '', received_at: T0 },
      { id: 2, pageid: '1001', query: '', ip: CN, ua: '', received_at: T0 },
    ];
    const s = parseSlice(pings, visits, links, floodWindows(DEFAULT_THRESHOLDS), cnOnly);
    expect(s.pings.map((p) => p.invalid)).toEqual(['foreign_ip', '', '']);
    expect(s.visits.map((v) => v.row.invalid)).toEqual(['foreign_ip', '']);
    // the same slice without a database: every row valid
    const none = parseSlice(pings, visits, links, floodWindows(DEFAULT_THRESHOLDS));
    expect([...none.pings, ...none.visits.map((v) => v.row)].every((r) => r.invalid === '')).toBe(true);
  });

  it('a missing, gzip, truncated or foreign file is a ConfigError naming IP_REGION_DB, in Chinese', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ipregion-'));
    const truncated = path.join(dir, 'truncated.mmdb');
    writeFileSync(truncated, readFileSync(TEST_MMDB).subarray(0, 4000));
    const gzip = path.join(dir, 'country.mmdb.gz');
    writeFileSync(gzip, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]));
    const cases: Array<[string, RegExp]> = [
      [path.join(dir, 'absent.mmdb'), /文件不存在/],
      [dir, /目录/],
      [truncated, /不是有效的 MaxMind DB/],
      [gzip, /不是有效的 MaxMind DB.*gzip/],
      [path.resolve(import.meta.dirname, 'region.ts'), /不是有效的 MaxMind DB/],
    ];
    for (const [file, why] of cases) {
      const err = await openIpRegion(file, ['CN']).catch((e: unknown) => e);
      expect(err, file).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(`IP_REGION_DB=${JSON.stringify(file)}`);
      expect((err as Error).message).toMatch(why);
    }
  });

  it('the settings: IP_REGION_ALLOW defaults to CN, takes a list, and refuses what is not a country code', () => {
    expect(loadConfig({}).IP_REGION_ALLOW).toEqual(['CN']);
    expect(loadConfig({}).IP_REGION_DB).toBeUndefined();
    expect(loadConfig({ IP_REGION_ALLOW: 'cn, hk ,MO' }).IP_REGION_ALLOW).toEqual(['CN', 'HK', 'MO']);
    expect(() => loadConfig({ IP_REGION_ALLOW: 'China' })).toThrow(/IP_REGION_ALLOW="China": must be ISO 3166 country codes/);
    expect(() => loadConfig({ IP_REGION_ALLOW: ',' })).toThrow(ConfigError);
  });
});
