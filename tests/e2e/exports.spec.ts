import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { CostView } from '../../src/shared/admin-reports.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { seedAdminWorld } from './admin-world.ts';
import { test } from './clock.ts';
import { apiData, cli, digits, login, PASSWORD, SHOTS } from './console-helpers.ts';

/**
 * Export templates and exports as a customer walks them, against the real server (EXPORT_INLINE_ROWS=20 in
 * playwright.config.ts): customer1 builds a template (tick, drag to reorder, preview), exports the links list
 * with it and opens the XLSX; a new customer with 25 links exports in the background, downloads when ready,
 * and finds it under 导出记录. Screenshots at 1280 px, light and dark.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 860 } });

const TEMPLATE = `E2E 简表 ${digits(5)}`;
const EXPORTER = `exporter${digits(6)}@e2e.local`;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // dialogs animate in
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/screen-${name}.png` });
}

const headerCells = (scope: Locator) => scope.getByRole('table', { name: '表头预览' }).locator('th');

async function readXlsx(file: string): Promise<{ header: string[]; rows: unknown[][]; frozen: boolean }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const values: unknown[][] = [];
  ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const [header = [], ...rows] = values;
  return { header: header.map(String), rows, frozen: (ws.views[0] as { state?: string } | undefined)?.state === 'frozen' };
}

test('customer1 builds a template: ticks columns, drags one to the front, sees the header row', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/exportTemplate');
  await expect(page.getByRole('heading', { name: '导出模板' })).toBeVisible();
  await page.getByRole('button', { name: '新建模板' }).click();
  const dialog = page.getByRole('dialog', { name: '新建导出模板' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入模板名称')).toBeVisible();
  await expect(dialog.getByText('请至少选择一列')).toBeVisible();

  await dialog.locator('#template-name').fill(TEMPLATE);
  await expect(dialog.locator('#template-kind')).toHaveValue('推广链接');
  for (const key of ['title', 'pageid', 'item_price', 'created_at']) await dialog.locator(`label[for="col-${key}"]`).click();
  await expect(headerCells(dialog)).toHaveText(['链接名称', '链接编号', '商品价格（元）', '创建时间']);
  const chosen = dialog.getByRole('list', { name: '已选列' }).locator('.chosen-column');
  await chosen.filter({ hasText: '链接编号' }).dragTo(chosen.first());
  await expect(headerCells(dialog)).toHaveText(['链接编号', '链接名称', '商品价格（元）', '创建时间']);
  await dialog.getByRole('button', { name: '下移 商品价格（元）' }).click();
  await expect(headerCells(dialog)).toHaveText(['链接编号', '链接名称', '创建时间', '商品价格（元）']);
  await shot(page, 'export-template-dialog-light');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('创建成功')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(TEMPLATE) });
  await expect(row).toContainText('链接编号 | 链接名称 | 创建时间 | 商品价格（元）');
  await expect(row).toContainText('4');
  await shot(page, 'export-templates-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('theme', '2'));
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(TEMPLATE) })).toBeVisible();
  await shot(page, 'export-templates-dark');
  await page
    .getByRole('row', { name: new RegExp(TEMPLATE) })
    .getByRole('button', { name: '编辑' })
    .click();
  await expect(headerCells(page.getByRole('dialog'))).toHaveText(['链接编号', '链接名称', '创建时间', '商品价格（元）']);
  await shot(page, 'export-template-dialog-dark');
});

test('customer1 exports the links list with the template and opens the XLSX: the list’s rows, typed', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await expect(page.locator('.link-table tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.getByRole('dialog', { name: '导出推广链接' });
  await expect(headerCells(dialog)).toContainText(['链接编号', '链接名称', '客户']);
  await dialog.locator('.p-dropdown:has(#export-template)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: TEMPLATE }).click();
  await expect(headerCells(dialog)).toHaveText(['链接编号', '链接名称', '创建时间', '商品价格（元）']);
  await shot(page, 'export-dialog-light');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^推广链接-${TEMPLATE}-\\d{8}-\\d{4}\\.xlsx$`));
  const file = await readXlsx(await download.path());
  expect(file.header).toEqual(['链接编号', '链接名称', '创建时间', '商品价格（元）']);
  expect(file.frozen).toBe(true);
  const links = (await apiData<{ list: LinkView[] }>(page, 'napi/link/index', { pagesize: 100 })).list;
  expect(file.rows.map((r) => r[0])).toEqual(links.map((l) => l.pageid));
  expect(file.rows.map((r) => r[1])).toEqual(links.map((l) => l.title));
  expect(file.rows.map((r) => r[2])).toEqual(links.map((l) => new Date((l.created_at + 8 * 3600) * 1000)));
  expect(file.rows.map((r) => r[3] ?? null)).toEqual(links.map((l) => (l.item_price === null ? null : l.item_price / 100)));
  await expect(page.getByText(`已导出 ${links.length} 行`)).toBeVisible();
});

test('a customer with 25 links exports in the background, downloads when ready, and finds it under 导出记录', async ({ page }) => {
  cli(['user:add', '--email', EXPORTER, '--password', PASSWORD, '--role', '3', '--company', 'E2E 导出公司']);
  await login(page, EXPORTER);
  await expect(page).toHaveURL(/\/dashboard/);
  for (let i = 1; i <= 25; i++) {
    await apiData(page, 'napi/link/create', {
      platform: 2,
      state: 2,
      item: `6100000${String(i).padStart(5, '0')}`,
      isdirect: 1,
      title: `导出测试 ${i}`,
    });
  }
  await page.goto('/landing');
  await expect(page.locator('.pager')).toContainText('共 25 条');
  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.getByRole('dialog', { name: '导出推广链接' });
  await dialog.getByText('CSV（UTF-8）').click();
  await dialog.getByRole('button', { name: '导出' }).click();
  await expect(dialog.getByText('导出完成，可以下载了。')).toBeVisible();
  await expect(dialog.getByText('已完成')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载' }).click()]);
  const csv = readFileSync(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]?.startsWith('链接编号,链接名称,客户,客户编号')).toBe(true);
  expect(lines).toHaveLength(26);
  expect(lines[1]).toContain('导出测试 25');
  await dialog.getByRole('button', { name: '关闭' }).click();

  await page.goto('/exportTemplate?tab=records');
  const record = page.getByRole('table').locator('tbody tr').first();
  await expect(record).toContainText('.csv');
  await expect(record).toContainText('已完成');
  await expect(record).toContainText('25');
  await shot(page, 'export-records-light');
  const [again] = await Promise.all([page.waitForEvent('download'), record.getByRole('button', { name: '下载' }).click()]);
  expect(readFileSync(await again.path())).toEqual(csv);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('theme', '2'));
  await page.reload();
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('已完成');
  await shot(page, 'export-records-dark');
});

test('the account screen shows the hourly report setting and its last send', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/accountinfo');
  await expect(page.getByText('上次时报')).toBeVisible();
  await expect(page.locator('.info-row', { hasText: '上次时报' })).toContainText('尚未发送');
  await shot(page, 'account-hourly-report-light');
});

test('an admin exports the consumption overview: the XLSX holds the screen’s rows', async ({ page }) => {
  const world = seedAdminWorld();
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  const asked = page.waitForRequest((r) => r.url().endsWith('/capi/napi/admin/cost/index'));
  await page.goto('/sxA/costinfo');
  const body = JSON.parse((await asked).postData() ?? '{}') as { start: string; end: string };
  await expect(page.locator('.p-datatable[aria-label="客户消耗"]')).toContainText(world.customer);
  await page.getByRole('button', { name: '导出' }).click();
  const dialog = page.getByRole('dialog', { name: '导出消耗概览' });
  await expect(headerCells(dialog)).toContainText(['客户 / 日期', '客户编号', '巨量引擎（元）']);
  await shot(page, 'export-dialog-admin-light');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出' }).click()]);
  const file = await readXlsx(await download.path());
  const screen = await apiData<CostView>(page, 'napi/admin/cost/index', { start: body.start, end: body.end, pagesize: 100 }, true);
  expect(file.header.at(-1)).toBe('合计（元）');
  expect(file.rows.map((r) => [r[0], r.at(-1)])).toEqual(screen.rows.map((r) => [r.label, r.total]));
});
