import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

/**
 * Account authorisation as people do it, in Chromium against the real server with the demo world: a customer
 * authorises a 巨量 account on the (sandbox) consent page and sees it with its advertisers; an agent does it for a
 * sub-customer; UC through its credentials form; a refused consent; the old version's 我的授权. Screenshots at
 * 1280 px in light and dark (test-results/screens/mandate-*.png).
 */
test.use({ viewport: { width: 1280, height: 860 } });
test.describe.configure({ mode: 'serial' });

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/mandate-${name}.png`, fullPage: true });
}

/** The demo world's accounts are authorised (and back-filled) in the background after the server starts. */
async function openMandate(page: Page, type = 2, wait = '同步成功'): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.goto(`/new/mandate?type=${type}`);
    await expect(page.getByRole('heading', { name: '账户授权' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (await page.getByText(wait).first().isVisible()) return;
    await page.waitForTimeout(2000);
  }
  throw new Error(`no "${wait}" on /new/mandate?type=${type}`);
}

/** On the sandbox's consent page: tick exactly `name`, then approve or refuse. */
async function decide(page: Page, name: RegExp, approve = true): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/\w+\//);
  await expect(page.getByRole('button', { name: '同意授权' })).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: approve ? '同意授权' : '拒绝' }).click();
  await expect(page).toHaveURL(/\/auloading\?/);
}

test('a customer authorises a 巨量 account through the consent page and sees it with its advertisers', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await openMandate(page);
  const table = page.getByRole('table');
  await expect(table).toContainText('青禾服饰·巨量引擎');
  await expect(table.getByText('有效').first()).toBeVisible();
  await shot(page, 'list-light');

  await page.getByRole('button', { name: '授权巨量引擎账户' }).click();
  await expect(page.getByRole('dialog', { name: '授权巨量引擎账户' })).toBeVisible();
  await shot(page, 'dialog');
  await page.getByRole('button', { name: '前往授权' }).click();
  await expect(page).toHaveURL(/\/sandbox\/juliang\/audit\/oauth\.html/);
  await shot(page, 'consent');
  await decide(page, /演示待授权账户一（巨量引擎）/);
  await expect(page.getByRole('heading', { name: '授权成功' })).toBeVisible();
  await expect(page.getByText('演示待授权账户一（巨量引擎）')).toBeVisible();
  await shot(page, 'auloading-ok');
  await page.getByRole('button', { name: '返回授权列表' }).click();
  await expect(page).toHaveURL(/\/new\/mandate\?type=2/);
  const row = page.getByRole('row', { name: /演示待授权账户一（巨量引擎）/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('有效')).toBeVisible();

  // The link dialog now offers that advertiser for 关联广告主.
  await page.goto('/landing');
  await page.getByRole('button', { name: '新建链接' }).click();
  await page.locator('.p-multiselect:has(#link-relate_advertiser_ids)').click();
  await expect(page.getByRole('option', { name: /演示待授权账户一（巨量引擎）/ })).toBeVisible();
});

test('a refused consent says so on /auloading and adds nothing', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await openMandate(page, 5);
  await page.getByRole('button', { name: '授权磁力引擎账户' }).click();
  await page.getByRole('button', { name: '前往授权' }).click();
  await decide(page, /演示待授权账户二（磁力引擎）/, false);
  await expect(page.getByRole('alert')).toHaveText('您在磁力引擎授权页拒绝了授权，未添加任何广告账户');
  await shot(page, 'auloading-refused');
  await page.getByRole('button', { name: '返回授权列表' }).click();
  await expect(page.getByRole('row', { name: /演示待授权账户二/ })).toHaveCount(0);
});

test('an agent authorises for a chosen sub-customer (dark)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await openMandate(page, 4);
  await expect(page.getByRole('columnheader', { name: '所属客户' })).toBeVisible();
  await shot(page, 'agent-list-dark');
  await page.getByRole('button', { name: '授权腾讯账户' }).click();
  const dialog = page.getByRole('dialog', { name: '授权腾讯账户' });
  await dialog.getByRole('button', { name: '前往授权' }).click();
  await expect(dialog.getByText('请选择为哪个客户授权')).toBeVisible();
  await dialog.locator('.p-dropdown:has(#auth-customer)').click();
  // customers by company name only: no internal id ("宁波海味食品有限公司（8）")
  for (const text of await page.getByRole('option').allTextContents()) expect(text).not.toMatch(/（\d+）/);
  await page.getByRole('option', { name: /广州美妆日化有限公司/ }).click();
  await shot(page, 'agent-dialog-dark');
  await dialog.getByRole('button', { name: '前往授权' }).click();
  await decide(page, /演示待授权账户二（腾讯）/);
  await expect(page.getByRole('heading', { name: '授权成功' })).toBeVisible();
  await page.getByRole('button', { name: '返回授权列表' }).click();
  const row = page.getByRole('row', { name: /演示待授权账户二（腾讯）/ });
  await expect(row).toContainText('广州美妆日化有限公司');
  await row.getByRole('button', { name: '同步记录' }).click();
  await expect(page.getByRole('dialog', { name: '同步记录' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '同步记录' }).getByText('计划与状态同步').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'runs-dark');
});

test('UC through its credentials form: a wrong password is refused by the platform, the right one is stored', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await openMandate(page, 8);
  await page.getByRole('button', { name: '添加 UCID 账户' }).click();
  const dialog = page.getByRole('dialog', { name: '授权UCID账户' });
  await dialog.locator('#uc-username').fill('demo-spare-1');
  await dialog.locator('#uc-password').fill('wrong-password');
  await dialog.locator('#uc-token').fill('spare1ucid');
  await dialog.getByRole('button', { name: '验证并保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText('UCID 账户验证失败');
  await shot(page, 'uc-dialog');
  await dialog.locator('#uc-password').fill('Spare-2026');
  await dialog.getByRole('button', { name: '验证并保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: /演示待授权账户一（UCID）/ })).toBeVisible();
});

test('cancelling asks first, then shows 已取消 and keeps the row', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await openMandate(page);
  const row = page.getByRole('row', { name: /演示待授权账户一（巨量引擎）/ });
  await row.getByRole('button', { name: '取消授权' }).click();
  await expect(page.getByRole('dialog', { name: '取消授权' })).toBeVisible();
  await shot(page, 'cancel-confirm');
  await page.getByRole('dialog', { name: '取消授权' }).getByRole('button', { name: '取消授权' }).click();
  await expect(row.getByText('已取消')).toBeVisible();
  await expect(row.getByRole('button', { name: '重新授权' })).toBeVisible();
});

test('the old version: 我的授权 lists accounts per type, 微博 included', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: '切换旧版' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/mandate');
  await expect(page.getByRole('heading', { name: '我的授权' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '微博' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('青禾服饰·巨量引擎');
  await shot(page, 'old-light');
  await page.getByRole('button', { name: '切换新版' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});
