import { expect, type Page } from '@playwright/test';
import { type AdminWorld, seedAdminWorld } from './admin-world.ts';
import { test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

/**
 * UDSmart as its admin (5) and sub-account (6) walk it: create a brand, bind 巨量 / 腾讯 / 快手 accounts, assign the
 * brand to the sub-account, see the numbers; the sub-account lands on the brand list and sees only that brand.
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
  await page.screenshot({ path: `${SHOTS}/udsmart-${name}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test('the UDSmart admin makes a brand, binds accounts and assigns it', async ({ page }) => {
  await login(page, 'udsmart@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA/udAcct/brand');
  await page.getByRole('button', { name: '新建品牌' }).click();
  const create = page.getByRole('dialog', { name: '新建品牌' });
  await create.getByLabel('品牌名称').fill('走查品牌');
  await create.getByLabel('Logo 文字').fill('走查');
  await create.getByRole('button', { name: '确定' }).click();
  const row = page.getByRole('row', { name: /走查品牌/ });
  await expect(row).toContainText('未绑定');
  await row.getByRole('button', { name: '绑定账户' }).click();
  const bind = page.getByRole('dialog', { name: '绑定广告账户：走查品牌' });
  await bind.locator('.p-multiselect').click();
  for (const name of ['巨量·旗舰店', '腾讯·品牌号', '快手·直播号']) await page.getByRole('option', { name: new RegExp(name) }).click();
  await bind.locator('.p-dialog-title').click();
  await shot(page, 'bind-dialog');
  await bind.getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('巨量·旗舰店');
  await shot(page, 'brands-light');

  await page.goto('/sxA/udAcct/account');
  const sub = page.getByRole('row', { name: /udsub@demo\.local/ });
  await sub.getByRole('button', { name: '分配' }).click();
  const assign = page.getByRole('dialog', { name: '分配：udsub@demo.local' });
  await assign.locator('.p-multiselect').first().click();
  await page.getByRole('option', { name: '走查品牌' }).click();
  await assign.locator('.p-dialog-title').click();
  await assign.getByRole('button', { name: '确定' }).click();
  await expect(sub).toContainText('走查品牌');
  await shot(page, 'subaccounts-light');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the UDSmart admin's numbers (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'udsmart@demo.local', { admin: true });
    await expect(page).toHaveURL('/sxA/udAcct/brand');
    await shot(page, `brands-admin-${theme}`);
    await page.goto('/sxA/udAcct/preview');
    await expect(table(page, '按品牌')).toContainText('走查品牌');
    await expect(page.getByRole('region', { name: '消耗' })).not.toContainText('¥0.00');
    await shot(page, `preview-${theme}`);
    await page.goto('/sxA/udAcct/promoteList');
    await expect(table(page, '广告账户列表')).toContainText('需要重新授权');
    await shot(page, `accounts-${theme}`);
    await page.goto('/sxA/udAcct/preview');
    await table(page, '按推广链接').getByRole('link', { name: world.pageid }).click();
    await expect(page).toHaveURL(`/sxA/udAcct/page/${world.pageid}`);
    await expect(table(page, '订单列表')).toContainText('夏季新款防晒衣');
    await shot(page, `orders-${theme}`);
    // 导出 offers these orders (kind orders, scoped to the caller's ad accounts as the list is)
    await page.getByRole('button', { name: '导出' }).click();
    await expect(page.getByRole('dialog', { name: '导出订单' })).toContainText('订单号');
    await page.getByRole('dialog', { name: '导出订单' }).getByRole('button', { name: '取消' }).click();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the sub-account lands on its brands and sees only them (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'udsub@demo.local', { admin: true });
    await expect(page).toHaveURL('/sxA/udAcct/brand');
    await expect(table(page, '品牌列表')).toContainText('走查品牌');
    await expect(page.getByRole('button', { name: '新建品牌' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '绑定账户' })).toHaveCount(0);
    await shot(page, `sub-brands-${theme}`);
    await page.goto('/sxA/udAcct/preview');
    // its brands: the one assigned above, and the demo's 青禾服饰 once the demo world's seed has run; never 优品数码
    const byBrand = table(page, '按品牌');
    await expect(byBrand).toContainText('走查品牌');
    await expect(byBrand).not.toContainText('优品数码');
    await shot(page, `sub-preview-${theme}`);
  });
}
