/**
 * Process wiring of the ad-platform sandbox (SANDBOX on): the sandbox runs inside the product's process,
 * its world in `DATA_DIR/sandbox/adplatforms.sqlite`, callbacks and pings on the server's own loopback
 * address (the public base URL the product's links carry is rewritten to it), closed on shutdown.
 * Only this file and main.ts know the sandbox is in-process; connectors reach it over HTTP like any host.
 */
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Deps } from '../deps.ts';
import { type AdPlatformSandbox, createAdPlatformSandbox } from '../sandbox/adplatforms/index.ts';
import { DEMO_INVALID } from '../sandbox/adplatforms/invalid-traffic.ts';

export function startAdSandbox(
  deps: Pick<Deps, 'config' | 'lifecycle' | 'clock'>,
  publicBaseUrl: string,
  internalBaseUrl: string,
  opts: { live?: boolean } = {},
): { sandbox: AdPlatformSandbox; listener: ReturnType<typeof getRequestListener> } {
  const sandbox = createAdPlatformSandbox({
    file: path.join(deps.config.dataDir, 'sandbox', 'adplatforms.sqlite'),
    publicBase: `${internalBaseUrl}/sandbox`,
    // The delivery engine pings the plans' monitor URLs (DEMO_TRAFFIC); off, plans deliver only when told to.
    live: opts.live ?? true,
    // the server's clock (CLOCK_START pins both): delivery hours, history and token lifetimes agree with ours
    now: () => deps.clock.now(),
    // the demo world's traffic carries a small share of bots and click-farm bursts (invalid-traffic.ts), so the
    // invalid-traffic verdicts have something to show
    delivery: { rewrite: publicBaseUrl === internalBaseUrl ? [] : [[publicBaseUrl, internalBaseUrl]], invalid: DEMO_INVALID },
  });
  deps.lifecycle.onShutdown('ad-sandbox', () => sandbox.close());
  return { sandbox, listener: getRequestListener(sandbox.app.fetch) };
}
