/** The server Playwright starts: the real built product on a fresh data directory with the demo world. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'tf-e2e-'));
process.env.HOST = '127.0.0.1';
process.env.DEMO_DATA ??= 'on';
process.env.LOG_LEVEL ??= 'warn';
await import('../src/server/main.ts');
