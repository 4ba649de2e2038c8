/**
 * The external systems' connectors from the environment: the affiliate unions and the ad platforms, each at its
 * configured host or — unconfigured, with SANDBOX on — at this server's sandbox (`PUBLIC_BASE_URL/sandbox/…`,
 * reached on loopback at the server's port). `boot()` builds them from the configured port; a server that listens
 * on port 0 builds them again once it knows its port (main.ts).
 */
import { createAffiliateConnectors, loadAffiliateConfig } from '../connectors/affiliate-config.ts';
import type { Deps } from '../deps.ts';
import type { Clock } from '../kernel/clock.ts';
import { type Config, publicBaseUrl } from '../kernel/config.ts';
import { adPlatformRegistry } from './ad-platforms.ts';

export function connectorsFor(env: NodeJS.ProcessEnv, config: Config, clock: Clock): Pick<Deps, 'affiliates' | 'unions' | 'adPlatforms'> {
  const unionConfig = loadAffiliateConfig(env, publicBaseUrl(config));
  return {
    affiliates: createAffiliateConnectors(unionConfig, undefined, () => clock.nowMs()),
    unions: { enabled: unionConfig.enabled, taobaoAdzones: unionConfig.taobaoAdzones },
    // Ad platforms: the sandbox by default, real hosts by configuration (wiring/ad-platforms.ts).
    adPlatforms: adPlatformRegistry(env, config, clock),
  };
}
