/**
 * `npm start`: build the pages when the build is missing or older than the sources, then run the server
 * (SQLite in ./data and the sandbox platforms unless configured otherwise).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const st = statSync(full);
    t = Math.max(t, st.isDirectory() ? newest(full) : st.mtimeMs);
  }
  return t;
}

const entry = path.resolve('dist/server/entry.mjs');
const sources = Math.max(newest('src'), newest('public'), statSync('astro.config.mjs').mtimeMs);
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  process.stdout.write('构建页面 (building pages) …\n');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../src/server/main.ts');
