import { expect, type Page } from '@playwright/test';
import type { LinkView } from '../../src/shared/links.ts';
import { test } from './clock.ts';
import { apiData, cli, digits, login, PASSWORD, SHOTS } from './console-helpers.ts';

/** Defects found walking the product as a new user (issue 15, console items; issue 8 "what a new user saw"). */

const expired = { status: 401, contentType: 'application/json', body: JSON.stringify({ code: 1009, msg: '登录信息已过期', data: null }) };
const linkRows = (page: Page) => page.locator('.link-table tbody tr:has(.link-id-code)');

async function listOf(page: Page, body: Record<string, unknown>, admin = false): Promise<LinkView[]> {
  return (await apiData<{ list: LinkView[] }>(page, 'napi/link/index', { page: 1, pagesize: 50, ...body }, admin)).list;
}

test('item 4: the guard checks the token on every navigation, not only on API answers', async ({ page, context }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/dashboard\?acpl=2$/); // past /redirect/dashboard
  await expect(page.getByRole('heading', { name: '概览 · 巨量引擎' })).toBeVisible();
  await context.clearCookies({ name: 'sxTUUken' });
  // 导出模板 calls no API: only the navigation guard can notice the missing token
  await page.getByRole('navigation', { name: '菜单' }).getByRole('link', { name: '导出模板' }).click();
  await expect(page).toHaveURL('/login?redirect=%2FexportTemplate');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
});

test('item 5: an old-version bookmark /landing/page opens the ver2 list', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing/page');
  await expect(page).toHaveURL('/landing');
  await expect(page.getByRole('heading', { name: '推广链接' })).toBeVisible();
  await expect(page.getByText('推广链接编号只能是数字')).toHaveCount(0);
});

test('item 6: a search over 100 characters toasts and does not leave old results in the table', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/landing');
  await expect(linkRows(page).first()).toBeVisible();
  await page.getByRole('textbox', { name: '搜索' }).fill('长'.repeat(101));
  await page.getByRole('textbox', { name: '搜索' }).press('Enter');
  await expect(page.locator('.p-toast-message')).toContainText('搜索内容不能超过 100 个字符');
  await expect(page.locator('.link-table [role="alert"]')).toContainText('搜索内容不能超过 100 个字符');
  await expect(linkRows(page)).toHaveCount(0);
  await expect(page.locator('.pager')).toContainText('共 0 条');
});

test('item 7: /minilandurl/{pageId} takes only mini-app links; a taobao link moves to /landing/{pageId}', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const taobao = (await listOf(page, { platform: 2 }))[0];
  expect(taobao).toBeDefined();
  await apiData(page, 'api/user/version', { version: 'ver1' });
  try {
    await page.goto(`/minilandurl/${taobao?.pageid}`);
    await expect(page).toHaveURL(`/landing/${taobao?.pageid}`);
    await expect(page.getByRole('heading', { name: `推广链接 ${taobao?.pageid}` })).toBeVisible();
    await expect(page.locator('.breadcrumb')).toContainText('推广链接管理');
  } finally {
    await apiData(page, 'api/user/version', { version: 'ver2' });
  }
});

test('item 9: a wechat mini-app link shows the page it opens, not its name as a broken item; no ¥0.00', async ({ page }) => {
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const wx = (await listOf(page, { platform: 6 }))[0];
  expect(wx).toBeDefined();
  if (!wx) return;
  await page.goto('/landing');
  const row = linkRows(page).filter({ hasText: wx.pageid });
  await expect(row.locator('.link-item')).toContainText('微信小程序');
  await expect(row.locator('.link-item')).not.toContainText(wx.title);
  await page.goto(`/landing/${wx.pageid}`);
  const summary = page.locator('.link-summary');
  await expect(summary.locator('.link-item')).toContainText('微信小程序');
  await expect(summary.locator('.link-item')).toContainText(wx.pagepath);
  await expect(summary.locator('.link-item img')).toHaveCount(0);
  await expect(page.locator('.link-log-table')).toContainText('创建');
  await expect(page.locator('.link-log-table')).not.toContainText('¥0.00');
  await page.screenshot({ path: `${SHOTS}/links-detail-wxminiapp.png`, fullPage: true });
});

test.describe('item 10: the links screens at 1200 px', () => {
  test.use({ viewport: { width: 1200, height: 860 } });

  for (const who of [
    { email: 'agent@demo.local', admin: false, path: '/landing' },
    { email: 'admin@demo.local', admin: true, path: '/newsxA/client/landingpage' },
  ]) {
    test(`${who.email}: one filter row, a wide 商品 column, nothing spilling out of its cell, the link's name shown`, async ({ page }) => {
      await login(page, who.email, { admin: who.admin });
      await expect(page).toHaveURL(who.admin ? '/sxA' : /\/dashboard/);
      await page.goto(who.path);
      await expect(linkRows(page).first()).toBeVisible();
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;
      expect(Math.abs((await top('.link-filters .tabs')) - (await top('.link-search')))).toBeLessThan(4);
      const itemHeader = page.locator('.link-table th', { hasText: '商品' });
      expect((await itemHeader.boundingBox())?.width ?? 0).toBeGreaterThan(180);
      const spills = await page
        .locator('.link-table tbody td')
        .evaluateAll((cells) => cells.filter((td) => td.scrollWidth > td.clientWidth + 1).length);
      expect(spills).toBe(0);
      await expect(linkRows(page).first().locator('.link-name')).toBeVisible();
      const time = linkRows(page).first().locator('.link-time');
      expect((await time.boundingBox())?.height ?? 99).toBeLessThan(48); // date on one line, time under it
      await page.screenshot({ path: `${SHOTS}/links-1200-${who.admin ? 'admin' : 'agent'}.png`, fullPage: true });
    });
  }

  test('the detail’s date range shows its whole text', async ({ page }) => {
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/landing');
    await linkRows(page).first().getByRole('link', { name: '详情' }).click();
    const range = page.getByLabel('日期范围');
    await expect(range).toHaveValue(/^\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}$/);
    expect(await range.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const lines = await page.locator('.link-urls .url-value').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    for (const h of lines) expect(h).toBeLessThan(24); // one line each
    await page.screenshot({ path: `${SHOTS}/links-1200-detail.png`, fullPage: true });
  });
});

test('item 11: /login shows the form without a 加载中 flash, icons on the text line', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { loading: false };
    Object.assign(window, { __seen: seen });
    new MutationObserver(() => {
      if (document.body?.innerText.includes('加载中')) seen.loading = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: { loading: boolean } }).__seen.loading)).toBe(false);
  // Measure once the icon font is in: before it, the glyph box has the fallback font's height.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  for (const name of ['email', 'password']) {
    const input = await page.locator(`input[name="${name}"]`).boundingBox();
    const icon = await page.locator(`.login-field:has(input[name="${name}"]) .pi`).boundingBox();
    if (!input || !icon) throw new Error('no input or icon');
    expect(Math.abs(input.y + input.height / 2 - (icon.y + icon.height / 2))).toBeLessThan(1.5);
  }
});

test.describe('the expired-login box keeps what was on screen', () => {
  test('a list that had rows keeps them, and their count, behind the box', async ({ page }) => {
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/landing');
    await expect(linkRows(page).first()).toBeVisible();
    const count = await linkRows(page).count();
    const total = await page.locator('.pager-total').innerText();
    await page.route('**/capi/napi/link/index', (route) => route.fulfill(expired));
    await page.locator('.p-dropdown:has(#filter-state)').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '巨量引擎' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '登录信息已过期' })).toBeVisible();
    await expect(linkRows(page)).toHaveCount(count);
    await expect(page.locator('.pager-total')).toHaveText(total);
    await expect(page.getByText('暂无数据')).toHaveCount(0);
  });

  test('a list opened after the session ended does not claim 暂无数据 / 共 0 条', async ({ page }) => {
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    const first = (await listOf(page, {}))[0];
    await page.goto(`/landing/${first?.pageid}`);
    await expect(page.locator('.link-summary')).toBeVisible();
    await page.route('**/capi/napi/link/index', (route) => route.fulfill(expired));
    await page.getByRole('link', { name: '返回推广链接' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '登录信息已过期' })).toBeVisible();
    await expect(page.getByText('暂无数据')).toHaveCount(0);
    await expect(page.getByText('共 0 条')).toHaveCount(0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/links-expired.png` });
  });
});

test('/404 and /401 look like the console and fit the window', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  for (const path of ['/404', '/401']) {
    await page.goto(path);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, window: window.innerHeight }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.window);
    const home = page.getByRole('link', { name: '返回首页' });
    await expect(home).toHaveClass(/p-button/);
    // the console theme's primary colour (lara-light-blue), not another palette
    const consoleBlue = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary-color').trim());
    expect(consoleBlue.toLowerCase()).toBe('#3b82f6');
    expect(await home.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(59, 130, 246)');
    await page.screenshot({ path: `${SHOTS}/error-${path.slice(1)}.png` });
  }
});

test('item 3: forgotten password from /login — e-mail, code, new password — then log in with it', async ({ page }) => {
  const email = `forgot${digits(6)}@demo.local`;
  cli(['user:add', '--email', email, '--password', PASSWORD, '--role', '3', '--company', '找回密码测试公司']);
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL('/login?forgot=1');
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('请输入邮箱')).toBeVisible();
  await page.getByPlaceholder('请输入注册邮箱').fill('not-an-email');
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  await page.getByPlaceholder('请输入注册邮箱').fill(email);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('status')).toContainText('验证码已发送');
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/forgot-password.png` });

  const outbox = cli(['mail:list', '--limit', '5']);
  const code = /验证码是：(\d{6})/.exec(outbox.slice(outbox.indexOf(email)))?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByPlaceholder('请输入 6 位验证码').fill(wrong);
  await page.getByPlaceholder('请输入新密码（6–20 位）').fill('newpass88');
  await page.getByPlaceholder('请再次重复新密码').fill('newpass89');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();
  await page.getByPlaceholder('请再次重复新密码').fill('newpass88');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('alert')).toContainText('验证码错误或已过期');
  await page.getByPlaceholder('请输入 6 位验证码').fill(code ?? '');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置，请重新登录')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByPlaceholder('请输入邮箱')).toHaveValue(email);
  await login(page, email, { password: 'newpass88' });
  await expect(page).toHaveURL(/\/dashboard/);
});
