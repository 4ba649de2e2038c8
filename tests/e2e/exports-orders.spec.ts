import { readFileSync } from 'node:fs';
import { type Download, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { OrderView } from '../../src/shared/orders.ts';
import { seedAdminWorld } from './admin-world.ts';
import { test } from './clock.ts';
import { apiData, digits, login, SHOTS } from './console-helpers.ts';
import { promotionWorld } from './promotion-world.ts';

/**
 * The orders and plans exports as a customer walks them against the real server: customer1 builds an orders
 * template, opens a link's orders page, exports with the template and opens the XLSX (the list's rows); then
 * the promotion list's 导出 offers the plans with their metrics. Screenshots at 1280 px.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 860 } });

const TEMPLATE = `订单对账 ${digits(5)}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // dialogs animate in
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/screen-${name}.png` });
}

const headerCells = (scope: Locator) => scope.getByRole('table', { name: '表头预览' }).locator('th');

async function readXlsx(file: string): Promise<{ name: string; header: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const values: unknown[][] = [];
  ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const [header = [], ...rows] = values;
  return { name: ws.name, header: header.map(String), rows };
}

test('customer1 makes an orders template and exports a link’s orders with it from the orders page', async ({ page }) => {
  const world = seedAdminWorld(); // customer1's first link has six orders
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/exportTemplate');
  await page.getByRole('button', { name: '新建模板' }).click();
  const editor = page.getByRole('dialog', { name: '新建导出模板' });
  await editor.locator('#template-name').fill(TEMPLATE);
  await editor.locator('.p-dropdown:has(#template-kind)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: /^订单$/ }).click();
  for (const key of ['order_id', 'status', 'order_fen', 'commission_fen', 'created_at'])
    await editor.locator(`label[for="col-${key}"]`).click();
  await expect(headerCells(editor)).toHaveText(['订单号', '订单状态', '订单金额（元）', '预估佣金（元）', '下单时间']);
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('创建成功')).toBeVisible();

  await page.goto(`/promotion/page/${world.pageid}`);
  const panel = page.locator('.orders-panel');
  await expect(panel.locator('tbody tr').first()).toBeVisible();
  // the file follows the panel's filters: the seeded orders only (the demo traffic brings this link others)
  await panel.getByPlaceholder('订单号 / 商品 / 计划').fill('防晒衣');
  await panel.getByPlaceholder('订单号 / 商品 / 计划').press('Enter');
  await expect(panel.locator('tbody tr', { hasText: '木槿' })).toHaveCount(0);
  await panel.getByRole('button', { name: '导出' }).click();
  const dialog = page.getByRole('dialog', { name: '导出订单' });
  await expect(headerCells(dialog)).toContainText(['订单号', '父订单号', '联盟']);
  await dialog.locator('.p-dropdown:has(#export-template)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: TEMPLATE }).click();
  await expect(headerCells(dialog)).toHaveText(['订单号', '订单状态', '订单金额（元）', '预估佣金（元）', '下单时间']);
  await shot(page, 'export-orders-dialog-light');
  // up to EXPORT_INLINE_ROWS (20) the file downloads at once; more are written by the export job
  const list = await apiData<{ list: OrderView[]; total: number }>(page, 'napi/link/order', {
    pageid: world.pageid,
    deposit: 2,
    exact: '防晒衣',
    pagesize: 100,
  });
  expect(list.total).toBeGreaterThan(0);
  expect(list.total).toBeLessThanOrEqual(100);
  let download: Download;
  if (list.total > 20) {
    await dialog.getByRole('button', { name: '导出' }).click();
    await expect(dialog.getByText('导出完成，可以下载了。')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'export-orders-done-light');
    [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载' }).click()]);
    await dialog.getByRole('button', { name: '关闭' }).click();
  } else {
    [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出' }).click()]);
    await expect(page.getByText(`已导出 ${list.total} 行`)).toBeVisible();
  }
  expect(download.suggestedFilename()).toMatch(new RegExp(`^订单-${TEMPLATE}-\\d{8}-\\d{4}\\.xlsx$`));
  const file = await readXlsx(await download.path());
  expect(file.name).toBe('订单');
  expect(file.header).toEqual(['订单号', '订单状态', '订单金额（元）', '预估佣金（元）', '下单时间']);
  const status: Record<string, string> = {
    paid: '已付款',
    unpaid: '待付款',
    settled: '已结算',
    confirmed: '已收货',
    refunded: '已退款',
    closed: '已关闭',
  };
  const after = await apiData<{ list: OrderView[] }>(page, 'napi/link/order', {
    pageid: world.pageid,
    deposit: 2,
    exact: '防晒衣',
    pagesize: 100,
  });
  expect(file.rows).toEqual(
    after.list.map((o) => [
      o.order_id,
      status[o.status],
      o.order_fen / 100,
      o.commission_fen / 100,
      new Date((o.created_at + 8 * 3600) * 1000),
    ]),
  );
  await expect(dialog).toBeHidden();
  await shot(page, 'export-orders-page-light');
});

test('the promotion list exports its plans with their metrics', async ({ page, baseURL }) => {
  const world = await promotionWorld(baseURL ?? '');
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/promotion?acpl=2&pl=2');
  await page.getByRole('tab', { name: '广告计划' }).click();
  await expect(page.locator('.promote-table')).toContainText(world.planName);
  await shot(page, 'export-plans-list-light');
  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.getByRole('dialog', { name: '导出推广计划' });
  await expect(headerCells(dialog)).toContainText(['层级', '编号', '名称', '消耗（元）', '点击率', 'ROI']);
  await shot(page, 'export-plans-dialog-light');
  await dialog.getByText('CSV（UTF-8）').click();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出' }).click()]);
  const lines = readFileSync(await download.path())
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]?.startsWith('层级,编号,名称,广告平台,竞价推广平台,广告账户 ID,广告账户')).toBe(true);
  const row = lines.find((l) => l.includes(world.planId));
  expect(row).toContain(world.planName);
  expect(row).toContain(world.advertiserName);
});
