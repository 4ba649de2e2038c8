import { expect, type Page } from '@playwright/test';
import { SHOPPER_UA } from '../support/shopper.ts';
import { test } from './clock.ts';
import { digits, login, PASSWORD, SHOTS } from './console-helpers.ts';

/**
 * Promotion links as people walk them, against the real server and its demo world:
 * customer1 creates, copies, edits and inspects a link; customer2 cannot see it; the agent creates one for a
 * sub-customer; the admin sees them all.
 */
test.describe.configure({ mode: 'serial' });

const stamp = digits(8);
const ITEM_C1 = `61${stamp}`;
const ITEM_SUB1 = `62${stamp}`;
let pageIdC1 = '';

const rowOf = (page: Page, itemId: string) => page.locator('.link-table tbody tr', { hasText: `商品ID ${itemId}` });

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: '搜索' }).fill(text);
  await page.getByRole('textbox', { name: '搜索' }).press('Enter');
}

/** Pick an option of a PrimeReact dropdown (found by its inputId) by its label. */
async function choose(page: Page, inputId: string, option: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
}

test('customer1 creates a taobao / juliang / direct link, copies its monitor URL, edits it and opens the detail', async ({
  page,
  context,
}) => {
  test.slow(); // a long walk: create, copy, edit, send traffic, wait for the processor, read the detail
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: '推广链接' })).toBeVisible();
  await expect(page.locator('.pager')).toContainText('共');

  // invalid submit: Chinese errors and the shake
  await page.getByRole('button', { name: '新建链接' }).click();
  const dialog = page.getByRole('dialog', { name: '新建推广链接' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入商品 ID 或商品链接')).toBeVisible();
  await expect(dialog.locator('#link-customer')).toHaveCount(0); // customers do not pick a customer

  // jump types follow the platform: 淘积木 asks for its link
  await dialog.getByText('淘积木', { exact: true }).click();
  await expect(dialog.locator('#link-taojimulink')).toBeVisible();
  await dialog.getByText('商品详情', { exact: true }).click();
  await expect(dialog.locator('#link-taojimulink')).toHaveCount(0);

  await expect(dialog.locator('#link-platform')).toHaveValue('淘宝');
  await expect(dialog.locator('#link-state')).toHaveValue('巨量引擎');
  await dialog.locator('#link-title').fill('E2E 春季新品');
  await dialog.locator('#link-item').fill(ITEM_C1);
  await page.screenshot({ path: `${SHOTS}/links-dialog.png` });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('创建成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = rowOf(page, ITEM_C1);
  await expect(row).toBeVisible();
  await expect(row).toContainText('淘宝');
  await expect(row).toContainText('巨量引擎');
  await expect(row).toContainText('直跳');
  pageIdC1 = (await row.locator('.link-id-code').innerText()).trim();
  expect(pageIdC1).toMatch(/^\d+$/);

  // copy the click monitor URL
  await row.getByRole('button', { name: '复制点击' }).click();
  await expect(page.getByText('复制成功').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^https?:\/\//);
  expect(copied).toContain(pageIdC1);

  // QR popover of the landing URL
  await row.getByRole('button', { name: '二维码' }).click();
  await expect(page.locator('.link-qr-panel img.link-qr')).toBeVisible();
  await expect(page.locator('.link-qr-panel img.link-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.screenshot({ path: `${SHOTS}/links-list.png` });
  await page.keyboard.press('Escape');
  await page.locator('.card-title').click();

  // edit: rename and make it indirect
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: `编辑推广链接 ${pageIdC1}` });
  await expect(edit.locator('#link-item')).toHaveValue(ITEM_C1);
  await edit.locator('#link-title').fill('E2E 春季新品（改）');
  await edit.getByText('非直跳', { exact: true }).click();
  await edit.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(rowOf(page, ITEM_C1)).toContainText('非直跳');

  // some traffic through the real monitor endpoints and the landing page, so the chart has data
  const showUrl = (await rowOf(page, ITEM_C1).locator('.url-text', { hasText: '展示' }).locator('.url-value').getAttribute('title')) ?? '';
  const landingUrl =
    (await rowOf(page, ITEM_C1).locator('.url-text', { hasText: '落地页' }).locator('.url-value').getAttribute('title')) ?? '';
  const shopper = { headers: { 'user-agent': SHOPPER_UA } }; // a phone's browser: Playwright's own agent is a bot
  const fill = (u: string, i: number): string =>
    u.replace(/__([A-Z_]+)__/g, (_m, name: string) =>
      /CALLBACK|REQUEST|CLICK/.test(name) ? `e2e${i}` : /^(UA|USER_AGENT)$/.test(name) ? encodeURIComponent(SHOPPER_UA) : '1',
    );
  for (let i = 0; i < 6; i++) expect((await page.request.get(fill(showUrl, i), shopper)).status()).toBeLessThan(400);
  for (let i = 0; i < 3; i++) expect((await page.request.get(fill(copied, i), shopper)).status()).toBeLessThan(400);
  expect((await page.request.get(landingUrl, { ...shopper, maxRedirects: 0 })).status()).toBeLessThan(400);

  // detail: summary, stats chart and totals, change log, orders notice
  await rowOf(page, ITEM_C1).getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(`/landing/${pageIdC1}`);
  await expect(page.getByRole('heading', { name: `推广链接 ${pageIdC1}` })).toBeVisible();
  await expect(page.locator('.link-summary img.link-qr')).toBeVisible();
  await expect(page.locator('.stats-totals')).toContainText('展示数');
  await expect(page.locator('.stats-totals')).toContainText('点击率');
  await expect(page.locator('.chart canvas')).toBeVisible();
  await expect(async () => {
    await page.reload();
    // the processor rolls the pings up within a second or two; a loaded machine needs longer to reload the page
    await expect(page.locator('.metric-card', { hasText: '展示数' })).toContainText('6', { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.locator('.metric-card', { hasText: '点击数' })).toContainText('3');
  await expect(page.locator('.metric-card', { hasText: '点击率' })).toContainText('50%');
  await page.getByRole('tab', { name: '按小时' }).click();
  await expect(page.locator('.chart canvas')).toBeVisible();
  const log = page.locator('.link-log-table');
  await expect(log).toContainText('修改');
  await expect(log).toContainText('E2E 春季新品（改）');
  await expect(log).toContainText('创建');
  await expect(page.locator('.orders-panel')).toContainText('暂无订单');
  await page.getByRole('button', { name: '复制点击监测' }).click();
  await expect(page.getByText('复制成功').first()).toBeVisible();
  await page.getByRole('tab', { name: '按天' }).click();
  await page.waitForTimeout(500); // chart animation
  await page.screenshot({ path: `${SHOTS}/links-detail.png`, fullPage: true });
});

test('customer2 does not see customer1’s link', async ({ page }) => {
  expect(pageIdC1).not.toBe('');
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await search(page, ITEM_C1);
  await expect(page.locator('.link-table')).toContainText('暂无数据');
  await page.goto(`/landing/${pageIdC1}`);
  await expect(page.getByRole('alert')).toContainText('不存在');
});

test('the agent creates a link for sub1 and sees its own and its sub-customers’ links', async ({ page }) => {
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await page.getByRole('button', { name: '新建链接' }).click();
  const dialog = page.getByRole('dialog', { name: '新建推广链接' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('.field-error', { hasText: '请选择客户' })).toBeVisible();
  await choose(page, 'link-customer', '宁波海味食品有限公司');
  await choose(page, 'link-platform', '京东');
  await expect(dialog.getByText('淘积木', { exact: true })).toHaveCount(0);
  await dialog.locator('#link-item').fill(ITEM_SUB1);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('创建成功')).toBeVisible();

  const row = rowOf(page, ITEM_SUB1);
  await expect(row).toContainText('宁波海味食品有限公司');
  await expect(row).toContainText('京东');
  // the customer filter narrows to one sub-customer
  await choose(page, 'filter-customer', '广州美妆日化有限公司');
  await expect(page.locator('.link-table tbody')).not.toContainText('宁波海味食品有限公司');
  await expect(rowOf(page, ITEM_SUB1)).toHaveCount(0);
  await choose(page, 'filter-customer', '宁波海味食品有限公司');
  await expect(rowOf(page, ITEM_SUB1)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/links-agent.png` });
});

test('the admin sees every customer’s links in /newsxA/client/landingpage', async ({ page }) => {
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.goto('/newsxA/client/landingpage');
  await expect(page.getByRole('heading', { name: '推广链接' })).toBeVisible();
  await expect(rowOf(page, ITEM_C1)).toContainText('杭州青禾服饰有限公司');
  await expect(rowOf(page, ITEM_SUB1)).toContainText('宁波海味食品有限公司');
  await page.screenshot({ path: `${SHOTS}/links-admin.png` });
  await rowOf(page, ITEM_C1).getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(`/newsxA/client/landingpage/${pageIdC1}`);
  await expect(page.locator('.link-summary')).toContainText('杭州青禾服饰有限公司');
});

test('customer1 deletes its link after confirming', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await search(page, ITEM_C1);
  await rowOf(page, ITEM_C1).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: '删除推广链接' });
  await expect(confirm).toContainText(`确定删除推广链接 ${pageIdC1} 吗`);
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(rowOf(page, ITEM_C1)).toBeVisible();
  await rowOf(page, ITEM_C1).getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rowOf(page, ITEM_C1)).toHaveCount(0);
  await page.goto(`/landing/${pageIdC1}`);
  await expect(page.getByRole('alert')).toContainText('不存在');
});

test('old version: /landing/page offers taobao and jingdong, /minilandurl/page the mini-app; server refusals show in the dialog', async ({
  page,
}) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: '切换旧版' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/landing/page');
  await expect(page.getByRole('heading', { name: '推广链接管理' })).toBeVisible();
  await expect(page.locator('#filter-platform')).toHaveValue('淘宝');
  await page.getByRole('button', { name: '新建链接' }).click();
  const dialog = page.getByRole('dialog', { name: '新建推广链接' });
  await page.locator('.p-dropdown:has(#link-platform)').click();
  await expect(page.locator('.p-dropdown-panel .p-dropdown-item')).toHaveText(['淘宝', '京东']);
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '淘宝' }).click();
  // a jingdong item on a taobao link: the server's Chinese refusal is shown in the form
  await dialog.locator('#link-item').fill('https://item.jd.com/100012043978.html');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toContainText('不一致');
  await dialog.getByRole('button', { name: '取消' }).click();

  await page.getByRole('navigation', { name: '菜单' }).getByRole('link', { name: '新链接链接管理' }).click(); // client-side move
  await expect(page).toHaveURL('/minilandurl/page');
  await expect(page.getByRole('heading', { name: '新链接链接管理' })).toBeVisible();
  await expect(page.locator('#filter-platform')).toHaveCount(0);
  await page.getByRole('button', { name: '新建链接' }).click();
  await expect(page.locator('#link-platform')).toHaveValue('淘宝新链接小程序');
  await expect(page.locator('.p-dropdown:has(#link-platform)')).toHaveClass(/p-disabled/);
  await page.waitForTimeout(400); // dialog animation
  await page.screenshot({ path: `${SHOTS}/links-mini-dialog.png` });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: '切换新版' }).click();
  await expect(page).toHaveURL(/\/dashboard\?acpl=2/);
});

// whatever happened above, customer2 leaves on the default version for the specs that follow
test.afterAll(async ({ request }) => {
  const res = await (await request.post('/capi/api/user/login', { data: { email: 'customer2@demo.local', password: PASSWORD } })).json();
  await request.post('/capi/api/user/version', { headers: { authorization: res.data.jwt }, data: { version: 'ver2' } });
});
