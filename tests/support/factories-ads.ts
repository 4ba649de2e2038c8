/**
 * Ad accounts the way real ones come to be: the product's authorisation endpoints, the platform's consent page
 * walked like a browser, the `/auloading` callback — against the sandbox on a loopback port (tests/support/ad-sandbox.ts).
 * `sandboxRegistry` builds the product's connectors from the default configuration, pointed at that sandbox,
 * with the fast test retry policy.
 */
import { createAdPlatformConnectors, loadAdPlatformConfig } from '../../src/server/connectors/config.ts';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import { createKuaishouConnector } from '../../src/server/connectors/kuaishou/index.ts';
import { createTengxunConnector } from '../../src/server/connectors/tengxun/index.ts';
import { createUcidConnector } from '../../src/server/connectors/ucid/index.ts';
import { createWeiboConnector } from '../../src/server/connectors/weibo/index.ts';
import { createXiaohongshuConnector } from '../../src/server/connectors/xiaohongshu/index.ts';
import type { AdPlatformRegistry } from '../../src/server/deps.ts';
import type { SeededAdvertiser, SeedSpec } from '../../src/server/sandbox/adplatforms/admin.ts';
import type { AuthStart, AuthView } from '../../src/shared/ad-auth.ts';
import type { AdPlatform } from '../../src/shared/ad-platforms.ts';
import { consent, FAST_HTTP, type Harness } from './ad-sandbox.ts';
import type { TestApp } from './app.ts';

/** The default configuration's connectors, aimed at the harness's sandbox (fast retries), on the harness's clock (or `extra.now`). */
export function sandboxRegistry(
  h: Pick<Harness, 'base' | 'clock'>,
  extra: { pageSize?: number; now?: () => number } = {},
): AdPlatformRegistry {
  const root = h.base.replace(/\/sandbox$/, '');
  const cfg = loadAdPlatformConfig({}, { publicBaseUrl: root });
  const o = cfg.oauth;
  const { now, ...rest } = extra;
  const tune = { http: FAST_HTTP, ...rest };
  // the calls' timestamps and token expiries: the sandbox checks them against its own clock
  const deps = { now: now ?? (() => h.clock.now()) };
  const defaults = createAdPlatformConnectors(cfg, undefined, deps);
  return {
    ...defaults,
    juliang: createJuliangConnector({ ...o.juliang, ...tune }, undefined, deps),
    tengxun: createTengxunConnector({ ...o.tengxun, ...tune }, undefined, deps),
    kuaishou: createKuaishouConnector({ ...o.kuaishou, ...tune }, undefined, deps),
    xiaohongshu: createXiaohongshuConnector({ ...o.xiaohongshu, ...tune }, undefined, deps),
    weibo: createWeiboConnector({ ...o.weibo, ...tune }, undefined, deps),
    ucid: createUcidConnector({ ...cfg.ucid, ...tune, reportPollMs: 5 }, undefined, deps),
  };
}

/** A sandbox advertiser with one campaign of `plans` plans (bid 1 yuan), optionally tied to a link's URLs. */
export function advertiserSpec(
  name: string,
  plans = 2,
  urls: { showUrl?: string; clickUrl?: string; landingUrl?: string } = {},
): SeedSpec['advertisers'][number] {
  return {
    name,
    balanceFen: 100_000_000,
    username: `${name}-user`,
    password: 'uc-pass-1',
    apiToken: `${name}-token`,
    campaigns: [
      {
        name: `${name} 推广组`,
        plans: Array.from({ length: plans }, (_, i) => ({
          name: `${name} 计划${i + 1}`,
          bidFen: 100,
          ...urls,
          creatives: [{ name: `${name} 创意${i + 1}` }],
        })),
      },
    ],
  };
}

export async function seedAdvertiser(h: Harness, platform: AdPlatform, name: string, plans = 2, urls = {}): Promise<SeededAdvertiser> {
  return (await h.seed(platform, { advertisers: [advertiserSpec(name, plans, urls)] }))[0]!;
}

/** The redirect a consent page sends the browser to, as `/auloading` reads it. */
export function callbackOf(location: URL): { state: string; code?: string; error?: string } {
  const p = location.searchParams;
  const code = p.get('auth_code') ?? p.get('authorization_code') ?? p.get('code') ?? undefined;
  return { state: p.get('state') ?? '', code, error: p.get('error') ?? undefined };
}

/** Ask the product for a consent URL as `token` (for `customerid`), tick `advertiserIds` on the consent page, approve or deny. */
export async function consentAs(
  t: TestApp,
  token: string,
  platform: number,
  advertiserIds: string[],
  opts: { customerid?: number; decision?: 'approve' | 'deny'; reauthorise?: number } = {},
): Promise<{ state: string; code?: string; error?: string }> {
  const start = opts.reauthorise
    ? await t.post<AuthStart>('/capi/napi/auth/update', { id: opts.reauthorise }, { token })
    : await t.post<AuthStart>('/capi/napi/auth/create', { platform, customerid: opts.customerid }, { token });
  if (start.body.code !== 1) throw new Error(`auth/create: ${start.body.msg}`);
  const { location } = await consent(start.body.data.url, opts.decision ?? 'approve', advertiserIds);
  return callbackOf(location);
}

/** The whole OAuth path: consent URL → consent page → `/auloading` callback. Returns the stored authorisation. */
export async function authoriseAs(
  t: TestApp,
  token: string,
  platform: number,
  advertiserIds: string[],
  opts: { customerid?: number; reauthorise?: number } = {},
): Promise<AuthView> {
  const cb = await consentAs(t, token, platform, advertiserIds, opts);
  const r = await t.post<{ auth: AuthView }>('/capi/napi/auth/callback', { platform, ...cb }, { token });
  if (r.body.code !== 1) throw new Error(`auth/callback: ${r.body.msg}`);
  return r.body.data.auth;
}

/** UC through its credentials form. */
export async function authoriseUc(t: TestApp, token: string, adv: { name: string }, customerid?: number): Promise<AuthView> {
  const r = await t.post<AuthStart>(
    '/capi/napi/auth/create',
    { platform: 8, customerid, username: `${adv.name}-user`, password: 'uc-pass-1', token: `${adv.name}-token` },
    { token },
  );
  if (r.body.code !== 1 || !r.body.data.auth) throw new Error(`auth/create UC: ${r.body.msg}`);
  return r.body.data.auth;
}
