/**
 * Landing pages are rendered once, served many times: when a link changes (and at start, bounded) its page
 * is rendered by Astro through a loopback request carrying a per-process secret header (which skips visit
 * recording), stored in memory (LRU) and in object storage (`landing/{pageid}.html`). A fast path serves the
 * stored HTML and records the visit through the event batch; a miss falls through to Astro's on-request
 * rendering, which records the visit itself. Entries older than `ttlMs` are re-rendered in the background
 * (other app nodes' link changes reach this node that way).
 */

import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { LANDING_PREFIXES, landingPath } from '../../shared/links.ts';
import type { Deps } from '../deps.ts';
import { arrivalClock } from '../kernel/clock.ts';
import type { Config } from '../kernel/config.ts';
import type { Db } from '../kernel/executor.ts';
import { errorFields, log } from '../kernel/log.ts';
import { findLiveLink, recentLivePageIds } from '../links/lookup.ts';
import { landingKey } from '../publish/storage.ts';
import type { EventBatcher } from '../tracking/batch.ts';
import { requestIp, splitPath } from '../tracking/monitor.ts';
import { LIMITS } from '../tracking/parse.ts';
import { LandingCache } from './cache.ts';
import { isPageIdParam, type LandingRuntime, RENDER_HEADER, type VisitInput } from './runtime.ts';

type LandingDeps = Pick<Deps, 'db' | 'config' | 'lifecycle' | 'metrics' | 'linkEvents' | 'storage' | 'clock'>;

export interface LandingOptions {
  /** Serve stored HTML from memory (off: every request is rendered by Astro; for benchmarks). */
  cache: boolean;
  ttlMs: number;
  warmLimit: number;
  maxEntries: number;
}

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'accept-encoding' };
const GZ_HEADERS = { ...HTML_HEADERS, 'content-encoding': 'gzip' };

export class Landing {
  readonly cache: LandingCache;
  readonly secret = randomBytes(18).toString('base64url');
  private port = 0;
  private inflight = new Map<string, Promise<void>>();
  /** pageid → time of the last render attempt for pages that were not found (bounded). */
  private misses = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  private readonly db: Db;
  private readonly config: Config;
  private readonly batcher: EventBatcher;
  /** Stamps a visit's arrival: plain `Date.now` unless the clock is pinned (`arrivalClock`). */
  private readonly arrivalMs: () => number;
  readonly opts: LandingOptions;
  readonly stats = { hits: 0, misses: 0, renders: 0, renderFailures: 0 };

  private readonly deps: LandingDeps;
  /** Handed to Astro with every request (`Astro.locals.landing`). */
  readonly runtime: LandingRuntime;

  constructor(deps: LandingDeps, batcher: EventBatcher, opts: LandingOptions) {
    this.deps = deps;
    this.db = deps.db;
    this.config = deps.config;
    this.batcher = batcher;
    this.arrivalMs = arrivalClock(deps.clock);
    this.opts = opts;
    this.cache = new LandingCache(opts.maxEntries);
    this.runtime = {
      find: async (pageid) => (await findLiveLink(this.db, pageid)) ?? null,
      recordVisit: (v) => this.recordVisit(v),
      renderSecret: this.secret,
      trustProxy: deps.config.TRUST_PROXY,
    };
    deps.metrics.registerGauge('landing_cache_entries', () => this.cache.size);
    deps.metrics.registerGauge('landing_cache_bytes', () => this.cache.totalBytes);
    deps.metrics.registerGauge('landing_cache_hits_total', () => this.stats.hits);
    deps.metrics.registerGauge('landing_cache_misses_total', () => this.stats.misses);
  }

  recordVisit(v: VisitInput, now = this.arrivalMs()): Promise<boolean> {
    return new Promise((resolve) => {
      const row = {
        pageid: v.pageid,
        query: v.query.slice(0, LIMITS.query + 1),
        ip: v.ip,
        ua: v.ua.slice(0, LIMITS.ua + 1),
        referer: v.referer.slice(0, 512),
        received_at: Math.floor(now / 1000),
      };
      if (!this.batcher.add({ table: 'landing_visits', row }, resolve)) resolve(false);
    });
  }

  /** The raw fast path: stored HTML for `/pub|puc|pud|pwb|pjd|xtb|new|new/wx/{digits}`. */
  readonly fastPath = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!this.opts.cache) return false;
    const url = req.url ?? '';
    const c1 = url.charCodeAt(1);
    if (c1 !== 112 /* p */ && c1 !== 120 /* x */ && c1 !== 110 /* n */) return false;
    const prefix = LANDING_PREFIXES.find((p) => url.startsWith(p));
    if (!prefix || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const { id, query } = splitPath(url, prefix.length);
    if (!isPageIdParam(id) || req.headers[RENDER_HEADER] !== undefined) return false;
    const page = this.cache.get(id);
    if (!page) {
      this.stats.misses += 1;
      this.renderSoon(id);
      return false; // Astro renders it now (and records the visit)
    }
    this.stats.hits += 1;
    // A cached page's age is elapsed real time (Date.now, also in cache.ts), not the product's clock.
    if (Date.now() - page.renderedAt > this.opts.ttlMs) this.renderSoon(id, true);
    const ua = req.headers['user-agent'];
    const referer = req.headers.referer;
    const send = () => {
      const gzip = String(req.headers['accept-encoding'] ?? '').includes('gzip');
      const body = gzip ? page.gz : page.html;
      res.writeHead(200, { ...(gzip ? GZ_HEADERS : HTML_HEADERS), 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    // The visit is committed before the page goes out; a refused or failed batch never blocks the visitor.
    const row = {
      pageid: id,
      query,
      ip: requestIp(req, this.config.TRUST_PROXY),
      ua: ua ? ua.slice(0, LIMITS.ua + 1) : '',
      referer: referer ? referer.slice(0, 512) : '',
      received_at: Math.floor(this.arrivalMs() / 1000),
    };
    if (!this.batcher.add({ table: 'landing_visits', row }, send)) send();
    return true;
  };

  /** Called once the server listens: the loopback port the publisher renders through. */
  start(port: number): void {
    this.port = port;
    this.unsubscribe = this.deps.linkEvents.on((pageid) => {
      this.misses.delete(pageid);
      void this.render(pageid);
    });
    this.deps.lifecycle.onShutdown('landing', () => {
      this.unsubscribe?.();
      return this.idle();
    });
  }

  /** Wait for renders in progress. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight.values()]);
  }

  private renderSoon(pageid: string, stale = false): void {
    if (!this.port || this.inflight.has(pageid)) return;
    if (!stale) {
      const last = this.misses.get(pageid);
      if (last && Date.now() - last < this.opts.ttlMs) return;
      if (this.misses.size > 10_000) this.misses.clear();
      this.misses.set(pageid, Date.now());
    }
    void this.render(pageid);
  }

  /** Render one page through Astro and store it (or drop it when the link is gone). Deduplicated per pageid. */
  render(pageid: string): Promise<void> {
    const running = this.inflight.get(pageid);
    if (running) return running.then(() => this.render(pageid));
    const job = this.doRender(pageid)
      .catch((err) => {
        this.stats.renderFailures += 1;
        log.warn('landing render failed', { pageid, ...errorFields(err) });
      })
      .finally(() => this.inflight.delete(pageid));
    this.inflight.set(pageid, job);
    return job;
  }

  private async doRender(pageid: string): Promise<void> {
    if (!this.port) return;
    const link = await findLiveLink(this.db, pageid);
    const storage = this.deps.storage;
    if (!link) {
      this.cache.delete(pageid);
      await storage.delete(landingKey(pageid));
      return;
    }
    const { status, body } = await this.fetchLocal(landingPath(link));
    this.stats.renders += 1;
    if (status === 200) {
      this.misses.delete(pageid);
      this.cache.set(pageid, body);
      await storage.put(landingKey(pageid), body, 'text/html; charset=utf-8');
    } else if (status === 404) {
      this.cache.delete(pageid);
      await storage.delete(landingKey(pageid));
    } else throw new Error(`render answered ${status}`);
  }

  private fetchLocal(path: string): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const host = ['0.0.0.0', '::', 'localhost'].includes(this.config.HOST) ? '127.0.0.1' : this.config.HOST;
      const req = httpRequest(
        {
          host,
          port: this.port,
          path,
          method: 'GET',
          headers: { [RENDER_HEADER]: this.secret, 'user-agent': 'landing-publisher' },
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('render timed out')));
      req.on('error', reject);
      req.end();
    });
  }

  /** Render the most recently changed live links (bounded), a few at a time. */
  async warm(limit = this.opts.warmLimit): Promise<number> {
    if (!this.opts.cache || limit <= 0) return 0;
    const pageids = await recentLivePageIds(this.db, limit);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < pageids.length) await this.render(pageids[next++]!);
      }),
    );
    return this.cache.size;
  }
}
