import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { createAffiliateConnectors, loadAffiliateConfig, REAL_HOSTS } from './affiliate-config.ts';
import { ConnectorError } from './errors.ts';

const base = 'http://127.0.0.1:4321';

describe('affiliate configuration', () => {
  it('defaults every union to the in-process sandbox with sandbox keys', () => {
    const cfg = loadAffiliateConfig({}, `${base}/`);
    expect(cfg.sandbox).toBe(true);
    expect(cfg.usesSandbox).toEqual({ taobao: true, ud: true, jd: true, pdd: true });
    expect(cfg.enabled).toEqual({ taobao: true, ud: true, jd: true, pdd: true });
    expect(cfg.taobao).toMatchObject({ apiBase: `${base}/sandbox/taobao`, pid: 'mm_1000001_2000002_3000003', signMethod: 'md5' });
    expect(cfg.pdd.apiBase).toBe(`${base}/sandbox/pdd`);
  });

  it('points a union at its real host with its own keys and ids', () => {
    const cfg = loadAffiliateConfig(
      {
        TAOBAO_API_BASE: 'https://eco.taobao.com',
        TAOBAO_APP_KEY: '123',
        TAOBAO_APP_SECRET: 's',
        TAOBAO_PID: 'mm_1_2_3',
        TAOBAO_SIGN_METHOD: 'hmac',
      },
      base,
    );
    expect(cfg.taobao).toMatchObject({ apiBase: 'https://eco.taobao.com', appKey: '123', pid: 'mm_1_2_3', signMethod: 'hmac' });
    expect(cfg.usesSandbox.taobao).toBe(false);
  });

  it('with SANDBOX off, unconfigured unions go to the real hosts and stay disabled', async () => {
    const cfg = loadAffiliateConfig({ SANDBOX: 'off', JD_APP_KEY: 'k', JD_APP_SECRET: 's', JD_SITE_ID: '1' }, base);
    expect(cfg.jd.apiBase).toBe(REAL_HOSTS.jd);
    expect(cfg.enabled).toEqual({ taobao: false, ud: false, jd: true, pdd: false });
    const c = createAffiliateConnectors(cfg);
    const err = await c.pdd.convert({ kind: 'item', id: '1234' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).message).toBe('多多进宝未配置：请设置 PDD_APP_KEY、PDD_APP_SECRET、PDD_PID');
    await expect(c.ud.postback({} as never)).rejects.toThrow('阿里妈妈UD未配置');
    expect(c.taobao.maxWindowSeconds).toBe(3 * 3600);
  });

  it('names every bad value', () => {
    expect(() => loadAffiliateConfig({ TAOBAO_PID: '123', JD_API_BASE: 'ftp:/x', UD_PROD_TYPE: '3', SANDBOX: 'maybe' }, base)).toThrow(
      ConfigError,
    );
    expect(() => loadAffiliateConfig({ TAOBAO_PID: '123', JD_API_BASE: 'nope', PDD_PID: 'x' }, base)).toThrow(
      /TAOBAO_PID="123"[\s\S]*JD_API_BASE="nope"[\s\S]*PDD_PID="x"/,
    );
  });
});
