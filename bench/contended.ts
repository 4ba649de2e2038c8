/**
 * Monitor pings while everything else runs (issues 21 and 22; bench/README.md "# Monitor pings while everything else
 * runs"): bench/run.ts case a — the 巨量 click ping with 30 parameters, keep-alive, wrk -t1 -c64 — against the bare
 * node:http baseline, in alternating rounds, on our server idle and on our server while one background load runs in
 * the same process (bench/contended/loads.ts). Per case: req/s per round, the median ratio to the baseline, the points
 * from idle, p99 against the baseline's (target ≤ 5×) and the background work done while our server was pinged.
 *
 *   npm run bench:contended
 *   BENCH_CASES=idle,rules,boards,lists,export,orders  BENCH_SCALE=1 (the issues' volumes)  BENCH_ROUNDS=3  BENCH_DURATION=8s
 *   BENCH_CONNECTIONS=64  BENCH_WARMUP=3s  BENCH_EXPORT_FORMAT=xlsx|csv  BENCH_OUT=contended-results.json  BENCH_BASELINE_PORT=4632
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CASES, volumes } from './contended/loads.ts';
import { Gate, serve } from './contended/server.ts';
import { machineFacts } from './tracking/machine.ts';
import { juliangPing, median, ratio, startBaseline, type WrkResult, wrkAsync } from './wrk.ts';

const NAMES = (process.env.BENCH_CASES ?? Object.keys(CASES).join(',')).split(',').map((c) => c.trim());
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 4632);
const WRK = { duration: process.env.BENCH_DURATION ?? '8s', connections: Number(process.env.BENCH_CONNECTIONS ?? 64) };

interface Round {
  baseline: WrkResult;
  ours: WrkResult;
  ratio: number;
  /** Background work finished while our server was pinged this round. */
  work: number;
  /** Pings our server committed this round (each 204 is sent after its COMMIT). */
  committed: number;
  /** Our event loop's delay while our server was pinged (perf_hooks histogram, 10 ms resolution): a long synchronous step shows here. */
  loopDelay: { p99Ms: number; maxMs: number };
  /** The tracking lag (rows, seconds of the oldest) when our server's measure began and ended. */
  lag: { before: { rows: number; seconds: number }; after: { rows: number; seconds: number } };
}

interface CaseResult {
  case: string;
  what: string;
  unit: string;
  setupSeconds: number;
  rounds: Round[];
  medianRatio: number;
  pointsFromIdle: number | null;
  p99Ms: number;
  baselineP99Ms: number;
  p99Factor: number;
  work: number;
  /** All the background work done from the load's start to its end (warm-up and baseline rounds included). */
  workInCase: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

async function runCase(name: string, ping: string, baselineBase: string): Promise<CaseResult> {
  const def = CASES[name];
  if (!def) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')}`);
  const t0 = performance.now();
  const prepared = await def.prepare(volumes(SCALE));
  const setupSeconds = round1((performance.now() - t0) / 1000);
  const gate = new Gate();
  gate.attach(prepared.deps);
  const served = await serve(prepared.deps);
  const load = prepared.start?.(gate);
  const rounds: Round[] = [];
  let workInCase = 0;
  try {
    await wrkAsync(served.base + ping, { ...WRK, duration: process.env.BENCH_WARMUP ?? '3s' });
    for (let i = 0; i < ROUNDS; i++) {
      gate.hold(); // our background work waits while the baseline is measured
      const baseline = await wrkAsync(baselineBase + ping, WRK);
      gate.open();
      const [before, committedBefore] = [(await load?.done()) ?? 0, served.committed()];
      const lagBefore = prepared.deps.pressure.lag();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const ours = await wrkAsync(served.base + ping, WRK);
      delay.disable();
      const work = ((await load?.done()) ?? 0) - before;
      const loopDelay = { p99Ms: round1(delay.percentile(99) / 1e6), maxMs: round1(delay.max / 1e6) };
      const lag = { before: lagBefore, after: prepared.deps.pressure.lag() };
      const committed = served.committed() - committedBefore;
      rounds.push({ baseline, ours, ratio: ratio(ours.rps, baseline.rps), work, committed, loopDelay, lag });
      console.log(name, {
        baseline: Math.round(baseline.rps),
        ours: Math.round(ours.rps),
        ratio: rounds.at(-1)?.ratio,
        work,
        loopDelay,
        lag,
      });
    }
    workInCase = (await load?.done()) ?? 0;
  } finally {
    gate.open();
    await load?.stop();
    await served.close();
    await prepared.close();
  }
  const p99Ms = median(rounds.map((r) => r.ours.p99));
  const baselineP99Ms = median(rounds.map((r) => r.baseline.p99));
  return {
    case: name,
    what: def.what,
    unit: load?.unit ?? '',
    setupSeconds,
    rounds,
    medianRatio: median(rounds.map((r) => r.ratio)),
    pointsFromIdle: null,
    p99Ms,
    baselineP99Ms,
    p99Factor: round1(p99Ms / baselineP99Ms),
    work: rounds.reduce((n, r) => n + r.work, 0),
    workInCase,
  };
}

function table(results: CaseResult[]): string {
  return [
    '| case | ours req/s per round | baseline req/s per round | median ratio | points from idle | p99 ours / baseline ms (×, target ≤ 5) | background work while pinged (in the whole case) |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.case}: ${r.what} | ${r.rounds.map((x) => Math.round(x.ours.rps)).join(', ')} | ${r.rounds.map((x) => Math.round(x.baseline.rps)).join(', ')} | ${r.medianRatio} % | ${r.pointsFromIdle ?? '–'} | ${r.p99Ms} / ${r.baselineP99Ms} (${r.p99Factor}×) | ${r.unit ? `${r.work} ${r.unit} (${r.workInCase} in the case)` : '–'} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const facts = { ...machineFacts(), scale: SCALE, volumes: volumes(SCALE), rounds: ROUNDS, wrk: WRK };
  console.log(facts);
  const baseline = await startBaseline(BASELINE_PORT, '/dev/null');
  const ping = juliangPing('810001');
  const results: CaseResult[] = [];
  try {
    for (const name of NAMES) results.push(await runCase(name, ping, `http://127.0.0.1:${BASELINE_PORT}`));
  } finally {
    baseline.kill('SIGTERM');
  }
  const idle = results.find((r) => r.case === 'idle');
  for (const r of results) if (idle && r !== idle) r.pointsFromIdle = round1(idle.medianRatio - r.medianRatio);
  const md = table(results);
  console.log(`\n${md}\n`);
  const out = path.resolve(import.meta.dirname, process.env.BENCH_OUT ?? 'contended-results.json');
  writeFileSync(out, `${JSON.stringify({ facts, results, table: md, machineAfter: machineFacts() }, null, 2)}\n`);
  console.log(`written ${out}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
