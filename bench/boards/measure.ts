/**
 * Latency of the board endpoints as the console calls them: in-process `app.request` (auth, validation, the
 * service, JSON), no network. Each case runs WARMUP times unmeasured, then RUNS times; p50 and p95 in ms.
 */
import type { createApp } from '../../src/server/app.ts';

export const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 2;

export interface Case {
  endpoint: string;
  path: string;
  body: Record<string, unknown>;
  days: number;
  caller: string;
}

export interface Timing extends Case {
  p50: number;
  p95: number;
  max: number;
  rows: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (ms: number): number => Math.round(ms * 10) / 10;

/** One call of case `c` as `token`: its time in ms and the rows it answered (throws when the envelope is not a success). */
export async function callCase(app: ReturnType<typeof createApp>, token: string, c: Case): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const res = await app.request(c.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(c.body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: { total?: number; list?: unknown[]; series?: unknown[] } };
  const ms = performance.now() - started;
  if (env.code !== 1) throw new Error(`${c.path} ${JSON.stringify(c.body)}: ${env.code} ${env.msg}`);
  return { ms, rows: env.data.total ?? env.data.series?.length ?? env.data.list?.length ?? 0 };
}

/** The console's login as `email` (the bench password): the token its calls carry. */
export async function login(app: ReturnType<typeof createApp>, email: string, password: string): Promise<string> {
  const res = await app.request('/capi/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${email.length}` },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { data: { jwt: string } }).data.jwt;
}

/**
 * The same case under several settings (`modes`: each sets one, e.g. a read-model switch off / on), the calls
 * interleaved — mode 0, mode 1, mode 0, … — so that a shared machine's load falls on every mode alike.
 */
export async function timeAB(app: ReturnType<typeof createApp>, token: string, c: Case, modes: readonly (() => void)[]): Promise<Timing[]> {
  const call = () => callCase(app, token, c);
  const ms = modes.map(() => [] as number[]);
  const rows = modes.map(() => 0);
  for (let i = 0; i < WARMUP + RUNS; i++)
    for (const [m, set] of modes.entries()) {
      set();
      const r = await call();
      if (i < WARMUP) continue;
      ms[m]!.push(r.ms);
      rows[m] = r.rows;
    }
  return ms.map((all, m) => {
    all.sort((a, b) => a - b);
    return { ...c, p50: round(quantile(all, 0.5)), p95: round(quantile(all, 0.95)), max: round(all.at(-1) ?? NaN), rows: rows[m]! };
  });
}

const day = (now: number, back: number): string => new Date((now + 8 * 3600 - back * 86400) * 1000).toISOString().slice(0, 10);

/** Every endpoint × 1, 7, 30 and 90 days ending today, for one caller. */
export function casesFor(caller: string, now: number, item: string): Case[] {
  const out: Case[] = [];
  for (const days of [1, 7, 30, 90]) {
    const range = { start: day(now, days - 1), end: day(now, 0) };
    out.push(
      { endpoint: 'board/card', path: '/capi/napi/board/card', body: { accounttype: 'multi', ...range }, days, caller },
      { endpoint: 'board/list', path: '/capi/napi/board/list', body: { accounttype: 'multi', method: 'day', ...range }, days, caller },
      { endpoint: 'index/detail (plans)', path: '/capi/api/index/detail', body: { type: 0, ad: 'plan', ...range }, days, caller },
      { endpoint: 'itemanalyse/index', path: '/capi/napi/itemanalyse/index', body: range, days, caller },
      { endpoint: 'itemanalyse/order', path: '/capi/napi/itemanalyse/order', body: { item_id: item, ...range }, days, caller },
      {
        endpoint: 'order/index',
        path: '/capi/api/order/index',
        body: { pay_start: range.start, pay_end: range.end, page: 1, pagesize: 20 },
        days,
        caller,
      },
    );
  }
  return out;
}
