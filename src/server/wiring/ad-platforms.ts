/**
 * Process wiring of the ad platforms: the connectors of `deps.adPlatforms`, built from the environment by
 * `connectors/config.ts`. A platform without real credentials talks to the sandbox (SANDBOX on, the default)
 * at this server's own loopback address; real hosts are configuration only (`<P>_APP_ID`, `<P>_APP_SECRET`, …).
 * A platform that is neither configured nor sandboxed is left out, so the product says it is not connected.
 */

import type { AdPlatform } from '../../shared/ad-platforms.ts';
import { type AdPlatformConfig, AdPlatformConfigError, createAdPlatformConnectors, loadAdPlatformConfig } from '../connectors/config.ts';
import type { AdPlatformRegistry } from '../deps.ts';
import type { Clock } from '../kernel/clock.ts';
import { type Config, ConfigError, publicBaseUrl } from '../kernel/config.ts';

/** Where this server reaches itself (the in-process sandbox): loopback for a wildcard bind, else the bound host. */
export function internalBaseUrl(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

export function adPlatformConfig(env: NodeJS.ProcessEnv, config: Config): AdPlatformConfig {
  try {
    return loadAdPlatformConfig(env, { publicBaseUrl: publicBaseUrl(config), internalBaseUrl: internalBaseUrl(config) });
  } catch (err) {
    if (err instanceof AdPlatformConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/** The connectors read the server's clock (token lifetimes, signed timestamps, report windows). */
export function adPlatformRegistry(env: NodeJS.ProcessEnv, config: Config, clock: Clock): AdPlatformRegistry {
  const cfg = adPlatformConfig(env, config);
  const all = createAdPlatformConnectors(cfg, undefined, { now: () => clock.now() });
  const registry: { -readonly [K in keyof typeof all]?: (typeof all)[K] } = { ucid: all.ucid };
  for (const p of Object.keys(cfg.oauth) as Array<keyof AdPlatformConfig['oauth']>) if (cfg.oauth[p].configured) registry[p] = all[p];
  return registry;
}

/** The platforms whose connector talks to the in-process sandbox (the demo world seeds only those). */
export function sandboxedPlatforms(cfg: AdPlatformConfig): AdPlatform[] {
  const oauth = (Object.keys(cfg.oauth) as Array<keyof AdPlatformConfig['oauth']>).filter((p) => cfg.oauth[p].usesSandbox);
  return cfg.ucid.usesSandbox ? [...oauth, 'ucid'] : oauth;
}
