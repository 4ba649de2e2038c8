/**
 * GET /m/c/{pageid} (click) and /m/s/{pageid} (show): a raw node handler in the server's fastPaths.
 * No parsing here: the raw query, client ip, UA and time go into the event batch; the answer (204) is sent
 * only after that batch committed, 503 if it failed or the queue is full.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MONITOR_PATH } from '../../shared/macros.ts';
import type { EventBatcher } from './batch.ts';
import { LIMITS } from './parse.ts';

const CLICK = MONITOR_PATH.click;
const SHOW = MONITOR_PATH.show;
const NO_STORE = { 'cache-control': 'no-store' };
const BUSY = { 'cache-control': 'no-store', 'retry-after': '1', 'content-type': 'text/plain' };

/** Client address: the first X-Forwarded-For hop behind a trusted proxy, else the socket peer. */
export function requestIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    if (typeof fwd === 'string' && fwd) {
      const comma = fwd.indexOf(',');
      return (comma < 0 ? fwd : fwd.slice(0, comma)).trim().slice(0, 64);
    }
  }
  return req.socket.remoteAddress ?? '';
}

/** Split `/prefix/{id}?{query}` without URL parsing (the id and query are validated off the hot path). */
export function splitPath(url: string, prefixLength: number): { id: string; query: string } {
  const q = url.indexOf('?');
  const id = q < 0 ? url.slice(prefixLength) : url.slice(prefixLength, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  return { id: id.slice(0, LIMITS.pageid + 1), query: query.slice(0, LIMITS.query + 1) };
}

/** `nowMs` stamps arrival: `arrivalClock(deps.clock)` (plain `Date.now` unless the clock is pinned). */
export function createMonitorHandler(batcher: EventBatcher, opts: { trustProxy: boolean; nowMs?: () => number }) {
  const nowMs = opts.nowMs ?? Date.now;
  return function monitorFastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* / */ || url.charCodeAt(1) !== 109 /* m */ || url.charCodeAt(2) !== 47) return false;
    const kind = url.startsWith(CLICK) ? 'c' : url.startsWith(SHOW) ? 's' : null;
    if (!kind) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed');
      return true;
    }
    const { id, query } = splitPath(url, CLICK.length);
    const ua = req.headers['user-agent'];
    const accepted = batcher.add(
      {
        table: 'monitor_raw',
        row: {
          kind,
          pageid: id,
          query,
          ip: requestIp(req, opts.trustProxy),
          ua: ua ? ua.slice(0, LIMITS.ua + 1) : '',
          received_at: Math.floor(nowMs() / 1000),
        },
      },
      (ok) => {
        if (ok) res.writeHead(204, NO_STORE).end();
        else res.writeHead(503, BUSY).end('busy');
      },
    );
    if (!accepted) res.writeHead(503, BUSY).end('busy');
    return true;
  };
}
