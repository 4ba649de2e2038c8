/**
 * `npm run lint` (also a step of `npm test`): the import rules (.dependency-cruiser.cjs: the parts and the arrows
 * that must never exist), the linter and formatter check (biome.json), and the file naming convention
 * (scripts/naming.ts). Exits non-zero on any finding.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { namingProblems } from './naming.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
let failed = false;
const step = (name: string, cmd: string, args: string[]) => {
  process.stdout.write(`\n── ${name}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
};

step('import rules (dependency-cruiser)', bin('depcruise'), ['src', 'tests', 'scripts', 'bench', '--config', '.dependency-cruiser.cjs']);
step('lint + format (biome)', bin('biome'), ['check', '--diagnostic-level=error', '.']);
process.stdout.write('\n── file names\n');
const problems = namingProblems(process.cwd());
for (const p of problems) process.stdout.write(`  ${p}\n`);
if (problems.length) failed = true;
else process.stdout.write('  ok\n');
process.exit(failed ? 1 : 0);
