import { expect, type Page } from '@playwright/test';
import { chinaDay } from '../../src/shared/china-clock.ts';
import type { BoardCard, IndexBoard, ItemIndex } from '../../src/shared/dashboard.ts';
import { METRIC_META } from '../../src/shared/metrics.ts';
import { formatNumber } from '../../src/shared/number-format.ts';
import { e2eNow, test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/**
 * The boards as a demo customer walks them (issue 12): today's cost and ROI on /dashboard?acpl=2 from the demo
 * world's facts, another range, another account type, the agent's customer, the old data board's picker, /collect
 * and one item's orders. Every figure on screen is compared with the API's own answer; screenshots light and dark.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const chinaToday = (): string => chinaDay(e2eNow());
const daysAgo = (n: number): string => chinaDay(e2eNow() - n * 86400);
const yuan = (v: number | null): string =>
  v === null ? '--' : `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** ROI as every screen shows it: the metric's own format (two decimals, '--' when undefined). */
const roiText = (v: number | null): string => formatNumber(v, METRIC_META.roi.format);

async function settled(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page draws the fixed header mid-page
  await page.waitForTimeout(600); // charts animate in
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/dashboard-${name}.png`, fullPage: true });
}

/** The rows of a list table (ResourceTable's aria-label names its wrapper). */
const rowsOf = (page: Page, name: string) => page.locator(`[aria-label="${name}"] tbody tr`);

/** The card shows what the API answers for the same request (polled: the demo world keeps delivering). */
async function cardShows(page: Page, label: string, read: () => Promise<string>): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = (await page.getByRole('region', { name: label, exact: true }).locator('.metric-value').textContent())?.trim();
        return shown === (await read());
      },
      { message: `card ${label}` },
    )
    .toBe(true);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the demo customer's overview: today's cost and ROI, another range, another account type (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard\?acpl=2/);
    await expect(page.getByRole('heading', { name: '概览 · 巨量引擎' })).toBeVisible();
    const today = { accounttype: 'single', state: 2, start: chinaToday(), end: chinaToday() };
    const card = () => apiData<BoardCard>(page, 'napi/board/card', today);
    expect((await card()).metrics.sum_cost, 'the demo world spends on 巨量 today').toBeGreaterThan(0);
    await cardShows(page, '消耗', async () => yuan((await card()).metrics.sum_cost));
    await cardShows(page, 'ROI', async () => roiText((await card()).metrics.roi));
    await expect(page.getByText(/对比上一同长时段 \d{4}-\d{2}-\d{2}|暂不与上一同长时段对比/)).toBeVisible();
    await expect(page.locator('.board-trend canvas')).toBeVisible();
    await expect(rowsOf(page, '广告主排行').first()).toBeVisible();
    await settled(page, `today-${theme}`);

    await page.getByRole('tab', { name: '最近7天' }).click();
    const week = { ...today, start: daysAgo(6) };
    await cardShows(page, '消耗', async () => yuan((await apiData<BoardCard>(page, 'napi/board/card', week)).metrics.sum_cost));
    await page.getByRole('tab', { name: '计划' }).click();
    await expect(rowsOf(page, '计划排行').first()).toBeVisible();
    await settled(page, `week-plans-${theme}`);

    await page.locator('.platform-item', { hasText: '腾讯' }).hover();
    await page.getByRole('menuitem', { name: '概览' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?acpl=4/);
    await expect(page.getByRole('heading', { name: '概览 · 腾讯' })).toBeVisible();
    const tengxun = { accounttype: 'single', state: 4, start: chinaToday(), end: chinaToday() };
    await cardShows(page, '消耗', async () => yuan((await apiData<BoardCard>(page, 'napi/board/card', tengxun)).metrics.sum_cost));
  });
}

test("an agent sees its sub-customers' totals and narrows to one", async ({ page }) => {
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2/);
  const range = { accounttype: 'single', state: 2, start: chinaToday(), end: chinaToday() };
  await cardShows(page, '消耗', async () => yuan((await apiData<BoardCard>(page, 'napi/board/card', range)).metrics.sum_cost));
  await page.locator('.p-dropdown:has(#board-customer)').click();
  const first = page.locator('.p-dropdown-panel .p-dropdown-item').nth(1);
  const company = (await first.textContent())?.trim() ?? '';
  await first.click();
  const customers = await apiData<Array<{ customerid: number; company: string }>>(page, 'napi/link/customers', {});
  const one = customers.find((c) => c.company === company);
  expect(one, company).toBeDefined();
  await cardShows(page, '消耗', async () =>
    yuan((await apiData<BoardCard>(page, 'napi/board/card', { ...range, customerid: one?.customerid })).metrics.sum_cost),
  );
  await page.getByRole('tab', { name: '客户' }).click();
  await settled(page, 'agent');
});

test('the old data board: 微博 disables 京东 (未上线), cards of the period, a list per channel', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await apiData(page, 'api/user/version', { version: 'ver1' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: '数据看板' })).toBeVisible();
  const board = () => apiData<IndexBoard>(page, 'api/index/board', { type: 1, social: 2 });
  await cardShows(page, '消耗', async () => yuan((await board()).metrics.sum_cost));
  await expect(rowsOf(page, '各渠道数据').first()).toBeVisible();
  await settled(page, 'old-board');
  await page.getByRole('radio', { name: '微博' }).click();
  const jd = page.getByRole('radio', { name: '京东（未上线）' });
  await expect(jd).toHaveAttribute('aria-disabled', 'true');
  await jd.click({ force: true }); // aria-disabled: a click still answers 暂未上线
  await expect(page.getByText('暂未上线').first()).toBeVisible();
  await page.getByRole('tab', { name: '上周' }).click();
  await cardShows(page, '消耗', async () =>
    yuan((await apiData<IndexBoard>(page, 'api/index/board', { type: 6, social: 3 })).metrics.sum_cost),
  );
  await settled(page, 'old-board-weibo');
  await apiData(page, 'api/user/version', { version: 'ver2' });
});

for (const theme of ['light', 'dark'] as const) {
  test(`item-effect analysis and one item's orders (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByRole('link', { name: '商品效果分析' }).click();
    await expect(page).toHaveURL(/\/collect$/);
    const items = await apiData<ItemIndex>(page, 'napi/itemanalyse/index', { start: daysAgo(6), end: chinaToday() });
    expect(items.total, 'the demo world promotes items').toBeGreaterThan(0);
    await expect(rowsOf(page, '商品效果')).toHaveCount(Math.min(items.total, 20));
    await settled(page, `collect-${theme}`);

    const top = items.list[0];
    await rowsOf(page, '商品效果').first().getByRole('button', { name: '分析' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('region', { name: '推广它的链接' })).toBeVisible();
    await expect(dialog.locator('canvas')).toBeVisible();
    await settled(page, `item-${theme}`);
    await page.keyboard.press('Escape');

    await rowsOf(page, '商品效果').first().getByRole('link', { name: '订单' }).click();
    await expect(page).toHaveURL(new RegExp(`/collect/page/${top?.item_id}\\?start=`));
    const orders = await apiData<{ total: number }>(page, 'napi/itemanalyse/order', {
      item_id: top?.item_id,
      start: daysAgo(6),
      end: chinaToday(),
    });
    await expect(page.getByText(`共 ${orders.total} 条`)).toBeVisible();
    await settled(page, `item-orders-${theme}`);
  });
}

test("/collect/page/{pageId} (spec §2): a promotion link's orders, order numbers on one line, columns apart", async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const range = { start: daysAgo(6), end: chinaToday() };
  const items = await apiData<ItemIndex>(page, 'napi/itemanalyse/index', range);
  // the first link (of the items in the list) that sold something in the range
  let pageid = '';
  let orders = { total: 0 };
  for (const item of items.list) {
    const detail = await apiData<{ links: Array<{ pageid: string }> }>(page, 'napi/itemanalyse/detail', {
      item_id: item.item_id,
      ...range,
    });
    for (const l of detail.links) {
      orders = await apiData<{ total: number }>(page, 'napi/itemanalyse/order', { item_id: l.pageid, ...range });
      pageid = l.pageid;
      if (orders.total > 0) break;
    }
    if (orders.total > 0) break;
  }
  await page.goto(`/collect/page/${pageid}?start=${range.start}&end=${range.end}`);
  await expect(page.getByText(`推广链接 ${pageid} 的订单`)).toBeVisible();
  await expect(page.getByText('商品或推广链接不存在')).toHaveCount(0);
  await expect(page.getByText(`共 ${orders.total} 条`)).toBeVisible();
  // (a fresh demo world may have no orders yet in the range: the check below then has no row to look at)
  // every cell's text fits its cell on the lines it is meant to have: an order number never wraps mid-number
  const problems = await rowsOf(page, '商品订单').evaluateAll((rows) =>
    rows.flatMap((tr) =>
      // (the empty table's one message cell is no order row)
      [...tr.querySelectorAll('td')]
        .filter((_, __, all) => all.length > 1)
        .flatMap((td, i) => {
          const out: string[] = [];
          if (td.scrollWidth > td.clientWidth + 1) out.push(`column ${i} runs into the next: ${td.textContent}`);
          const first = td.querySelector('span, div') ?? td;
          if (i === 0 && first.getClientRects().length > 1) out.push(`order number wraps: ${td.textContent}`);
          if (i === 0 && (first as HTMLElement).offsetHeight > 24) out.push(`order number on two lines: ${td.textContent}`);
          return out;
        }),
    ),
  );
  expect(problems).toEqual([]);
  await settled(page, 'link-orders');
});
