import { existsSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { boot } from './boot.ts';
import { loadAffiliateConfig } from './connectors/affiliate-config.ts';
import { demoLoginTable, seedDemoAccounts } from './demo/accounts.ts';
import { seedDemoAdLinks } from './demo/ad-links.ts';
import { seedDemoAds } from './demo/ads.ts';
import { seedDemoLinks } from './demo/links.ts';
import { seedDemoRules } from './demo/rules.ts';
import { seedDemoBrands } from './demo/udsmart.ts';
import { createHttpServer } from './http-server.ts';
import { ConfigError, publicBaseUrl } from './kernel/config.ts';
import { errorFields, log } from './kernel/log.ts';
import { Landing } from './landing/index.ts';
import { createUnionSandbox } from './sandbox/unions/index.ts';
import { startTracking } from './tracking/index.ts';
import { adPlatformConfig, internalBaseUrl, sandboxedPlatforms } from './wiring/ad-platforms.ts';
import { startAdSandbox } from './wiring/ad-sandbox.ts';

type AstroHandler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>;

async function loadAstro(distDir: string): Promise<AstroHandler | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    log.warn('no Astro build found; pages answer 503 until `npm run build`', { entry });
    return null;
  }
  const mod = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return mod.handler;
}

/**
 * PORT=0 asks for a free port. It is chosen before boot, so everything built from the configuration (the
 * public base URL, the ad-platform connectors' loopback address of the in-process sandbox) knows it.
 */
async function resolveFreePort(env: NodeJS.ProcessEnv): Promise<void> {
  if (env.PORT !== '0') return;
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, env.HOST || '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address === 'object' && address) env.PORT = String(address.port);
}

/** The demo world's ad accounts are made this long after the server listens. */
const DEMO_ADS_DELAY_MS = 2000;

async function main(): Promise<void> {
  await resolveFreePort(process.env);
  const booted = await boot();
  const { deps } = booted;
  const { config } = deps;
  const seeded = config.DEMO_DATA && (await seedDemoAccounts(deps));
  if (seeded) log.info('demo accounts created');

  const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
  const internalBase = internalBaseUrl(config);
  const adPlatforms = adPlatformConfig(process.env, config);
  const adSandbox = adPlatforms.sandbox ? startAdSandbox(deps, publicBaseUrl(config), internalBase, { live: config.DEMO_TRAFFIC }) : null;
  // Affiliate-union sandbox under /sandbox/<union>/ (SANDBOX on by default). One world with the ad sandbox: its
  // back-filled orders come from the plans' delivered clicks (the sandboxes' world API); alone, 30 days per new link.
  let boundPort = config.PORT;
  const unions = loadAffiliateConfig(process.env, publicBaseUrl(config)).sandbox
    ? createUnionSandbox({
        file: path.join(config.dataDir, 'sandbox', 'unions.sqlite'),
        publicBaseUrl: () => publicBaseUrl({ ...config, PORT: boundPort }),
        historyDays: adSandbox ? 0 : 30,
        plans: adSandbox ? () => adSandbox.sandbox.drivers() : undefined,
        // the server's clock (CLOCK_START pins both): the union's order times and windows agree with ours
        now: () => deps.clock.nowMs(),
      })
    : null;
  if (unions) deps.lifecycle.onShutdown('union-sandbox', () => unions.close());
  const tracking = startTracking(deps, { trustProxy: config.TRUST_PROXY, batch: { delayMs: config.TRACKING_BATCH_DELAY_MS } });
  const landing = new Landing(deps, tracking.batcher, { cache: config.LANDING_CACHE, ttlMs: 60_000, warmLimit: 500, maxEntries: 5000 });
  const { server, inFlight, closing } = createHttpServer({
    config,
    metrics: deps.metrics,
    api: createApp(deps),
    clientDir: path.join(distDir, 'client'),
    astro: await loadAstro(distDir),
    astroLocals: { landing: landing.runtime },
    fastPaths: [tracking.monitorFastPath, landing.fastPath, ...(unions ? [unions.fastPath] : [])],
    sandbox: adSandbox?.listener,
  });

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  boundPort = port;
  log.info('listening', { url: `http://${config.HOST}:${port}`, database: deps.engine, dataDir: config.dataDir });
  // Background work (tracking processor, raw retention, mail delivery, …) runs on the scheduler's leader.
  deps.lifecycle.onShutdown('scheduler', () => deps.jobs.stop());
  deps.jobs.start();
  landing.start(port);

  let stopping = false;
  /**
   * SIGTERM/SIGINT: stop accepting, stop the jobs (each ends its current slice), let requests in flight finish (kept-
   * alive connections are told to close; at most half the budget), commit the event batch (every ping answered 204 is
   * committed already; this commits the ones still waiting for their answer), process for a moment more, exit. SHUTDOWN_TIMEOUT_SECONDS bounds the whole:
   * whatever is left then — a backlog of raw rows, a job's slice — is durable and picked up by the next start or
   * another node (docs/api-tracking.md "Shutdown").
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    const budgetMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const hardStop = setTimeout(() => {
      log.error('shutdown deadline passed, exiting', { signal, seconds: config.SHUTDOWN_TIMEOUT_SECONDS });
      process.exit(1);
    }, budgetMs);
    hardStop.unref();
    log.info('shutting down', { signal, inFlight: inFlight() });
    // Jobs stop at once, each after its current slice (the processor's frees the database for the last batches).
    const jobsStopped = deps.jobs.stop();
    closing();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive sockets become idle as their last response finishes: close them as they do.
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), budgetMs / 2);
    await closed;
    clearInterval(sweeper);
    clearTimeout(deadline);
    await tracking.batcher.close();
    await jobsStopped;
    await deps.lifecycle.shutdown((name, err) =>
      err ? log.error('shutdown hook failed', { name, ...errorFields(err) }) : log.info('shutdown hook done', { name }),
    );
    await booted.close();
    log.info('stopped', { ms: Math.round(performance.now() - started) });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The demo world's links convert through the (sandbox) unions over HTTP: after the signal handlers, so a stop
  // during seeding is still graceful.
  if (seeded) {
    try {
      log.info('demo links created', { links: await seedDemoLinks(deps) });
    } catch (err) {
      if (!stopping) throw err; // the database closed under it: the process is stopping anyway
    }
  }
  void landing.warm().then((n) => log.info('landing pages rendered', { pages: n }));
  // The demo world's ad accounts: sandbox advertisers whose plans carry the demo links, authorised over HTTP as a
  // person would; the sandbox's delivery engine then pings their monitor URLs and lets a share of the landing
  // visits follow the jump into the union (DEMO_TRAFFIC).
  if (seeded && adSandbox && !stopping) {
    // In the background, once the server has settled (its first requests do not wait behind eleven more landing
    // renders and the sandbox building its world); shutdown waits for it (its calls to this server end first) or
    // cancels it if not begun.
    let seeding: Promise<void> | null = null;
    const timer = setTimeout(() => {
      seeding = seedDemoAdLinks(deps)
        .then(() => seedDemoAds(deps, internalBase, sandboxedPlatforms(adPlatforms), publicBaseUrl(config)))
        .then(async (r) => ({ ...r, rules: await seedDemoRules(deps), brands: await seedDemoBrands(deps) }))
        .then(
          (r) =>
            r.failed.length
              ? log.warn('demo ad accounts incomplete', { ...r })
              : log.info('demo ad accounts authorised', { accounts: r.accounts }),
          (err) => log.error('demo ad accounts failed', errorFields(err)),
        );
    }, DEMO_ADS_DELAY_MS);
    deps.lifecycle.onShutdown('demo-ads', async () => {
      clearTimeout(timer);
      await seeding;
    });
  }
  if (config.DEMO_DATA) process.stdout.write(`\n投放管理平台 ${publicBaseUrl({ ...config, PORT: port })}/login\n${demoLoginTable()}\n\n`);
}

main().catch((err) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else log.error('start failed', errorFields(err));
  process.exit(1);
});
