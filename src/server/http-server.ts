import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './http/env.ts';
import type { Config } from './kernel/config.ts';
import { errorFields, log } from './kernel/log.ts';
import type { Metrics } from './kernel/metrics.ts';
import { createStaticHandler } from './static.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => void | Promise<void>;

const API_PREFIXES = ['/capi/', '/tfc/', '/fcadbacklong/'];
const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/healthz' || url === '/metrics';

/** Plain HTTP → HTTPS and legacy hosts → the canonical host (off unless configured). */
export function redirectTarget(config: Config, req: IncomingMessage): string | null {
  const host = String(req.headers.host ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  const proto = config.TRUST_PROXY
    ? String(req.headers['x-forwarded-proto'] ?? 'http')
        .split(',')[0]!
        .trim()
    : 'http';
  const legacy = config.CANONICAL_HOST && config.LEGACY_HOSTS.includes(hostname);
  const upgrade = config.FORCE_HTTPS && proto !== 'https';
  if (!legacy && !upgrade) return null;
  const scheme = config.FORCE_HTTPS || proto === 'https' ? 'https' : 'http';
  return `${scheme}://${legacy ? config.CANONICAL_HOST : host}${req.url ?? '/'}`;
}

export interface ServerParts {
  config: Config;
  metrics: Metrics;
  api: Hono<AppEnv>;
  clientDir: string;
  /** Astro's handler (middleware mode); null when the build is missing. */
  astro: NodeHandler | null;
  /** Handed to every Astro request as `Astro.locals` (the landing runtime). */
  astroLocals?: App.Locals;
  /** Raw handlers that must run before anything else (monitor pings, stored landing pages). */
  fastPaths?: Array<(req: IncomingMessage, res: ServerResponse) => boolean>;
  /** The in-process ad-platform sandbox, serving `/sandbox/*` (when SANDBOX is on). */
  sandbox?: NodeHandler | null;
}

/**
 * The one HTTP server: fast paths, the API app, static assets, then Astro for everything else. `closing()` (at
 * shutdown) answers every further request on a kept-alive connection with `Connection: close`, so clients that keep
 * sending (ad platforms' pingers) let go of their sockets instead of holding the server open.
 */
export function createHttpServer(parts: ServerParts): { server: Server; inFlight: () => number; closing: () => void } {
  const apiListener = getRequestListener(parts.api.fetch);
  const serveStatic = createStaticHandler(parts.clientDir);
  let inFlight = 0;
  let closing = false;

  const server = createServer((req, res) => {
    inFlight += 1;
    if (closing) res.setHeader('connection', 'close');
    res.on('close', () => (inFlight -= 1));
    const url = req.url ?? '/';
    const target = url === '/healthz' ? null : redirectTarget(parts.config, req);
    if (target) {
      res.writeHead(301, { location: target }).end();
      return;
    }
    if (parts.fastPaths?.some((h) => h(req, res))) return;
    if (isApi(url)) {
      void apiListener(req, res);
      return;
    }
    if (parts.sandbox && url.startsWith('/sandbox/')) {
      void parts.sandbox(req, res);
      return;
    }
    const started = performance.now();
    res.on('finish', () => parts.metrics.observeRequest(req.method ?? 'GET', 'page', res.statusCode, (performance.now() - started) / 1000));
    if (serveStatic(req, res)) return;
    if (!parts.astro) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('页面尚未构建，请先运行 npm run build');
      return;
    }
    Promise.resolve(parts.astro(req, res, undefined, parts.astroLocals ?? {})).catch((err) => {
      log.error('page render failed', { url, ...errorFields(err) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('服务器开小差了，请稍后再试');
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 620_000;
  return {
    server,
    inFlight: () => inFlight,
    closing: () => {
      closing = true;
    },
  };
}
