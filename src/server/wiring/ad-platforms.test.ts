import { describe, expect, it } from 'vitest';
import { systemClock } from '../kernel/clock.ts';
import { loadConfig } from '../kernel/config.ts';
import { adPlatformRegistry, internalBaseUrl } from './ad-platforms.ts';

const config = (env: Record<string, string> = {}) => loadConfig({ PORT: '4500', DEMO_DATA: 'off', ...env });

describe('the ad-platform wiring', () => {
  it('connects every platform to the in-process sandbox by default', () => {
    const r = adPlatformRegistry({}, config(), systemClock);
    expect(Object.keys(r).sort()).toEqual(['juliang', 'kuaishou', 'tengxun', 'ucid', 'weibo', 'xiaohongshu']);
    expect(r.juliang?.authorizeUrl({ state: 's', redirectUri: 'http://127.0.0.1:4500/auloading' })).toMatch(
      /^http:\/\/127\.0\.0\.1:4500\/sandbox\/juliang\/audit\/oauth\.html\?/,
    );
  });

  it('leaves out OAuth platforms without credentials when the sandbox is off, and uses real hosts for configured ones', () => {
    const r = adPlatformRegistry(
      { SANDBOX: 'off', JULIANG_APP_ID: '1790000000000001', JULIANG_APP_SECRET: 's3cret' },
      config(),
      systemClock,
    );
    expect(Object.keys(r).sort()).toEqual(['juliang', 'ucid']);
    expect(r.juliang?.authorizeUrl({ state: 's', redirectUri: 'https://x.cn/auloading' })).toMatch(/^https:\/\/open\.oceanengine\.com\//);
  });

  it('refuses a bad setting as a configuration error naming it', () => {
    expect(() => adPlatformRegistry({ JULIANG_APP_ID: 'x' }, config(), systemClock)).toThrow(/JULIANG_APP_ID and JULIANG_APP_SECRET/);
  });

  it('reaches itself on loopback when bound to every interface', () => {
    expect(internalBaseUrl({ HOST: '0.0.0.0', PORT: 4321 })).toBe('http://127.0.0.1:4321');
    expect(internalBaseUrl({ HOST: '10.1.2.3', PORT: 80 })).toBe('http://10.1.2.3:80');
  });
});
