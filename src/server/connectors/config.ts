/**
 * Ad-platform configuration from the environment, and the connectors built from it.
 * Per OAuth platform P in JULIANG, TENGXUN, KUAISHOU, XIAOHONGSHU, WEIBO: `<P>_APP_ID`, `<P>_APP_SECRET`,
 * `<P>_API_BASE`, `<P>_AUTH_BASE`, and for the platforms that take conversions elsewhere `<P>_POSTBACK_BASE`;
 * UC: `UCID_API_BASE`, `UCID_POSTBACK_BASE` (UC accounts carry their own credentials). `SANDBOX` (on) mounts
 * the in-process sandbox under `/sandbox/`.
 * Defaults: a platform without `<P>_APP_ID` talks to the sandbox with the sandbox app; a platform with real
 * credentials defaults to the platform's real hosts. Any base can be set explicitly. This module takes the
 * environment and base URLs as parameters (it does not read the process's own configuration).
 */
import { z } from 'zod';
import { type AdPlatform, type OAuthPlatform, SANDBOX_APPS } from '../../shared/ad-platforms.ts';
import type { AdPlatformConnector } from './ad-platform.ts';
import type { ConnectorConfig, ConnectorDeps } from './common.ts';
import type { FetchLike } from './http.ts';
import { createJuliangConnector } from './juliang/index.ts';
import { createKuaishouConnector } from './kuaishou/index.ts';
import { createTengxunConnector } from './tengxun/index.ts';
import { createUcidConnector, type UcConnectorConfig } from './ucid/index.ts';
import { createWeiboConnector } from './weibo/index.ts';
import { createXiaohongshuConnector } from './xiaohongshu/index.ts';

/** The real hosts, and the sandbox's paths for the same bases (`{sb}` = the sandbox root). */
const HOSTS: Record<
  OAuthPlatform,
  {
    real: Omit<ConnectorConfig, 'appId' | 'appSecret'>;
    sandbox: (sb: string, browser: string) => Omit<ConnectorConfig, 'appId' | 'appSecret'>;
  }
> = {
  juliang: {
    real: {
      apiBase: 'https://ad.oceanengine.com/open_api',
      authBase: 'https://open.oceanengine.com',
      postbackBase: 'https://analytics.oceanengine.com/api/v2',
    },
    sandbox: (sb, br) => ({ apiBase: `${sb}/juliang/open_api`, authBase: `${br}/juliang`, postbackBase: `${sb}/juliang/analytics/api/v2` }),
  },
  tengxun: {
    real: { apiBase: 'https://api.e.qq.com', authBase: 'https://developers.e.qq.com', postbackBase: 'https://tracking.e.qq.com' },
    sandbox: (sb, br) => ({ apiBase: `${sb}/tengxun`, authBase: `${br}/tengxun`, postbackBase: `${sb}/tengxun` }),
  },
  kuaishou: {
    real: {
      apiBase: 'https://ad.e.kuaishou.com',
      authBase: 'https://developers.e.kuaishou.com',
      postbackBase: 'http://ad.partner.gifshow.com',
    },
    sandbox: (sb, br) => ({ apiBase: `${sb}/kuaishou`, authBase: `${br}/kuaishou`, postbackBase: `${sb}/kuaishou` }),
  },
  xiaohongshu: {
    real: { apiBase: 'https://adapi.xiaohongshu.com', authBase: 'https://ad.xiaohongshu.com' },
    sandbox: (sb, br) => ({ apiBase: `${sb}/xiaohongshu`, authBase: `${br}/xiaohongshu` }),
  },
  weibo: {
    real: { apiBase: 'https://api.biz.weibo.com', authBase: 'https://api.biz.weibo.com' },
    sandbox: (sb, br) => ({ apiBase: `${sb}/weibo`, authBase: `${br}/weibo` }),
  },
};
const UC_REAL = { apiBase: 'https://e.uc.cn', postbackBase: 'https://huichuan.uc.cn' };

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');
const base = z
  .url({ protocol: /^https?$/, error: '须为 http(s) 地址' })
  .transform((u) => u.replace(/\/+$/, ''))
  .optional();
const platformEnv = (p: string) => ({
  [`${p}_APP_ID`]: z
    .string()
    .regex(/^[\w.-]{1,64}$/, '应用 ID 格式不正确')
    .optional(),
  [`${p}_APP_SECRET`]: z.string().min(1).max(256).optional(),
  [`${p}_API_BASE`]: base,
  [`${p}_AUTH_BASE`]: base,
  [`${p}_POSTBACK_BASE`]: base,
});
const schema = z.object({
  SANDBOX: flag.default(true),
  ...platformEnv('JULIANG'),
  ...platformEnv('TENGXUN'),
  ...platformEnv('KUAISHOU'),
  ...platformEnv('XIAOHONGSHU'),
  ...platformEnv('WEIBO'),
  UCID_API_BASE: base,
  UCID_POSTBACK_BASE: base,
});

export interface AdPlatformConfig {
  /** Mount the in-process sandbox under `/sandbox/`. */
  sandbox: boolean;
  /** `configured`: real credentials given, or the sandbox app in use; `usesSandbox`: talking to the sandbox. */
  oauth: Record<OAuthPlatform, ConnectorConfig & { usesSandbox: boolean; configured: boolean }>;
  ucid: UcConnectorConfig & { usesSandbox: boolean };
  /** Host of PUBLIC_BASE_URL: the `host` a 微博 conversion names as its source (bububa/biz-weibo model/track/activate.go). */
  publicHost: string;
}

export class AdPlatformConfigError extends Error {}

/**
 * `publicBaseUrl` is where browsers reach this server (consent pages of the sandbox); `internalBaseUrl`
 * (default the same) is where this server reaches itself (the sandbox's API when it runs in-process).
 */
export function loadAdPlatformConfig(env: NodeJS.ProcessEnv, urls: { publicBaseUrl: string; internalBaseUrl?: string }): AdPlatformConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    throw new AdPlatformConfigError(
      `Invalid ad-platform configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data as Record<string, string | boolean | undefined>;
  const browser = `${urls.publicBaseUrl.replace(/\/+$/, '')}/sandbox`;
  const sb = `${(urls.internalBaseUrl ?? urls.publicBaseUrl).replace(/\/+$/, '')}/sandbox`;
  const oauth = {} as AdPlatformConfig['oauth'];
  for (const p of Object.keys(HOSTS) as OAuthPlatform[]) {
    const P = p.toUpperCase();
    const id = e[`${P}_APP_ID`] as string | undefined;
    const secret = e[`${P}_APP_SECRET`] as string | undefined;
    if (Boolean(id) !== Boolean(secret))
      throw new AdPlatformConfigError(`Invalid ad-platform configuration: ${P}_APP_ID and ${P}_APP_SECRET must be set together`);
    const usesSandbox = !id && Boolean(e.SANDBOX);
    const hosts = usesSandbox ? HOSTS[p].sandbox(sb, browser) : HOSTS[p].real;
    oauth[p] = {
      appId: id ?? (usesSandbox ? SANDBOX_APPS[p].appId : ''),
      appSecret: secret ?? (usesSandbox ? SANDBOX_APPS[p].appSecret : ''),
      apiBase: (e[`${P}_API_BASE`] as string | undefined) ?? hosts.apiBase,
      authBase: (e[`${P}_AUTH_BASE`] as string | undefined) ?? hosts.authBase,
      postbackBase: (e[`${P}_POSTBACK_BASE`] as string | undefined) ?? hosts.postbackBase,
      usesSandbox,
      configured: Boolean(id) || usesSandbox,
    };
  }
  const ucApi = e.UCID_API_BASE as string | undefined;
  const ucid = {
    apiBase: ucApi ?? (e.SANDBOX ? `${sb}/ucid` : UC_REAL.apiBase),
    postbackBase: (e.UCID_POSTBACK_BASE as string | undefined) ?? (ucApi || !e.SANDBOX ? UC_REAL.postbackBase : `${sb}/ucid`),
    usesSandbox: !ucApi && Boolean(e.SANDBOX),
  };
  return { sandbox: Boolean(e.SANDBOX), oauth, ucid, publicHost: new URL(urls.publicBaseUrl).hostname };
}

/** One connector per platform, all speaking their real protocol against the configured bases. */
export function createAdPlatformConnectors(
  cfg: AdPlatformConfig,
  fetchImpl?: FetchLike,
  deps?: ConnectorDeps,
): Record<AdPlatform, AdPlatformConnector> {
  return {
    juliang: createJuliangConnector(cfg.oauth.juliang, fetchImpl, deps),
    tengxun: createTengxunConnector(cfg.oauth.tengxun, fetchImpl, deps),
    kuaishou: createKuaishouConnector(cfg.oauth.kuaishou, fetchImpl, deps),
    xiaohongshu: createXiaohongshuConnector(cfg.oauth.xiaohongshu, fetchImpl, deps),
    weibo: createWeiboConnector({ ...cfg.oauth.weibo, reportHost: cfg.publicHost }, fetchImpl, deps),
    ucid: createUcidConnector(cfg.ucid, fetchImpl, deps),
  };
}
