/** wrk on loopback and the bare node:http baseline, for the benchmarks that compare our server with it. */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { monitorUrl } from '../src/shared/macros.ts';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

const ms = (v: string): number => {
  const m = /([\d.]+)(us|ms|s)/.exec(v);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
};

const wrkArgs = (url: string, opts: WrkOptions): string[] => [
  `-t${opts.threads ?? 1}`,
  `-c${opts.connections}`,
  `-d${opts.duration}`,
  '--latency',
  url,
];

const parse = (out: string): WrkResult => ({
  rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
  p50: ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
  p99: ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
  requests: Number(/(\d+) requests in/.exec(out)?.[1]),
  non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
});

export interface WrkOptions {
  duration: string;
  connections: number;
  threads?: number;
}

export function wrk(url: string, opts: WrkOptions): WrkResult {
  return parse(execFileSync('wrk', wrkArgs(url, opts), { encoding: 'utf8' }));
}

/** wrk without blocking this process: for a server that runs in it (bench/contended.ts). */
export async function wrkAsync(url: string, opts: WrkOptions): Promise<WrkResult> {
  return parse((await promisify(execFile)('wrk', wrkArgs(url, opts), { encoding: 'utf8' })).stdout);
}

/** bench/baseline-server.ts: 204 to any ping, the given HTML to a page. */
export function startBaseline(port: number, htmlFile: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline-server.ts')], {
    env: { ...process.env, PORT: String(port), BASELINE_HTML: htmlFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => proc.stdout?.once('data', () => resolve(proc)));
}

/** A 巨量 click ping with all macros substituted: the 30 parameters of bench/README.md case a). */
export function juliangPing(pageid: string): string {
  const url = monitorUrl('http://h', 'click', 2, pageid).replace(/__([A-Z0-9_]+)__/g, (_m, name: string) =>
    name === 'TS'
      ? String(Date.now())
      : name === 'UA'
        ? 'Mozilla%2F5.0%20(Linux%3B%20Android%2014)'
        : name === 'IP'
          ? '203.0.113.9'
          : `${name.toLowerCase()}_1234567`,
  );
  return `${url.slice('http://h'.length)}&mid1=1&mid2=2&mid3=3&mid4=4`;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
export const ratio = (a: number, b: number): number => Math.round((a / b) * 1000) / 10;
