/**
 * The ad-platform sandbox: one Hono sub-app per platform, each speaking that platform's protocol under
 * `<mountPath>/<platform>/…` (default `/sandbox/juliang/open_api/…` and so on), sharing one world stored in
 * its own SQLite file, with the delivery engine that sends traffic to the plans' monitor URLs. Mounted in
 * the product's HTTP server when `SANDBOX` is on, or run alone with `node src/server/sandbox/adplatforms/serve.ts`.
 * Imports nothing of the product but `src/shared/`.
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AdPlatform, type OAuthPlatform, SANDBOX_APPS } from '../../../shared/ad-platforms.ts';
import { adminRoutes, type PlatformContext } from './admin.ts';
import { DeliveryEngine, type DeliveryOptions } from './delivery.ts';
import { drivers, type PlanDrive } from './drivers.ts';
import { Grants } from './grants.ts';
import { juliangApp } from './juliang.ts';
import { juliangRateLimited } from './juliang-wire.ts';
import { Faults, Recorder, recordAndFault } from './kit.ts';
import { kuaishouApp, kuaishouRateLimited } from './kuaishou.ts';
import { SandboxStore } from './store.ts';
import { tengxunApp, tengxunRateLimited } from './tengxun.ts';
import { ucidApp, ucidRateLimited } from './ucid.ts';
import { weiboApp, weiboRateLimited } from './weibo.ts';
import { World } from './world.ts';
import { xiaohongshuApp, xiaohongshuRateLimited } from './xiaohongshu.ts';

export interface SandboxOptions {
  /** SQLite file of the world (`:memory:` in tests). */
  file: string;
  /** Where the outside reaches the sandbox root, e.g. http://127.0.0.1:4321/sandbox. */
  publicBase: string;
  mountPath?: string;
  now?: () => number;
  delivery?: Partial<DeliveryOptions>;
  /** Start the live delivery loop (default true). */
  live?: boolean;
  /** Apps the sandbox accepts besides the default sandbox apps (tests add a second, "foreign" app). */
  extraApps?: Array<{ platform: OAuthPlatform; appId: string; appSecret: string }>;
}

interface PlatformBuild {
  build: (ctx: PlatformContext, app: Hono) => void;
  rateLimited: (c: Context) => Response;
  /** Paths without injected faults (the consent page is a browser page, not the API). */
  consentPaths: string[];
}

const BUILDS: Record<AdPlatform, PlatformBuild> = {
  juliang: { build: juliangApp, rateLimited: juliangRateLimited, consentPaths: ['/audit/oauth.html', '/openapi/audit/oauth.html'] },
  tengxun: { build: tengxunApp, rateLimited: tengxunRateLimited, consentPaths: ['/oauth/authorize'] },
  kuaishou: { build: kuaishouApp, rateLimited: kuaishouRateLimited, consentPaths: ['/tools/authorize'] },
  xiaohongshu: { build: xiaohongshuApp, rateLimited: xiaohongshuRateLimited, consentPaths: ['/aurora/openApiAuth'] },
  ucid: { build: ucidApp, rateLimited: ucidRateLimited, consentPaths: [] },
  weibo: { build: weiboApp, rateLimited: weiboRateLimited, consentPaths: ['/oauth/authorize'] },
};

export interface AdPlatformSandbox {
  /** Serves `<mountPath>/<platform>/…`. */
  app: Hono;
  world: World;
  engine: DeliveryEngine;
  contexts: Partial<Record<AdPlatform, PlatformContext>>;
  platforms: AdPlatform[];
  /** The world API for the other sandboxes: every plan, the URLs it drives and its history clicks (drivers.ts). */
  drivers(): PlanDrive[];
  close(): Promise<void>;
}

export function createAdPlatformSandbox(opts: SandboxOptions): AdPlatformSandbox {
  const mount = (opts.mountPath ?? '/sandbox').replace(/\/$/, '');
  const store = new SandboxStore(opts.file);
  const world = new World(store, opts.now);
  for (const [platform, a] of Object.entries(SANDBOX_APPS) as Array<[OAuthPlatform, { appId: string; appSecret: string }]>)
    world.ensureApp(platform, a.appId, a.appSecret);
  for (const a of opts.extraApps ?? []) world.ensureApp(a.platform, a.appId, a.appSecret);
  const engine = new DeliveryEngine(world, { publicBase: opts.publicBase, ...opts.delivery });

  const root = new Hono();
  // Like the real gateways: no platform call needs more than a few kilobytes.
  root.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ code: 413, message: 'sandbox: request body too large' }, 413) }));
  const contexts: Partial<Record<AdPlatform, PlatformContext>> = {};
  for (const [platform, b] of Object.entries(BUILDS) as Array<[AdPlatform, PlatformBuild]>) {
    const prefix = `${mount}/${platform}`;
    const ctx: PlatformContext = {
      platform,
      world,
      grants: new Grants(world, platform),
      recorder: new Recorder(() => world.now() * 1000),
      faults: new Faults(),
      engine,
    };
    const app = new Hono();
    app.use(recordAndFault(prefix, ctx.recorder, ctx.faults, b.rateLimited, b.consentPaths));
    app.route('/_admin', adminRoutes(ctx));
    b.build(ctx, app);
    root.route(prefix, app);
    contexts[platform] = ctx;
  }
  root.notFound((c) => c.json({ code: 404, message: `sandbox: no such path ${c.req.path}` }, 404));
  root.onError((err, c) => c.json({ code: 500, message: `sandbox error: ${String(err)}` }, 500));
  if (opts.live !== false) engine.start();
  return {
    app: root,
    world,
    engine,
    contexts,
    platforms: Object.keys(contexts) as AdPlatform[],
    drivers: () => drivers(world),
    close: async () => {
      await engine.stop();
      store.close();
    },
  };
}
