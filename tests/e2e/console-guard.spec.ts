import { expect } from '@playwright/test';
import { test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

test('a customer path without login goes to /login and returns after login', async ({ page }) => {
  await page.goto('/collect/page/42?tab=2');
  await expect(page).toHaveURL('/login?redirect=%2Fcollect%2Fpage%2F42%3Ftab%3D2');
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL('/collect/page/42?tab=2');
  await expect(page).toHaveTitle('订单 - 投放管理平台');
  await expect(page.locator('.breadcrumb')).toHaveText(/商品效果分析.*订单/);
  await expect(page.getByRole('navigation', { name: '菜单' }).locator('.menu-link.active')).toHaveText('商品效果分析');
});

test('an admin path without login goes to /admin-login and returns after login', async ({ page }) => {
  await page.goto('/sxA/costinfo');
  await expect(page).toHaveURL('/admin-login?redirect=%2FsxA%2Fcostinfo');
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA/costinfo');
  await expect(page).toHaveTitle('消耗概览 - 投放管理平台');
});

test('logged-in users skip the login pages', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  await page.goto('/admin-login');
  await login(page, 'udsub@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA/udAcct/brand');
  await page.goto('/admin-login');
  await expect(page).toHaveURL('/sxA/udAcct/brand');
});

test('refresh on a role route does not 404', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  for (const path of ['/landing/123', '/promotion?acpl=4&pl=3', '/accountinfo', '/exportTemplate', '/new/mandate']) {
    await page.goto(path);
    await page.reload();
    await expect(page).toHaveURL(path);
    await expect(page.locator('.layout')).toBeVisible();
  }
  await page.goto('/redirect/accountinfo');
  await expect(page).toHaveURL('/accountinfo');
  await expect(page.getByRole('heading', { name: '账户信息' })).toBeVisible();
});

test("unknown paths go to /404; another role's path to /401", async ({ page }) => {
  const res = await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  expect(res?.status()).toBe(404);
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/minipromote'); // standard-version route; customer1 is on ver2
  await expect(page).toHaveURL('/401');
  await page.goto('/dashboard/nope');
  await expect(page).toHaveURL('/404');
});

test('log out revokes the session', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.locator('.header-user').click();
  await page.getByRole('menuitem', { name: '退出' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/collect');
  await expect(page).toHaveURL('/login?redirect=%2Fcollect');
  await page.screenshot({ path: `${SHOTS}/after-logout.png` });
});
