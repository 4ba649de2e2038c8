import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'demo123456';
export const SHOTS = 'test-results/screens';

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
