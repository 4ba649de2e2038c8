import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicBaseUrl } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', DATA_DIR: './data', DEMO_DATA: true, FORCE_HTTPS: false, LEGACY_HOSTS: [] });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(publicBaseUrl(c)).toBe('http://127.0.0.1:4321');
  });

  it('names every bad variable in one readable error', () => {
    expect(() => loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x', PUBLIC_BASE_URL: 'nope', DEMO_DATA: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect(String((e as Error).message)).toMatch(/PORT="99999"/);
      expect(String((e as Error).message)).toMatch(/DATABASE_URL="mysql:\/\/x": must start with postgres/);
    }
  });

  it('treats empty values as unset and parses lists and flags', () => {
    const c = loadConfig({
      PORT: '',
      LEGACY_HOSTS: 'Old.example.com, old2.example.com',
      DEMO_DATA: 'off',
      PUBLIC_BASE_URL: 'https://tf.example.com/',
    });
    expect(c.PORT).toBe(4321);
    expect(c.LEGACY_HOSTS).toEqual(['old.example.com', 'old2.example.com']);
    expect(c.DEMO_DATA).toBe(false);
    expect(publicBaseUrl(c)).toBe('https://tf.example.com');
  });

  it("reads SQLITE_READER as auto, on or off (a flag's other spellings too)", () => {
    expect(loadConfig({}).SQLITE_READER).toBe('auto');
    expect(loadConfig({ SQLITE_READER: 'on' }).SQLITE_READER).toBe('on');
    expect(loadConfig({ SQLITE_READER: 'true' }).SQLITE_READER).toBe('on');
    expect(loadConfig({ SQLITE_READER: 'off' }).SQLITE_READER).toBe('off');
    expect(loadConfig({ SQLITE_READER: '0' }).SQLITE_READER).toBe('off');
    expect(() => loadConfig({ SQLITE_READER: 'maybe' })).toThrow(/SQLITE_READER="maybe"/);
  });

  it('reads PG_PARALLEL_SETUP_COST as a number and refuses anything else', () => {
    expect(loadConfig({}).PG_PARALLEL_SETUP_COST).toBeUndefined();
    expect(loadConfig({ PG_PARALLEL_SETUP_COST: '2500' }).PG_PARALLEL_SETUP_COST).toBe(2500);
    expect(() => loadConfig({ PG_PARALLEL_SETUP_COST: 'lots' })).toThrow(/PG_PARALLEL_SETUP_COST="lots"/);
    expect(() => loadConfig({ PG_PARALLEL_SETUP_COST: '-1' })).toThrow(/PG_PARALLEL_SETUP_COST="-1"/);
  });

  it('reads CLOCK_START as an instant with its zone and refuses anything else', () => {
    expect(loadConfig({}).CLOCK_START).toBeUndefined();
    expect(loadConfig({ CLOCK_START: '2026-11-30T23:55:00+08:00' }).CLOCK_START).toBe(Date.UTC(2026, 10, 30, 15, 55));
    expect(loadConfig({ CLOCK_START: '2026-12-01T00:05Z' }).CLOCK_START).toBe(Date.UTC(2026, 11, 1, 0, 5));
    for (const bad of ['2026-11-30 23:55', '2026-11-30T23:55:00', '2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', 'tomorrow', '1796054100'])
      expect(() => loadConfig({ CLOCK_START: bad }), bad).toThrow(/CLOCK_START=.*ISO 8601/);
  });
});
