import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { DEFAULT_TEST_CLOCK } from './tests/support/clock.ts';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** The server's data directory, known to the specs too (they read the mail outbox through the CLI). Fresh per run. */
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `tf-e2e-${PORT}`);
/**
 * The server's clock starts at the pinned test instant (TEST_CLOCK, else tests/support/clock.ts's default) and runs
 * at real speed; the specs and their browsers' clocks follow it from the real time noted here (tests/e2e/clock.ts).
 */
process.env.E2E_CLOCK_START ??= process.env.TEST_CLOCK || DEFAULT_TEST_CLOCK;
process.env.E2E_CLOCK_REAL ??= String(Date.now()); // when the pinned clock started, in real time: not a seed

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the real built server
 * on a fresh data directory with the demo world. Run `npm run build` first (npm test does).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Exports of more than 20 rows go to the background job, so the specs can walk that path with a few links.
    env: { PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR, EXPORT_INLINE_ROWS: '20', CLOCK_START: process.env.E2E_CLOCK_START },
  },
});
