/** The server Playwright starts: the real built product on a fresh data directory with the demo world. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** E2E_DATA_DIR (set by playwright.config.ts, under the temp dir) is emptied first; otherwise a new temp dir. */
function freshDataDir(): string {
  const given = process.env.E2E_DATA_DIR;
  if (!given) return mkdtempSync(path.join(os.tmpdir(), 'tf-e2e-'));
  const dir = path.resolve(given);
  if (path.dirname(dir) !== path.resolve(os.tmpdir()) || !path.basename(dir).startsWith('tf-e2e-'))
    throw new Error(`E2E_DATA_DIR must be ${os.tmpdir()}/tf-e2e-*: ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

process.env.DATA_DIR = freshDataDir();
process.env.HOST = '127.0.0.1';
process.env.DEMO_DATA ??= 'on';
process.env.LOG_LEVEL ??= 'warn';
await import('../src/server/main.ts');
