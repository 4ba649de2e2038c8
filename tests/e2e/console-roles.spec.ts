import { expect } from '@playwright/test';
import { test } from './clock.ts';
import { login, menuLabels, SHOTS } from './console-helpers.ts';

const customerMenu = ['概览', '竞价推广', '自动规则', '商品效果分析', '账户授权', '推广链接', '导出模板'];
const adminMenu = ['数据概览', '客户列表', '推广链接', '推广管理', '自动规则', '消耗概览', '链接跳转测试', '管理员'];
const udMenu = ['品牌列表', '子账号分配', '数据查看', '广告账户列表'];

const cases = [
  { email: 'customer1@demo.local', role: 3, admin: false, url: /\/dashboard\?acpl=2$/, title: '概览', menu: customerMenu, platform: true },
  { email: 'agent@demo.local', role: 4, admin: false, url: /\/dashboard\?acpl=2$/, title: '概览', menu: customerMenu, platform: true },
  { email: 'super@demo.local', role: 1, admin: true, url: /\/sxA$/, title: '数据概览', menu: adminMenu, platform: false },
  { email: 'admin@demo.local', role: 2, admin: true, url: /\/sxA$/, title: '数据概览', menu: adminMenu, platform: false },
  { email: 'udsmart@demo.local', role: 5, admin: true, url: /\/sxA\/udAcct\/brand$/, title: '品牌列表', menu: udMenu, platform: false },
  { email: 'udsub@demo.local', role: 6, admin: true, url: /\/sxA\/udAcct\/brand$/, title: '品牌列表', menu: udMenu, platform: false },
];

for (const c of cases) {
  test(`role ${c.role} (${c.email}) logs in, lands home and sees exactly its menu`, async ({ page }) => {
    await page.goto(c.admin ? '/admin-login' : '/login');
    await login(page, c.email, { admin: c.admin });
    await expect(page).toHaveURL(c.url);
    await expect(page).toHaveTitle(`${c.title} - 投放管理平台`);
    expect(await menuLabels(page)).toEqual(c.menu);
    await expect(page.getByRole('navigation', { name: '平台' })).toHaveCount(c.platform ? 1 : 0);
    // admins land on a working home (admin home, brand list), customers on the 巨量引擎 overview
    if (c.admin)
      await expect(page.getByRole('heading', { name: c.role <= 2 ? /今日全平台/ : '品牌列表', exact: c.role > 2 })).toBeVisible();
    else await expect(page.getByRole('heading', { name: '概览 · 巨量引擎' })).toBeVisible();
    // 账户信息 / 修改密码 are hidden for admins
    await page.locator('.header-user').click();
    await expect(page.getByRole('menuitem', { name: '退出' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toHaveCount(c.admin ? 0 : 1);
    await expect(page.getByRole('menuitem', { name: '账户信息' })).toHaveCount(c.admin ? 0 : 1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: '退出' })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/home-role${c.role}.png` });
  });
}

test('the platform menu offers the channel buttons of each ad platform', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard\?acpl=2$/);
  const item = (name: string) => page.locator('.platform-item', { hasText: name });
  const buttons = async (name: string) => {
    await item(name).hover();
    return item(name).locator('.platform-group .platform-btn').allTextContents();
  };
  expect(await buttons('巨量引擎')).toEqual(['流量通PRO', '京东', '拼多多', '淘宝小程序', '京东CID', 'UDSmart']);
  expect(await buttons('UCID')).toEqual(['流量通PRO']);
  expect(await buttons('小红书')).toEqual(['流量通PRO', '京东']);
  await page.screenshot({ path: `${SHOTS}/platform-menu.png` });
  expect(await buttons('腾讯')).toEqual(['流量通PRO', '京东', 'UDSmart']);
  await item('腾讯').getByRole('menuitem', { name: 'UDSmart' }).click();
  await expect(page).toHaveURL(/\/promotion\?acpl=4&pl=7$/);
  // the sidebar follows the chosen platform
  const nav = page.getByRole('navigation', { name: '菜单' });
  await expect(nav.locator('.menu-children .menu-label')).toHaveText(['流量通PRO', '京东', 'UDSmart']);
  await expect(nav.locator('.menu-link.active')).toHaveText('UDSmart');
});

test('the login screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('用户登录 - 投放管理平台');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.locator('.field-error', { hasText: '请输入邮箱' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login.png` });
  await login(page, 'customer1@demo.local', { password: 'wrong-password' });
  await expect(page.locator('.p-toast-message')).toBeVisible();
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-login.png` });
});
