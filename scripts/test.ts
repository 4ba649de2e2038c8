/**
 * `npm test`: type check, lint (import rules, biome, file names), unit tests, console component tests, a production build, API tests over SQLite + PGlite (+ real PostgreSQL when
 * TEST_DATABASE_URL is set), process tests, both again at the pinned boundary times (API on SQLite), and Playwright in Debian's Chromium. Prints a summary and exits
 * non-zero on any failure. Installs Debian's chromium and fonts-noto-cjk when missing and it can (root + apt-get).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BOUNDARY_TEST_CLOCKS } from '../tests/support/clock.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const reports = path.resolve('test-results/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** What failed, and what passed only on a retry, by name: printed under the summary, so a CI log's tail says which test to read. */
  failures?: string[];
  flaky?: string[];
}
const steps: Step[] = [];

function run(
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  counts?: () => Pick<Step, 'passed' | 'failed' | 'skipped'>,
  named?: (which: 'failed' | 'flaky') => string[],
): boolean {
  process.stdout.write(`\n━━ ${name} ━━ ${[path.basename(cmd), ...args].join(' ')}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const c = counts ? safeCounts(counts) : { passed: 0, failed: 0, skipped: 0 };
  const ok = r.status === 0;
  const failures = named && !ok ? safeNamed(() => named('failed')) : [];
  const flaky = named ? safeNamed(() => named('flaky')) : [];
  steps.push({ name, ok, ...c, seconds: (Date.now() - started) / 1000, failures, flaky });
  return ok;
}

function safeCounts(read: () => Pick<Step, 'passed' | 'failed' | 'skipped'>) {
  try {
    return read();
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

function safeNamed(read: () => string[]): string[] {
  try {
    return read();
  } catch {
    return [];
  }
}

const vitestCounts = (file: string) => () => {
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
};
type VitestFile = { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] };
/**
 * Cases of a vitest JSON report by name (file › name: the first line of the first failure message): the failed
 * ones, or the flaky ones — passed on CI's retry (vitest.config.ts), their first attempt's error kept.
 */
const vitestNamed = (file: string, which: 'failed' | 'flaky'): string[] =>
  (JSON.parse(readFileSync(file, 'utf8')).testResults as VitestFile[]).flatMap((f) => {
    const where = path.relative(process.cwd(), f.name);
    const cases = f.assertionResults.filter((t) =>
      which === 'failed' ? t.status === 'failed' : t.status === 'passed' && t.failureMessages.length > 0,
    );
    if (which === 'failed' && cases.length === 0 && f.message) return [`${where}: ${firstLine(f.message)}`];
    return cases.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages[0] ?? '')}`);
  });
const firstLine = (s: string) =>
  s
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';
interface PwSuite {
  file?: string;
  suites?: PwSuite[];
  specs?: { title: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}
/** Specs of a Playwright JSON report by name (file:line › title: the first line of the first error): failed, or flaky. */
const playwrightNamed = (file: string, which: 'failed' | 'flaky'): string[] => {
  const walk = (s: PwSuite): string[] => [
    ...(s.specs ?? []).flatMap((sp) =>
      sp.tests
        .filter((t) => (which === 'flaky' ? t.status === 'flaky' : t.status === 'unexpected'))
        .map((t) => `${s.file}:${sp.line} › ${sp.title}: ${firstLine(t.results.find((r) => r.error)?.error?.message ?? '')}`),
    ),
    ...(s.suites ?? []).flatMap(walk),
  ];
  return (JSON.parse(readFileSync(file, 'utf8')).suites as PwSuite[]).flatMap(walk);
};
const playwrightCounts = (file: string) => () => {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
};

const canApt = (): boolean => process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
let aptUpdated = false;
function aptInstall(pkg: string): void {
  process.stdout.write(`installing Debian package ${pkg} …\n`);
  if (!aptUpdated) spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  aptUpdated = true;
  spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function ensureChromium(): string | null {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(exe)) return exe;
  if (canApt()) {
    aptInstall('chromium');
    if (existsSync(exe)) return exe;
  }
  return null;
}

/** Screenshots show Chinese only with a CJK font: Debian's fonts-noto-cjk, installed like chromium when missing. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
function ensureCjkFont(): void {
  if (existsSync(CJK_FONT) || spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { stdio: 'ignore' }).status === 0) return;
  if (canApt()) aptInstall('fonts-noto-cjk');
  else process.stdout.write('note: no CJK font (Debian package fonts-noto-cjk): screenshots will show boxes for Chinese text\n');
}

const vitest = (project: string, env: Record<string, string> = {}, label = '', exclude: string[] = []) => {
  const out = path.join(reports, `${project}${label ? `-${label.replace(/\W+/g, '')}` : ''}.json`);
  return run(
    `${project} tests${label ? ` ${label}` : ''}`,
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      ...exclude.flatMap((f) => ['--exclude', f]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
    vitestCounts(out),
    (which) => vitestNamed(out, which),
  );
};

run('astro sync', bin('astro'), ['sync']);
run('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
// Import rules, biome (lint + format) and file names: scripts/lint.ts.
run('lint', 'node', ['scripts/lint.ts']);
vitest('unit');
vitest('console');
// The landing API tests, process tests and Playwright render with the production build.
const built = run('build', 'npm', ['run', 'build']);
vitest('api');
vitest('process');
// The same suites with the tests' clock pinned just before a China midnight that ends a month, and just after one
// (tests/support/clock.ts): a day or month boundary bug fails every run, not one hour a day. SQLite only: the
// engines' date handling is covered by the default pass above.
// The process suite's durability files (a backlog of raw pings killed and drained, the cluster's workers) take minutes
// each and read no calendar: they run once, in the default pass.
const CLOCK_FREE_PROCESS_TESTS = ['tests/process/ingest-durability.test.ts', 'tests/process/cluster.test.ts'];
for (const at of BOUNDARY_TEST_CLOCKS) {
  const label = `@ ${at.slice(5, 16).replace('T', ' ')}`; // '@ 11-30 23:55' (China time)
  vitest('api', { TEST_CLOCK: at, TEST_DIALECTS: 'sqlite' }, label);
  vitest('process', { TEST_CLOCK: at }, label, CLOCK_FREE_PROCESS_TESTS);
}
const chromium = ensureChromium();
ensureCjkFont();
if (!chromium) {
  steps.push({
    name: 'e2e (Playwright)',
    ok: false,
    passed: 0,
    failed: 0,
    skipped: 0,
    seconds: 0,
    note: 'Chromium not found: install Debian package `chromium` (apt-get install chromium) or set CHROMIUM_PATH',
  });
} else if (!built) {
  steps.push({ name: 'e2e (Playwright)', ok: false, passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'skipped: build failed' });
} else {
  const out = path.join(reports, 'e2e.json');
  run('e2e (Playwright)', bin('playwright'), ['test'], { PW_JSON: out, CHROMIUM_PATH: chromium }, playwrightCounts(out), (which) =>
    playwrightNamed(out, which),
  );
}

const total = steps.reduce((a, s) => ({ passed: a.passed + s.passed, failed: a.failed + s.failed, skipped: a.skipped + s.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
process.stdout.write('\n━━ summary ━━\n');
for (const s of steps) {
  const counts =
    s.passed + s.failed + s.skipped > 0 ? `  ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}` : '';
  process.stdout.write(
    `${s.ok ? 'ok  ' : 'FAIL'}  ${s.name.padEnd(26)} ${s.seconds.toFixed(1).padStart(6)}s${counts}${s.note ? `  (${s.note})` : ''}\n`,
  );
}
for (const s of steps) {
  if (s.failures?.length) process.stdout.write(`\n${s.name}, failed:\n${s.failures.map((f) => `  ✗ ${f}\n`).join('')}`);
  if (s.flaky?.length) process.stdout.write(`\n${s.name}, flaky (passed on the retry):\n${s.flaky.map((f) => `  ~ ${f}\n`).join('')}`);
}
const failedSteps = steps.filter((s) => !s.ok).length;
const failed = total.failed + (failedSteps > 0 && total.failed === 0 ? failedSteps : 0);
process.stdout.write(`\ntests: ${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
process.exit(failedSteps > 0 ? 1 : 0);
