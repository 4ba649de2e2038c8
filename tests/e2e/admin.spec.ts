import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { type AdminWorld, seedAdminWorld } from './admin-world.ts';
import { installClock, test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

/**
 * The admin area as staff walk it (spec §2 admin routes, §6): the home's numbers from the facts, the customer
 * list (create a customer, then log in as it), the consumption overview, administrators as roles 1 and 2, a
 * page's orders. Screenshots at 1280 px in light and dark (test-results/screens/admin-*.png).
 */
test.use({ viewport: { width: 1280, height: 860 } });

let world: AdminWorld;
test.beforeAll(() => {
  world = seedAdminWorld();
});

/** A ResourceTable by its label (the label sits on the table's wrapper). */
const table = (page: Page, name: string) => page.locator(`.p-datatable[aria-label="${name}"]`);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/admin-${name}.png`, fullPage: true });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the admin home, consumption overview and a page's orders (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'admin@demo.local', { admin: true });
    await expect(page).toHaveURL('/sxA');
    // the seeded world's two customers, and more once the demo world's order sync brings the unions' orders
    const today = page.getByRole('region', { name: '活跃客户' }).locator('.metric-value');
    await expect(today).toHaveText(/^([2-9]|\d{2,})$/);
    await expect(table(page, '按账户类型')).toContainText('巨量引擎');
    // the seeded world's account and the demo world's (and any a mandate test left)
    await expect(page.getByRole('region', { name: '需要重新授权的广告账户' }).locator('.metric-value')).toHaveText(/^[1-9]\d*$/);
    await page.getByRole('button', { name: /回传死信/ }).click();
    await expect(table(page, '回传死信')).toContainText('callback 无效');
    await shot(page, `home-${theme}`);

    await page.getByRole('link', { name: '消耗：查看列表' }).click();
    await expect(page).toHaveURL('/sxA/costinfo');
    await expect(table(page, '客户消耗')).toContainText(world.customer);
    await shot(page, `cost-${theme}`);
    await table(page, '客户消耗').getByRole('link', { name: world.customer }).click();
    await expect(page.getByRole('heading', { name: `消耗概览：${world.customer}` })).toBeVisible();
    await expect(table(page, '每日消耗').locator('tbody tr')).toHaveCount(7);
    await shot(page, `cost-drill-${theme}`);

    await page.goto(`/sxA/agentorader/${world.pageid}`);
    await expect(page.getByText(`客户：${world.customer}`)).toBeVisible();
    await expect(table(page, '订单列表')).toContainText('夏季新款防晒衣');
    await shot(page, `orders-${theme}`);
    // 导出: the page's orders as a CSV (all columns), the same rows the table lists
    await page.getByRole('button', { name: '导出' }).click();
    const dialog = page.getByRole('dialog', { name: '导出订单' });
    await dialog.getByText('CSV（UTF-8）').click();
    // up to EXPORT_INLINE_ROWS the file comes at once; over it (once the order sync brought the unions' back-fill)
    // the export job writes it and the dialog offers 下载
    const downloaded = page.waitForEvent('download', { timeout: 40_000 });
    await dialog.getByRole('button', { name: '导出' }).click();
    const done = dialog.getByText('导出完成，可以下载了。');
    await Promise.race([downloaded, done.waitFor({ timeout: 30_000 })]);
    if (await done.isVisible()) await dialog.getByRole('button', { name: '下载' }).click();
    const download = await downloaded;
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('夏季新款防晒衣');
    expect(csv.split('\n')[0]).toContain('订单号');
  });
}

test('the customer list: create a customer, then log in as it; disable ends its session', async ({ page, browser }) => {
  await login(page, 'super@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.goto('/newsxA/client/list');
  await expect(table(page, '客户列表')).toContainText('customer1@demo.local');
  await shot(page, 'clients-light');
  await page.getByRole('button', { name: '新建客户' }).click();
  const dialog = page.getByRole('dialog', { name: '新建客户' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('.field-error', { hasText: '请输入公司名称' })).toBeVisible();
  await shot(page, 'client-dialog-errors');
  await dialog.getByLabel('公司名称').fill('走查新客户');
  await dialog.getByLabel('登录邮箱').fill('walk-new@demo.local');
  await dialog.getByLabel('初始密码').fill('walk123456');
  await dialog.getByLabel('联系电话').fill('13800001234');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /walk-new@demo\.local/ });
  await expect(row).toContainText('走查新客户');

  const customer = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await installClock(customer.context());
  await login(customer, 'walk-new@demo.local', { password: 'walk123456' });
  await expect(customer).toHaveURL(/\/dashboard/);

  await row.getByRole('button', { name: '禁用' }).click();
  await page.getByRole('dialog', { name: '禁用客户' }).getByRole('button', { name: '禁用' }).click();
  await expect(row).toContainText('禁用');
  await customer.goto('/landing');
  await expect(
    customer
      .getByRole('alertdialog')
      .or(customer.getByText('用户被禁止登录，请联系管理员'))
      .or(customer.getByText('登录信息已过期'))
      .first(),
  ).toBeVisible();
  await customer.close();

  await page.getByLabel('搜索客户').fill('walk-new');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table(page, '客户列表').locator('tbody tr')).toHaveCount(1);
});

for (const [who, email, theme] of [
  ['role1', 'super@demo.local', 'light'],
  ['role1', 'super@demo.local', 'dark'],
  ['role2', 'admin@demo.local', 'light'],
] as const) {
  test(`/sxA/manager as ${who} (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, email, { admin: true });
    await expect(page).toHaveURL('/sxA');
    await page.goto('/sxA/manager');
    const list = table(page, '管理员列表');
    await expect(list).toContainText('udsmart@demo.local');
    if (who === 'role1') {
      await expect(page.getByRole('button', { name: '新建管理员' })).toBeVisible();
      await expect(list.getByRole('row', { name: /super@demo\.local/ }).getByRole('button', { name: '编辑' })).toHaveCount(0);
      await expect(list.getByRole('row', { name: /admin@demo\.local/ }).getByRole('button', { name: '编辑' })).toBeVisible();
    } else {
      await expect(page.getByText('只读：仅超级管理员可以修改管理员')).toBeVisible();
      await expect(page.getByRole('button', { name: '新建管理员' })).toHaveCount(0);
      await expect(list.getByRole('button', { name: '编辑' })).toHaveCount(0);
    }
    await shot(page, `managers-${who}-${theme}`);
    if (who === 'role1' && theme === 'light') {
      await page.getByRole('button', { name: '新建管理员' }).click();
      const dialog = page.getByRole('dialog', { name: '新建管理员' });
      await dialog.getByLabel('登录邮箱').fill('walk-staff@demo.local');
      await dialog.getByLabel('初始密码').fill('staff123456');
      await dialog.getByLabel('姓名').fill('值班同学');
      await shot(page, 'manager-dialog');
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(list).toContainText('walk-staff@demo.local');
    }
    await page.getByRole('tab', { name: '操作日志' }).click();
    await expect(table(page, '操作日志')).toContainText('新建账号');
    await shot(page, `audit-${who}-${theme}`);
  });
}
