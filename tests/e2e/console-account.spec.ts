import { expect } from '@playwright/test';
import { test } from './clock.ts';
import { login, menuLabels, PASSWORD, SHOTS } from './console-helpers.ts';

test('theme, screen mode and menu layout persist across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: '切换主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('#theme-link')).toHaveAttribute('href', /lara-dark-blue/);
  await page.getByRole('button', { name: '切换屏幕模式' }).click();
  await expect(page.locator('.layout')).toHaveClass(/screen-mode-2/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('#theme-link')).toHaveAttribute('href', /lara-dark-blue/);
  await expect(page.locator('.layout')).toHaveClass(/screen-mode-2/);
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SHOTS}/dark-customer.png` });

  // screen mode is remembered per role and user: another user starts in mode 1
  await page.goto('/admin-login');
  await login(page, 'super@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await expect(page.locator('.layout')).toHaveClass(/screen-mode-1/);
  await page.getByRole('button', { name: '切换菜单布局' }).click();
  await expect(page.locator('.layout')).toHaveClass(/layout-horizontal/);
  await page.reload();
  await expect(page.locator('.layout')).toHaveClass(/layout-horizontal/);
  await page.screenshot({ path: `${SHOTS}/dark-admin-horizontal.png` });
  await page.getByRole('button', { name: '切换主题' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the theme defaults to the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${SHOTS}/login-dark.png` });
});

test('sidebar collapsed state is kept in a cookie', async ({ page, context }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: '切换侧边栏' }).click();
  await expect(page.locator('.layout-sidebar')).toHaveClass(/collapsed/);
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.reload();
  await expect(page.locator('.layout-sidebar')).toHaveClass(/collapsed/);
  const width = async () => (await page.locator('.layout-sidebar').boundingBox())?.width;
  await expect.poll(width).toBe(64);
  await page.getByRole('button', { name: '切换侧边栏' }).click();
  await expect.poll(width).toBe(210);
});

test('change password: validation messages, then success logs out', async ({ page }) => {
  await login(page, 'sub2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.locator('.header-user').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  const errors = dialog.locator('.field-error');
  await expect(errors).toHaveText(['请输入密码', '请输入新密码', '请再次重复新密码']);
  await page.screenshot({ path: `${SHOTS}/dialog-password.png` });
  await dialog.locator('#pw-oldpass').fill('12345');
  await dialog.locator('#pw-newpass').fill('   ');
  await dialog.locator('#pw-againpass').fill('abcdefg');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(errors).toHaveText(['长度在 6 到 20 个字符', '请输入新密码', '两次密码输入不一致']);
  await dialog.locator('#pw-newpass').fill('newpass123');
  await dialog.locator('#pw-againpass').fill('newpass124');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(errors).toHaveText(['长度在 6 到 20 个字符', '', '两次密码输入不一致']);
  // wrong old password: the server's message
  await dialog.locator('#pw-oldpass').fill('wrongpass');
  await dialog.locator('#pw-againpass').fill('newpass123');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.p-toast-message')).toBeVisible();
  await expect(dialog).toBeVisible();
  // inputs are trimmed
  await dialog.locator('#pw-oldpass').fill(` ${PASSWORD} `);
  await dialog.locator('#pw-newpass').fill(' newpass123');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('修改密码成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await login(page, 'sub2@demo.local', { password: 'newpass123' });
  await expect(page).toHaveURL(/\/dashboard/);
  // Give the demo account its password back for the specs that follow.
  const jwt = (
    await (await page.request.post('/capi/api/user/login', { data: { email: 'sub2@demo.local', password: 'newpass123' } })).json()
  ).data.jwt;
  const restored = await page.request.post('/capi/api/user/modify', {
    headers: { authorization: jwt },
    data: { oldpass: 'newpass123', password: PASSWORD, confirmpass: PASSWORD },
  });
  expect((await restored.json()).code).toBe(1);
});

test('hourly-report setting saves at once and reverts on failure', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: '时报设置' }).click();
  const dialog = page.getByRole('dialog', { name: '时报设置' });
  const on = dialog.getByRole('radio', { name: '开启' });
  const off = dialog.getByRole('radio', { name: '关闭' });
  await expect(on.or(off).first()).toBeVisible();
  const wasOn = await on.isChecked();
  const target = wasOn ? off : on;
  await dialog.getByText(wasOn ? '关闭' : '开启', { exact: true }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(target).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/dialog-hourly.png` });
  // failure: the choice reverts
  await page.route('**/capi/api/user/setemail', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 5000, msg: '服务器开小差了，请稍后再试', data: null }),
    }),
  );
  await dialog.getByText(wasOn ? '开启' : '关闭', { exact: true }).click();
  await expect(page.getByText('服务器开小差了，请稍后再试')).toBeVisible();
  await expect(target).toBeChecked();
  // the saved value is what the server returns next time
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('button', { name: '时报设置' }).click();
  await expect(page.getByRole('dialog', { name: '时报设置' }).getByRole('radio', { name: wasOn ? '关闭' : '开启' })).toBeChecked();
});

test('account info shows the signed-in customer', async ({ page }) => {
  await login(page, 'customer2@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.locator('.header-user').click();
  await page.getByRole('menuitem', { name: '账户信息' }).click();
  await expect(page).toHaveURL('/accountinfo');
  await expect(page).toHaveTitle('账户信息 - 投放管理平台');
  await expect(page.getByText('深圳优品数码科技有限公司')).toBeVisible();
  await expect(page.getByText('139****2222')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/accountinfo.png` });
});

test('switch version moves a customer between the new and the standard routes', async ({ page }) => {
  await login(page, 'sub1@demo.local');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  await page.getByRole('button', { name: '切换旧版' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page).toHaveTitle('数据看板 - 投放管理平台');
  expect(await menuLabels(page)).toEqual(['数据看板', '我的授权', '推广管理', '淘宝新链接推广', '推广链接管理', '新链接链接管理']);
  await page.goto('/minipromote/miniweibo');
  await expect(page.locator('.breadcrumb')).toHaveText(/淘宝新链接推广.*微博/);
  await page.screenshot({ path: `${SHOTS}/home-role3-ver1.png` });
  await page.reload();
  await expect(page).toHaveURL('/minipromote/miniweibo');
  await page.getByRole('button', { name: '切换新版' }).click();
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  expect(await menuLabels(page)).toContain('商品效果分析');
});

test('agents have no version switch', async ({ page }) => {
  await login(page, 'agent@demo.local');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  await expect(page.getByRole('button', { name: '时报设置' })).toBeVisible();
  await expect(page.getByRole('button', { name: /切换(旧|新)版/ })).toHaveCount(0);
});
