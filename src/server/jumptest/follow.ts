import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Hop, JumpResult } from '../../shared/jumptest.ts';
import { blockedReason } from './address.ts';
import { htmlRedirectTarget } from './html.ts';
import { appLabel, classifyScheme } from './schemes.ts';

export type { Hop, JumpResult };
export interface FollowOptions {
  allowPrivate: boolean;
  maxHops?: number;
  hopTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBodyBytes?: number;
  /** Address check (default `blockedReason`); a test seam. */
  filter?: (ip: string) => string | null;
}
type Addr = { address: string; family: number };

const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 toufang-jumptest/1.0';

class Timeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Timeout()), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

async function resolve(host: string): Promise<Addr[]> {
  const family = isIP(host);
  return family ? [{ address: host, family }] : dnsLookup(host, { all: true, verbatim: true });
}

/** One GET pinned to the already-checked address (no second DNS lookup, so no rebinding window). */
function fetchPinned(u: URL, addr: Addr, ms: number, maxBody: number): Promise<{ status: number; location: string; html: string }> {
  const pinned: LookupFunction = (_host, opts, cb) => {
    if (opts.all) (cb as (e: null, a: Addr[]) => void)(null, [addr]);
    else cb(null, addr.address, addr.family);
  };
  const mod = u.protocol === 'https:' ? https : http;
  return withTimeout(
    new Promise((resolveReq, reject) => {
      const req = mod.request(
        {
          protocol: u.protocol,
          hostname: u.hostname.replace(/^\[|\]$/g, ''),
          port: u.port || undefined,
          path: `${u.pathname}${u.search}`,
          method: 'GET',
          lookup: pinned,
          agent: false,
          headers: { 'user-agent': UA, accept: 'text/html,*/*;q=0.8' },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const location = String(res.headers.location ?? '');
          const isHtml = /text\/html/i.test(String(res.headers['content-type'] ?? ''));
          if (status >= 300 || !isHtml) {
            res.destroy();
            return resolveReq({ status, location, html: '' });
          }
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => resolveReq({ status, location, html: Buffer.concat(chunks).toString('utf8') });
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            size += c.length;
            if (size >= maxBody) {
              res.destroy();
              done();
            }
          });
          res.on('end', done);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(ms, () => req.destroy(new Timeout()));
      req.end();
    }),
    ms,
  );
}

/**
 * Follow a promotion link hop by hop: 3xx `Location`, then `<meta refresh>` / `location.href` in HTML bodies.
 * Every hop's host is resolved here and refused when any address is loopback/private/link-local/… (unless
 * allowPrivate); the request then connects to that very address. App schemes end the chain as its target.
 */
export async function followChain(start: string, o: FollowOptions): Promise<JumpResult> {
  const maxHops = o.maxHops ?? 10;
  const hopMs = o.hopTimeoutMs ?? 5000;
  const deadline = Date.now() + (o.totalTimeoutMs ?? 15_000);
  const hops: Hop[] = [];
  let current = start;
  const end = (kind: JumpResult['final_kind'], extra: Partial<JumpResult> = {}): JumpResult => ({
    hops,
    final: current,
    final_kind: kind,
    ...extra,
  });
  for (;;) {
    let u: URL;
    try {
      u = new URL(current);
    } catch {
      return end('error', { error: '链接格式不正确' });
    }
    const scheme = classifyScheme(u.protocol);
    if (scheme === 'app') return end('app', { app_scheme: u.protocol.slice(0, -1), app_name: appLabel(u.protocol) });
    if (scheme === 'refused') return end('blocked', { error: `不支持的协议 ${u.protocol}` });
    if (hops.length >= maxHops) return end('error', { error: `跳转超过 ${maxHops} 次，已停止` });
    const left = deadline - Date.now();
    if (left <= 0) return end('error', { error: `总耗时超过 ${(o.totalTimeoutMs ?? 15_000) / 1000} 秒，已停止` });
    const ms = Math.min(hopMs, left);
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const started = performance.now();
    let addrs: Addr[];
    try {
      addrs = await withTimeout(resolve(host), ms);
    } catch (err) {
      return end('error', { error: err instanceof Timeout ? `域名解析超时：${host}` : `域名无法解析：${host}` });
    }
    if (addrs.length === 0) return end('error', { error: `域名无法解析：${host}` });
    if (!o.allowPrivate) {
      for (const a of addrs) {
        const why = (o.filter ?? blockedReason)(a.address);
        if (why) return end('blocked', { error: `目标 ${host} 指向${why}（${a.address}），已拒绝访问` });
      }
    }
    let res: Awaited<ReturnType<typeof fetchPinned>>;
    try {
      res = await fetchPinned(u, addrs[0]!, Math.max(1, ms - (performance.now() - started)), o.maxBodyBytes ?? 64 * 1024);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return end('error', {
        error:
          err instanceof Timeout
            ? `第 ${hops.length + 1} 跳请求超时（${ms >= 1000 ? `${Math.round(ms / 100) / 10} 秒` : `${Math.round(ms)} 毫秒`}）`
            : `请求失败：${code ?? (err as Error).message}`,
      });
    }
    const hop: Hop = { url: current, status: res.status, location: res.location, ms: Math.round(performance.now() - started) };
    hops.push(hop);
    let next = res.status >= 300 && res.status < 400 && res.location ? res.location : '';
    if (!next && res.html) next = htmlRedirectTarget(res.html) ?? '';
    if (!next) return end('http');
    hop.location = next;
    try {
      current = new URL(next, u).toString();
    } catch {
      return end('error', { error: `跳转地址格式不正确：${next.slice(0, 200)}` });
    }
  }
}
