import { describe, expect, it } from 'vitest';
import { SANDBOX_APPS, SANDBOX_XIAOHONGSHU_CONVERSION } from '../../shared/ad-platforms.ts';
import { AdPlatformConfigError, createAdPlatformConnectors, loadAdPlatformConfig } from './config.ts';

const urls = { publicBaseUrl: 'https://ads.example.com/', internalBaseUrl: 'http://127.0.0.1:4321' };

describe('ad-platform configuration', () => {
  it('defaults every platform to the in-process sandbox: API on the internal base, consent on the public one', () => {
    const c = loadAdPlatformConfig({}, urls);
    expect(c.sandbox).toBe(true);
    expect(c.oauth.juliang).toEqual({
      appId: SANDBOX_APPS.juliang.appId,
      appSecret: SANDBOX_APPS.juliang.appSecret,
      usesSandbox: true,
      configured: true,
      apiBase: 'http://127.0.0.1:4321/sandbox/juliang/open_api',
      authBase: 'https://ads.example.com/sandbox/juliang',
      postbackBase: 'http://127.0.0.1:4321/sandbox/juliang/analytics/api/v2',
    });
    expect(c.ucid).toEqual({
      apiBase: 'http://127.0.0.1:4321/sandbox/ucid',
      postbackBase: 'http://127.0.0.1:4321/sandbox/ucid',
      usesSandbox: true,
    });
  });

  it('real credentials point a platform at its real hosts; explicit bases win', () => {
    const c = loadAdPlatformConfig(
      {
        TENGXUN_APP_ID: '1110001',
        TENGXUN_APP_SECRET: 's3cret',
        KUAISHOU_APP_ID: '9',
        KUAISHOU_APP_SECRET: 'k',
        KUAISHOU_API_BASE: 'https://proxy.example.com/ks/',
      },
      urls,
    );
    expect(c.oauth.tengxun).toMatchObject({
      appId: '1110001',
      apiBase: 'https://api.e.qq.com',
      authBase: 'https://developers.e.qq.com',
      postbackBase: 'https://tracking.e.qq.com',
      usesSandbox: false,
    });
    expect(c.oauth.kuaishou.apiBase).toBe('https://proxy.example.com/ks');
    expect(c.oauth.juliang.usesSandbox).toBe(true);
  });

  it('with SANDBOX off, platforms without credentials are not configured and nothing points at the sandbox', () => {
    const c = loadAdPlatformConfig({ SANDBOX: 'off' }, urls);
    expect(c.sandbox).toBe(false);
    expect(c.oauth.weibo).toMatchObject({ configured: false, usesSandbox: false, apiBase: 'https://api.biz.weibo.com', appId: '' });
    expect(c.ucid).toMatchObject({ apiBase: 'https://e.uc.cn', usesSandbox: false });
  });

  it('refuses half-given credentials and bad URLs, naming the variable', () => {
    expect(() => loadAdPlatformConfig({ JULIANG_APP_ID: '1' }, urls)).toThrow(/JULIANG_APP_ID and JULIANG_APP_SECRET/);
    expect(() => loadAdPlatformConfig({ WEIBO_API_BASE: 'ftp://x' }, urls)).toThrow(AdPlatformConfigError);
    expect(() => loadAdPlatformConfig({ SANDBOX: 'maybe' }, urls)).toThrow(/SANDBOX/);
  });

  it('builds one connector per platform', () => {
    const all = createAdPlatformConnectors(loadAdPlatformConfig({}, urls));
    expect(Object.keys(all).sort()).toEqual(['juliang', 'kuaishou', 'tengxun', 'ucid', 'weibo', 'xiaohongshu']);
    expect(all.juliang.authorizeUrl({ state: 's', redirectUri: 'https://ads.example.com/auloading' })).toMatch(
      /^https:\/\/ads\.example\.com\/sandbox\/juliang\/audit\/oauth\.html\?/,
    );
    expect(all.ucid.authKind).toBe('credentials');
  });

  it("小红书's conversion credentials are their own pair (issued by its operations), set together, the sandbox's by default", () => {
    expect(loadAdPlatformConfig({}, urls).oauth.xiaohongshu.conversion).toEqual(SANDBOX_XIAOHONGSHU_CONVERSION);
    const real = loadAdPlatformConfig(
      {
        XIAOHONGSHU_APP_ID: '4009',
        XIAOHONGSHU_APP_SECRET: 'x',
        XIAOHONGSHU_CONVERSION_APP_ID: 'ops-1',
        XIAOHONGSHU_CONVERSION_TOKEN: 'tk',
      },
      urls,
    );
    expect(real.oauth.xiaohongshu.conversion).toEqual({ appId: 'ops-1', token: 'tk' });
    expect(
      loadAdPlatformConfig({ XIAOHONGSHU_APP_ID: '4009', XIAOHONGSHU_APP_SECRET: 'x' }, urls).oauth.xiaohongshu.conversion,
    ).toBeUndefined();
    expect(() => loadAdPlatformConfig({ XIAOHONGSHU_CONVERSION_APP_ID: 'ops-1' }, urls)).toThrow(/XIAOHONGSHU_CONVERSION_TOKEN/);
  });
});
