/**
 * The e2e run's clock. playwright.config.ts starts the server with `CLOCK_START` at the pinned test instant
 * (`TEST_CLOCK`, default tests/support/clock.ts's) and notes the real time it did so; from there the server's clock
 * runs at real speed, and so does `e2eNowMs()`. Every browser context this `test` makes has its clock installed at the
 * same time (Playwright's `clock.install`, then running naturally), so the console's "today" is the server's: specs
 * import `test` from here, not from @playwright/test. A context made by hand (`browser.newContext()`) calls
 * `installClock(context)` itself.
 */
import { type BrowserContext, test as base } from '@playwright/test';
import { parseClockStart } from '../../src/server/kernel/clock.ts';

function started(): { at: number; real: number } {
  const at = parseClockStart(process.env.E2E_CLOCK_START ?? '');
  const real = Number(process.env.E2E_CLOCK_REAL);
  if (at === null || !Number.isFinite(real))
    throw new Error('E2E_CLOCK_START / E2E_CLOCK_REAL are not set (playwright.config.ts sets them)');
  return { at, real };
}
const START = started();

/** The server's time now, epoch ms: the pinned start plus the real time elapsed since (a running clock, not a seed). */
export const e2eNowMs = (): number => START.at + (Date.now() - START.real);
export const e2eNow = (): number => Math.floor(e2eNowMs() / 1000);
/** The environment that gives a CLI run against the e2e data the server's time. */
export const e2eClockEnv = (): { CLOCK_START: string } => ({ CLOCK_START: new Date(e2eNowMs()).toISOString() });

export const installClock = (context: BrowserContext): Promise<void> => context.clock.install({ time: e2eNowMs() });

export const test = base.extend({
  context: async ({ context }, use) => {
    await installClock(context);
    await use(context);
  },
});
