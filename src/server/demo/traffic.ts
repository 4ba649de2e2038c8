import type { Deps } from '../deps.ts';
import { errorFields, log } from '../kernel/log.ts';
import { liveDemoLinks } from '../links/lookup.ts';
import { startDemoTraffic } from '../sandbox/traffic.ts';

/**
 * The demo world's traffic (DEMO_DATA and DEMO_TRAFFIC on): the sandbox's ad-platform traffic, aimed at the
 * demo world's own links only — a link a user creates never receives made-up pings. Stops at shutdown.
 */
export function startDemoWorldTraffic(
  deps: Pick<Deps, 'db' | 'lifecycle'>,
  baseUrl: string,
  opts: { peakShowsPerSecond?: number; reloadMs?: number } = {},
): ReturnType<typeof startDemoTraffic> {
  const peakShowsPerSecond = opts.peakShowsPerSecond ?? 20;
  const traffic = startDemoTraffic({
    baseUrl,
    links: () => liveDemoLinks(deps.db),
    reloadMs: opts.reloadMs,
    peakShowsPerSecond,
    maxInFlight: 64,
    onError: (err) => log.warn('demo traffic tick failed', errorFields(err)),
  });
  deps.lifecycle.onShutdown('demo-traffic', traffic.stop);
  log.info('demo traffic on', { peakShowsPerSecond });
  return traffic;
}
