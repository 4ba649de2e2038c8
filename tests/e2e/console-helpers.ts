import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SHOPPER_UA } from '../support/shopper.ts';
import { e2eClockEnv } from './clock.ts';

export const PASSWORD = 'demo123456';
export const SHOTS = 'test-results/screens';
/** Unique per worker (click ids, names), not a time. */
export const RUN = randomBytes(4).toString('hex');
/** `n` random digits: unique names and ids for a run (never the wall clock). */
export const digits = (n: number): string => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** Log in through a login screen the way a user does. */
export async function login(page: Page, email: string, opts: { admin?: boolean; password?: string } = {}): Promise<void> {
  if (!/\/(admin-)?login/.test(page.url())) await page.goto(opts.admin ? '/admin-login' : '/login');
  await page.getByPlaceholder('请输入邮箱').fill(email);
  await page.getByPlaceholder('请输入密码').fill(opts.password ?? PASSWORD);
  await page.getByRole('button', { name: '登 录' }).click();
}

/** Labels of the sidebar's top-level entries. */
export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: '菜单' });
  await expect(nav).toBeVisible();
  return nav.locator(':scope > ul > li > .menu-link .menu-label').allTextContents();
}

/** The signed-in customer's (or admin's) token, read from the console's cookie. */
export async function tokenOf(page: Page, admin = false): Promise<string> {
  const name = admin ? 'sxAminTUUken' : 'sxTUUken';
  const c = (await page.context().cookies()).find((x) => x.name === name);
  if (!c) throw new Error(`no ${name} cookie`);
  return c.value;
}

/** Call the API as the signed-in user and return `data` (the envelope must be a success). */
export async function apiData<T>(page: Page, path: string, body: Record<string, unknown>, admin = false): Promise<T> {
  const res = await page.request.post(`/capi/${path}`, { headers: { authorization: await tokenOf(page, admin) }, data: body });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 1) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/** Send a monitor ping with the macros filled in, as an ad platform would. */
export async function ping(page: Page, monitorUrl: string, i: number): Promise<void> {
  // the platform fills the shopper's agent into the UA macro: a phone's browser (a '1' there is a bot)
  const url = monitorUrl.replace(/__([A-Z_]+)__/g, (_m, name: string) =>
    /CALLBACK|REQUEST|CLICK/.test(name) ? `e2e${i}-${RUN}` : /^(UA|USER_AGENT)$/.test(name) ? encodeURIComponent(SHOPPER_UA) : '1',
  );
  expect((await page.request.get(url, { headers: { 'user-agent': SHOPPER_UA } })).status()).toBeLessThan(400);
}

/** The operators' command line against the e2e server's data directory (playwright.config.ts sets it). */
export function cli(args: string[]): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const r = spawnSync(process.execPath, ['src/server/cli/main.ts', ...args], {
    encoding: 'utf8',
    // the server's port too: the CLI reaches the in-process union and ad sandboxes through it
    env: { ...process.env, ...e2eClockEnv(), DATA_DIR: dir, PORT: process.env.E2E_PORT ?? '4399', DEMO_DATA: 'off', LOG_LEVEL: 'error' },
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Business time of an epoch-seconds instant, as the console must show it whatever the browser's zone. */
export const chinaTime = (epochSeconds: number): string =>
  new Date((epochSeconds + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
