import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

/**
 * Every screen the console kit touches, at 1280 px as a new user sees it, in light and dark: the screenshots
 * (test-results/screens/screen-*.png) are for looking at; the checks catch what a look would catch first.
 */
test.use({ viewport: { width: 1280, height: 860 } });

async function settled(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500); // dialogs and charts animate in
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/screen-${name}.png`, fullPage: true });
}

const rows = (page: Page) => page.locator('.link-table tbody tr:has(.link-id-code)');

test('login and forgotten password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await settled(page, 'login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await settled(page, 'forgot');
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
  await expect(page.getByRole('link', { name: '忘记密码？' })).toHaveCount(0);
  await settled(page, 'admin-login');
});

for (const theme of ['light', 'dark'] as const) {
  test(`customer list and detail (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/landing');
    await expect(rows(page).first()).toBeVisible();
    await settled(page, `customer-list-${theme}`);
    await rows(page).first().getByRole('link', { name: '详情' }).click();
    await expect(page.locator('.chart canvas')).toBeVisible();
    await settled(page, `detail-day-${theme}`);
    await page.getByRole('tab', { name: '按小时' }).click();
    await expect(page.locator('.chart canvas')).toBeVisible();
    await settled(page, `detail-hour-${theme}`);
  });
}

test('agent and admin lists, the create dialog, the delete box', async ({ page, context }) => {
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await expect(rows(page).first()).toBeVisible();
  await settled(page, 'agent-list');
  await page.getByRole('button', { name: '新建链接' }).click();
  await page.getByRole('dialog', { name: '新建推广链接' }).getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.field-error', { hasText: '请选择客户' })).toBeVisible();
  await settled(page, 'agent-create-dialog');
  await page.getByRole('button', { name: '取消' }).click();
  await rows(page).first().getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('dialog', { name: '删除推广链接' })).toBeVisible();
  await settled(page, 'agent-delete-box');
  await page.getByRole('button', { name: '取消' }).click();
  await context.clearCookies();
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.goto('/newsxA/client/landingpage');
  await expect(rows(page).first()).toBeVisible();
  await settled(page, 'admin-list');
});

test('404 and 401', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await settled(page, '404');
  await page.goto('/401');
  await settled(page, '401');
});
