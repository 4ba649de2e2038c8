import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The console kit and screens' components, rendered in happy-dom with @testing-library/react.
        test: {
          name: 'console',
          include: ['src/console/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/console-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are memory-hungry WASM: keep file parallelism modest on 2 cores.
          maxWorkers: 2,
          // In CI a failed case runs once more, as Playwright's do (playwright.config.ts): a case that passes only on
          // its second attempt is flaky, and `npm test` names it under the summary (scripts/test.ts) instead of one
          // timing accident on a loaded machine refusing the whole run. A case that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        // Real server processes (node src/server/main.ts): signals, crashes, several nodes on one database.
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          retry: process.env.CI ? 1 : 0, // as the api project's
        },
      },
    ],
  },
});
