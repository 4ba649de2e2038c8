import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { allContracts } from '../shared/api/index.ts';
import { Code } from '../shared/codes.ts';
import { userRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { adRoutes } from './ads/routes.ts';
import { tfcRoutes } from './affiliate/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { ping } from './db/dialect.ts';
import type { Deps } from './deps.ts';
import { mountDownload } from './exports/download.ts';
import { exportRoutes } from './exports/routes.ts';
import { mountContracts } from './http/contracts.ts';
import type { AppEnv } from './http/env.ts';
import { fail, notFoundRoute, onError } from './http/envelope.ts';
import { mountApiDocs } from './http/openapi.ts';
import { jumptestRoutes } from './jumptest/routes.ts';
import { log } from './kernel/log.ts';
import { linkRoutes } from './links/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { mountUpload, ossRoutes } from './oss/routes.ts';
import { promotionRoutes } from './promotion/routes.ts';
import { publishRoutes } from './publish/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { mountUnsubscribe } from './reports/unsubscribe.ts';
import { ruleRoutes } from './rules/routes.ts';
import { udsmartRoutes } from './udsmart/routes.ts';

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/**
 * The API app: every endpoint contract of `src/shared/api/` (`/capi/api/*`, `/capi/napi/*`, `/tfc/*`,
 * `/fcadbacklong/capi/*`), the API document (`/capi/openapi.json`, `/capi/docs`), `/healthz`, `/metrics`.
 * Tested in-process with `app.request()`.
 */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('clientIp', clientIp(c, deps.config.TRUST_PROXY));
    await next();
    c.header('x-request-id', requestId);
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.observeRequest(c.req.method, c.req.routePath, c.res.status, seconds);
    log.debug('request', { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(seconds * 1000) });
  });

  // Uploads have their own body limit (UPLOAD_MAX_BYTES), so they come before the general one.
  mountUpload(app, deps);
  app.use(
    bodyLimit({
      maxSize: deps.config.MAX_BODY_BYTES,
      onError: (c) => fail(c, Code.payloadTooLarge, `请求内容过大（上限 ${Math.floor(deps.config.MAX_BODY_BYTES / 1024)} KB）`),
    }),
  );

  app.get('/healthz', async (c) => {
    try {
      await ping(deps.db);
      return c.json({ status: 'ok', database: deps.engine });
    } catch {
      return c.json({ status: 'error', database: deps.engine }, 503);
    }
  });
  app.get('/metrics', (c) => c.text(deps.metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4' }));

  mountApiDocs(app, allContracts);
  mountDownload(app);
  mountUnsubscribe(app);
  mountContracts(
    app,
    [
      ...userRoutes,
      ...linkRoutes,
      ...tfcRoutes,
      ...publishRoutes,
      ...jumptestRoutes,
      ...adminRoutes,
      ...udsmartRoutes,
      ...dashboardRoutes,
      ...exportRoutes,
      ...ossRoutes,
      ...reportRoutes,
      ...orderRoutes,
      ...adRoutes,
      ...promotionRoutes,
      ...ruleRoutes,
    ],
    allContracts,
  );

  app.notFound(notFoundRoute);
  app.onError(onError);
  return app;
}
