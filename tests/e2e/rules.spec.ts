import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/**
 * 自动规则 as a customer and an admin walk it against the real server with the demo world: customer1 starts a rule
 * from the 亏损止损 template, sees the live dry run over its 巨量 plans beside the form, saves it, disables it, reads
 * the history; the admin sees every customer's rules. Screenshots at 1280 px.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 860 } });

const NAME = `止损测试 ${String(Date.now()).slice(-5)}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // dialogs animate in
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/screen-${name}.png` });
}

test('customer1 writes a rule from a template with a live dry run, saves, disables it and reads the history', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: '自动规则' })).toBeVisible();
  await page.getByRole('button', { name: '新建规则' }).click();
  const editor = page.getByRole('dialog', { name: '新建规则' });
  await editor.locator('.p-dropdown:has(#rule-template)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '亏损止损' }).click();
  await editor.locator('#rule-name').fill(NAME);
  const preview = editor.getByRole('complementary', { name: '试运行结果' });
  await expect(preview).toContainText(/今天：评估 \d+ 个计划/, { timeout: 15_000 });
  await shot(page, 'rules-editor');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('今天 ROI < 1（消耗 ≥ ¥200时） → 暂停计划');
  await expect(row).toContainText('启用');
  await shot(page, 'rules-list');

  await row.getByRole('button', { name: '停用' }).click();
  await expect(page.getByText('已停用')).toBeVisible();
  await expect(row).toContainText('停用');
  const saved = await apiData<{ list: Array<{ name: string; enabled: boolean; conditions: unknown[] }> }>(page, 'napi/rules/index', {});
  expect(saved.list.find((r) => r.name === NAME)).toMatchObject({
    enabled: false,
    conditions: [{ metric: 'roi', op: 'lt', value: 1, min_cost: 200 }],
  });

  await page.getByRole('tab', { name: '执行记录' }).click();
  await expect(page.getByRole('columnheader', { name: '命中值' })).toBeVisible();
  await shot(page, 'rules-history');
});

test('a bad rule is refused in Chinese and nothing is saved', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const before = (await apiData<{ total: number }>(page, 'napi/rules/index', {})).total;
  await page.goto('/rules');
  await page.getByRole('button', { name: '新建规则' }).click();
  const editor = page.getByRole('dialog', { name: '新建规则' });
  await editor.locator('#rule-name').fill('上下限颠倒');
  await editor.locator('.p-dropdown:has(#rule-action)').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '调整日预算' }).click();
  await editor.getByLabel('调整的值').fill('100');
  await editor.getByLabel('下限').fill('500');
  await editor.getByLabel('上限').fill('100');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor.getByRole('alert')).toContainText('下限（¥500）不能高于上限（¥100）');
  expect((await apiData<{ total: number }>(page, 'napi/rules/index', {})).total).toBe(before);
});

test('the admin sees every customer’s rules', async ({ page }) => {
  await login(page, 'super@demo.local', { admin: true });
  await page.waitForURL(/\/sxA/);
  await page.goto('/newsxA/rules');
  await expect(page.getByRole('columnheader', { name: '规则内容' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText('青禾服饰');
  await shot(page, 'rules-admin');
});

test('the promotion list marks the plans enabled rules watch', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/promotion?acpl=2&pl=2');
  await page.getByRole('tab', { name: '广告计划' }).click();
  // customer1's two demo rules watch every 巨量 plan (the first test's own rule is disabled)
  const badge = page.locator('.promote-table tbody tr .rule-badge').first();
  await expect(badge).toHaveText('· 规则 2');
  await expect(badge).toHaveAttribute('title', /今日 ROI < 1 止损/);
  await shot(page, 'rules-promotion-badge');
});

type Event = { rule_id: number; plan_id: string; plan_name: string; channel: number };

test('a history row links to the plan the rule acted on, for the customer and for the admin', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  // a notify rule every 巨量 plan matches; the rules job (every minute on the server) runs it in its first slot
  const rule = await apiData<{ id: number }>(page, 'napi/rules/save', {
    name: `全部提醒 ${NAME}`,
    acpl: 2,
    scope: { kind: 'customer', ids: [] },
    window: { kind: 'today', n: 1 },
    conditions: [{ metric: 'sum_cost', op: 'gte', value: 0, min_cost: 0, min_clicks: 0 }],
    action: { kind: 'notify', mode: 'set', by: 'amount', value: 0, min: 0, max: 0 },
    schedule: { kind: 'every', minutes: 5 },
    max_lag_minutes: 1440,
    notify_email: false,
  });
  try {
    const history = () => apiData<{ list: Event[] }>(page, 'napi/rules/history', { id: rule.id });
    await expect
      .poll(async () => (await history()).list.length, { timeout: 180_000, intervals: [5_000], message: 'the rule has acted' })
      .toBeGreaterThan(0);
    const first = (await history()).list[0]!;
    await page.goto(`/rules?tab=history&rule=${rule.id}`);
    const link = page.locator('.rule-plan-link').first();
    await expect(link).toHaveAttribute('href', `/promotion/plan/${first.plan_id}?acpl=${first.channel}`);
    await shot(page, 'rules-history-links');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/promotion/plan/${first.plan_id}\\?acpl=${first.channel}$`));
    await expect(page.locator('.promote-detail-path')).toContainText(first.plan_id);
    await expect(page.getByRole('heading', { name: first.plan_name || first.plan_id })).toBeVisible();
    await shot(page, 'rules-history-plan');

    // the admin's history holds the same row, linked to the admin's plan page (the admin's cookie sits beside the customer's)
    const admin = page;
    await login(admin, 'super@demo.local', { admin: true });
    await admin.waitForURL(/\/sxA/);
    await admin.goto('/newsxA/rules?tab=history');
    const adminLink = admin.locator('.rule-plan-link').first();
    await expect(adminLink).toHaveAttribute('href', /^\/newsxA\/client\/plan\/[^/?]+\?acpl=\d+$/);
    const href = (await adminLink.getAttribute('href'))!;
    const planId = decodeURIComponent(href.split('/').pop()!.split('?')[0]!);
    await adminLink.click();
    await expect(admin).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(admin.locator('.promote-detail-path')).toContainText(planId);
    await shot(admin, 'rules-admin-history-plan');
  } finally {
    // the rule matches every plan: leave it disabled, so it acts on nothing for the rest of the run
    await apiData(page, 'napi/rules/toggle', { id: rule.id, enabled: false });
  }
});
