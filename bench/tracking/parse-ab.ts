/**
 * The processor's JavaScript per ping without the database — `parseSlice` (query parsing and the verdicts, flood
 * windows kept across slices) and the rollup sums — old code against new (bench/README.md "SQLite drain, fourth
 * pass"). The pings are the drain bench's (bench/tracking-drain.ts: 巨量 click pings, each its own callback, device
 * and public device IP, a phone's WebView user agent), in slices of 3 000 at 5 000 a second. Each run is a child
 * process of its own (a fresh heap and JIT), the trees alternate (ABAB), CPU seconds of the child per run. A tree is a
 * copy of the repository (`git archive <commit> | tar -x -C /tmp/x`, with a `node_modules` link).
 *   node bench/tracking/parse-ab.ts <old tree> <new tree> [pings] [rounds]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const SLICE = 3000;
const T0 = 1_763_596_800;
const PER_SECOND = 5000;
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0';

async function child(tree: string, n: number): Promise<void> {
  const { parseSlice } = await import(path.join(tree, 'src/server/tracking/slice.ts'));
  const { floodWindows } = await import(path.join(tree, 'src/server/tracking/verdict/flood.ts'));
  const { DEFAULT_THRESHOLDS } = await import(path.join(tree, 'src/server/tracking/verdict/config.ts'));
  const { RollupAccumulator } = await import(path.join(tree, 'src/server/tracking/rollup.ts'));
  const { backlogPingQuery } = await import(path.join(tree, 'tests/support/raw-backlog.ts'));
  const ua = `&ua=${encodeURIComponent(PHONE_UA)}&`;
  const ip = (i: number) => `36.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const links = new Map([['810001', { customerid: 1, state: 2, deleted_at: null }]]);
  const w = floodWindows(DEFAULT_THRESHOLDS);
  let invalid = 0;
  let cpuMicros = 0;
  for (let first = 0; first < n; first += SLICE) {
    // the raw rows as the slice reads them: fresh strings per slice, built outside the measured time
    const raw = Array.from({ length: Math.min(SLICE, n - first) }, (_, k) => {
      const i = first + k;
      const at = T0 + Math.floor(i / PER_SECOND);
      const cb = `cb_${(i * 2654435761) % 4294967296}_${i}`;
      const query = backlogPingQuery(cb, i, ip(i), at).replace(/&ua=[^&]*&/, ua);
      return { id: i + 1, kind: 'c', pageid: '810001', query, ip: '203.0.113.9', ua: 'Mozilla/5.0', received_at: at };
    });
    const cpu0 = process.cpuUsage();
    const s = parseSlice(raw, [], links, w, null);
    const acc = new RollupAccumulator();
    for (const e of s.pings) {
      if (e.invalid) invalid++;
      acc.add(e.received_at, { pageid: e.pageid, customerid: e.customerid, adv: e.adv, aid: e.aid }, { clicks: 1 });
    }
    acc.rows();
    const cpu = process.cpuUsage(cpu0);
    cpuMicros += cpu.user + cpu.system;
  }
  process.stdout.write(JSON.stringify({ cpuSeconds: cpuMicros / 1e6, invalid }));
}

function parent(): void {
  const [oldTree, newTree] = [process.argv[2] ?? '', process.argv[3] ?? ''];
  if (!oldTree || !newTree) throw new Error('usage: node bench/tracking/parse-ab.ts <old tree> <new tree> [pings] [rounds]');
  const n = Number(process.argv[4] ?? 250_000);
  const rounds = Number(process.argv[5] ?? 3);
  const runs: Record<string, number[]> = { old: [], new: [] };
  for (let r = 0; r < rounds; r++)
    for (const [name, tree] of [
      ['old', oldTree],
      ['new', newTree],
    ] as const) {
      const out = JSON.parse(execFileSync(process.execPath, [import.meta.filename, '--child', tree, String(n)], { encoding: 'utf8' }));
      runs[name]?.push(out.cpuSeconds);
      console.log(`round ${r + 1} ${name}: ${out.cpuSeconds.toFixed(2)} CPU s, ${out.invalid} invalid`);
    }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`mean old ${mean(runs.old ?? []).toFixed(2)} s, new ${mean(runs.new ?? []).toFixed(2)} s`);
}

if (process.argv[2] === '--child') await child(path.resolve(process.argv[3] ?? '.'), Number(process.argv[4]));
else parent();
