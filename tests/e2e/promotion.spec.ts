import { expect, type Page } from '@playwright/test';
import { subPlatformsOf } from '../../src/shared/promote.ts';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';
import { botClicks, type PromotionWorld, pingedCount, promotionWorld } from './promotion-world.ts';

/**
 * Promotion as a customer walks it: the tree of 巨量 · 流量通PRO down to a plan, pausing it (pending, then the
 * platform's answer) while the sandbox's delivery stops pinging it, the platform refusing a budget, the old
 * version's screens on the same account, the plan detail, the admin's screens — at 1280 px, light and dark.
 */
test.use({ viewport: { width: 1280, height: 860 } });
test.describe.configure({ mode: 'serial' });

let world: PromotionWorld;
test.beforeAll(async ({ baseURL }) => {
  world = await promotionWorld(baseURL ?? '');
});

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/promotion-${name}.png`, fullPage: true });
}

async function signIn(page: Page, email = 'customer1@demo.local'): Promise<void> {
  await login(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
}

const row = (page: Page, name: string) => page.locator('.promote-table tbody tr', { hasText: name });

async function toPlans(page: Page): Promise<void> {
  await page.goto('/promotion?acpl=2&pl=2');
  await expect(page.getByRole('heading', { name: '竞价推广 · 巨量引擎' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '流量通PRO' })).toHaveAttribute('aria-selected', 'true');
  await row(page, world.advertiserName).getByRole('button', { name: world.advertiserName, exact: true }).click();
  await row(page, world.campaignName).getByRole('button', { name: world.campaignName, exact: true }).click();
  await expect(page.getByRole('tab', { name: '广告计划' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, world.planName)).toBeVisible();
}

async function rising(base: string, planId: string): Promise<void> {
  const start = await pingedCount(base, planId);
  await expect.poll(() => pingedCount(base, planId), { timeout: 30_000, intervals: [500] }).toBeGreaterThan(start);
}

test('a customer pauses a plan: pending, then paused, and the sandbox stops sending its pings', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  await signIn(page);
  await toPlans(page);
  const plan = row(page, world.planName);
  await expect(plan.locator('.status-tag')).toHaveText('投放中');
  await expect(page.getByRole('region', { name: '合计' })).toContainText('个广告计划');
  await rising(base, world.planId);

  await plan.getByRole('button', { name: '暂停' }).click();
  const box = page.getByRole('dialog', { name: '暂停广告计划' });
  await expect(box).toContainText(`暂停「${world.planName}」`);
  await box.getByRole('button', { name: '暂停' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(plan.locator('.status-tag')).toHaveText('计划暂停');
  await expect(plan.getByRole('button', { name: '启用' })).toBeVisible();

  await page.waitForTimeout(1500); // pings already on their way land
  const stopped = await pingedCount(base, world.planId);
  await page.waitForTimeout(5000);
  expect(await pingedCount(base, world.planId)).toBe(stopped);

  await plan.getByRole('button', { name: '启用' }).click();
  await page.getByRole('dialog', { name: '启用广告计划' }).getByRole('button', { name: '启用' }).click();
  await expect(plan.locator('.status-tag')).toHaveText('投放中');
  await rising(base, world.planId);
});

test('a budget under the floor is refused by the form; one the platform refuses shows its message; the old budget stays', async ({
  page,
}) => {
  await signIn(page);
  await toPlans(page);
  const plan = row(page, world.planName);
  const before = await plan.locator('.promote-money').first().innerText();
  await plan.getByRole('button', { name: `修改日预算：${world.planName}` }).click();
  const dialog = page.getByRole('dialog', { name: '修改日预算' });
  // 巨量's floor (src/shared/money-limits.ts): the form names it and sends nothing
  await dialog.getByLabel('日预算（元）').fill('120');
  await dialog.getByRole('button', { name: '提交到平台' }).click();
  await expect(dialog.getByText('日预算不能低于 300 元')).toBeVisible();
  await shot(page, 'edit-budget');
  // a change of ¥50 passes the form; 巨量 refuses changes under ¥100 (the sandbox keeps its rule)
  const yuan = Number(before.replace(/[^\d.]/g, ''));
  await dialog.getByLabel('日预算（元）').fill(String(yuan + 50));
  await dialog.getByRole('button', { name: '提交到平台' }).click();
  await expect(page.getByText('平台未接受修改：单次修改预算幅度不能低于 100 元')).toBeVisible();
  await expect(plan.locator('.promote-money').first()).toHaveText(before);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the promotion tree, the totals and a creative preview (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page);
    await page.goto('/promotion?acpl=2&pl=2');
    await expect(row(page, world.advertiserName)).toBeVisible();
    await shot(page, `accounts-${theme}`);
    // bots click the plan: its row shows the invalid share under its id, whole inside the name cell, reasons in the title
    await botClicks(new URL(page.url()).origin, world.planId, 2);
    await page.waitForTimeout(1500); // the tracking processor (every 500 ms) judges the pings
    await toPlans(page);
    const badge = row(page, world.planName).locator('.invalid-badge');
    await expect(badge).toHaveText(/^无效 \d+\.\d%$/);
    await expect(badge).toHaveAttribute('title', /爬虫\/无头浏览器 \d+/);
    const [cell, inner] = await Promise.all([row(page, world.planName).locator('td').nth(1).boundingBox(), badge.boundingBox()]);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
    await shot(page, `plans-${theme}`);
    await row(page, world.planName).getByRole('button', { name: world.planName, exact: true }).click();
    await expect(page.getByRole('tab', { name: '创意' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('.promote-table tbody tr').first().getByRole('button', { name: '预览' }).click();
    await expect(page.getByRole('dialog', { name: '创意预览' })).toContainText('素材类型');
    await shot(page, `preview-${theme}`);
    await page.getByRole('button', { name: '关闭' }).click();
    await page.getByRole('tab', { name: '广告计划' }).click();
    await row(page, world.planName).getByRole('button', { name: '详情' }).click();
    await expect(page.locator('.promote-detail-dialog .chart canvas')).toBeVisible();
    await shot(page, `detail-dialog-${theme}`);
  });
}

test('every account type × sub-platform of the menu opens its tree', async ({ page }) => {
  await signIn(page);
  for (const acpl of [2, 4, 5, 8, 10]) {
    for (const pl of subPlatformsOf(acpl)) {
      await page.goto(`/promotion?acpl=${acpl}&pl=${pl}`);
      await expect(page.locator('.promote-screen .tabs [aria-selected="true"]').first()).toBeVisible();
      await expect(page.locator('.promote-table')).toBeVisible();
    }
  }
  await page.goto('/promotion?acpl=4&pl=7');
  await expect(page.getByRole('tab', { name: '广告', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '创意' })).toBeVisible();
  await shot(page, 'tengxun-udsmart');
});

test('the old version shows the same account, its plan page the trend, the change log and the status history', async ({ page }) => {
  await signIn(page);
  const ver2 = await apiData<{ list: Array<{ id: string; metrics: { sum_cost: number | null } }> }>(page, 'napi/promote/index', {
    acpl: 2,
    type: 'plan',
    advertiser_id: world.advertiserId,
    pagesize: 100,
  });
  await apiData(page, 'api/user/version', { version: 'ver1' });
  try {
    await page.goto('/promotion');
    await expect(page.getByRole('heading', { name: '推广管理 · 巨量引擎' })).toBeVisible();
    await page.locator('.promote-filter-account').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: world.advertiserName }).first().click();
    const plan = row(page, world.planName);
    await expect(plan).toBeVisible();
    const cost = ver2.list.find((p) => p.id === world.planId)?.metrics.sum_cost ?? 0;
    await expect(plan).toContainText(cost.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    await shot(page, 'old-juliang');
    await plan.getByRole('button', { name: world.planName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/promotion/plan/${world.planId}(\\?acpl=2)?$`));
    await expect(page.locator('.chart canvas')).toBeVisible();
    const log = page.locator('[aria-label="修改记录"]');
    await expect(log).toContainText('暂停 → 启用');
    await expect(log).toContainText('customer1@demo.local');
    await expect(page.locator('.promote-history')).toContainText('在本平台修改后');
    await shot(page, 'old-plan');
    for (const path of ['/promotion/weibo', '/promotion/tencent', '/minipromote', '/minipromote/miniweibo', '/minipromote/minitencent']) {
      await page.goto(path);
      await expect(page.locator('.promote-screen .card-title')).toBeVisible();
    }
    await shot(page, 'old-minitencent');
  } finally {
    await apiData(page, 'api/user/version', { version: 'ver2' });
  }
});

test("an admin sees every customer's promotions and one link's plans", async ({ page }) => {
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL(/\/sxA/);
  await page.goto('/newsxA/client/promote');
  await expect(row(page, world.advertiserName)).toContainText('杭州青禾服饰有限公司');
  await shot(page, 'admin');
  const plans = await apiData<{ list: Array<{ id: string; pageid: string }> }>(
    page,
    'napi/promote/index',
    { acpl: 2, type: 'plan', exact: world.planId },
    true,
  );
  await page.goto(`/newsxA/client/promote/${plans.list[0]?.pageid}`);
  await expect(row(page, world.planName)).toBeVisible();
  await shot(page, 'admin-link');
});
