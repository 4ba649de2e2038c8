import { expect } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/** Issue 18, a new user's walk: what an odd address shows (unknown acpl, unknown link, a plan without its channel). */

test('?acpl=99 and ?acpl=abc say 未知的账户类型 instead of showing 巨量引擎', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  for (const url of ['/dashboard?acpl=99', '/promotion?acpl=abc&pl=2']) {
    await page.goto(url);
    await expect(page.getByRole('alert').filter({ hasText: '未知的账户类型' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /巨量引擎/ })).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS}/walk-unknown-acpl-1280.png` });
  await page.getByRole('alert').getByRole('link', { name: '巨量引擎' }).click();
  await expect(page).toHaveURL(/\/promotion\?acpl=2$/);
});

test('/promotion/page/123 (no such link) shows one error toast, not two', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/promotion/page/123');
  await expect(page.locator('.p-toast-message').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.p-toast-message')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/walk-unknown-link-1280.png` });
});

test('/promotion/plan/{id} of a 腾讯 plan without ?acpl= opens it and the sidebar shows 腾讯', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const ids = async (acpl: number) =>
    (await apiData<{ list: Array<{ id: string }> }>(page, 'napi/promote/index', { acpl, type: 'plan', page: 1, pagesize: 100 })).list.map(
      (r) => r.id,
    );
  const juliang = new Set(await ids(2));
  const plan = (await ids(4)).find((id) => !juliang.has(id));
  expect(plan, 'the demo world has a 腾讯 plan for customer2').toBeDefined();
  await apiData(page, 'api/user/version', { version: 'ver1' });
  try {
    await page.goto(`/promotion/plan/${plan}`);
    await expect(page).toHaveURL(new RegExp(`/promotion/plan/${plan}\\?acpl=4$`));
    await expect(page.locator('.promote-detail-path')).toContainText('腾讯');
    await expect(page.getByText('推广对象不存在或无权查看')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: '菜单' });
    await expect(nav.locator('a.menu-link.active').filter({ hasText: '腾讯' }).first()).toBeVisible();
    await expect(nav.locator('a.menu-link.active').filter({ hasText: '巨量引擎' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/walk-tencent-plan-1280.png` });
  } finally {
    await apiData(page, 'api/user/version', { version: 'ver2' });
  }
});
