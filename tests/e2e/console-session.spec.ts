import { expect } from '@playwright/test';
import { test } from './clock.ts';
import { login, SHOTS } from './console-helpers.ts';

const expired = { status: 401, contentType: 'application/json', body: JSON.stringify({ code: 1009, msg: '登录信息已过期', data: null }) };

test('1009 shows one expiry dialog; 重新登录 logs out and remembers the path', async ({ page, context }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  // From now on every call answers 1009 (the session gate's own info call included on the next load).
  await page.route('**/capi/api/user/**', (route) => route.fulfill(expired));
  await page.goto('/accountinfo');
  const dialog = page.getByRole('dialog').filter({ hasText: '登录信息已过期' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '返回首页' })).toBeVisible();
  await page.waitForTimeout(400); // let the dialog finish fading in
  await page.screenshot({ path: `${SHOTS}/dialog-expired.png` });
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Faccountinfo');
  expect((await context.cookies()).find((c) => c.name === 'sxTUUken')).toBeUndefined();
});

test('several failing calls still give a single expiry dialog', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  let calls = 0;
  await page.route('**/capi/api/user/info', async (route) => {
    calls += 1;
    // let the session gate through, then expire
    if (calls === 1) await route.continue();
    else await route.fulfill(expired);
  });
  await page.route('**/capi/api/user/getemail', (route) => route.fulfill(expired));
  await page.goto('/accountinfo');
  const dialog = page.getByRole('dialog').filter({ hasText: '登录信息已过期' });
  await expect(dialog).toBeVisible();
  await page
    .getByRole('button', { name: '时报设置' })
    .first()
    .click({ force: true, timeout: 5_000 }) // another call behind the dialog, if the header shows the button
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await expect(page.getByText('登录信息已过期')).toHaveCount(1);
  await dialog.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Faccountinfo');
});

test('an expired admin session goes to the admin login (roles 1, 2, 5)', async ({ page }) => {
  await login(page, 'udsmart@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA/udAcct/brand');
  await page.route('**/capi/api/user/info', (route) => route.fulfill(expired));
  await page.reload();
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL('/admin-login?redirect=%2FsxA%2FudAcct%2Fbrand');
});

test('code 1001 alerts the ban; other codes toast the server message', async ({ page }) => {
  await page.route('**/capi/api/user/login', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 1001, msg: 'banned', data: null }) }),
  );
  await login(page, 'customer1@demo.local');
  await expect(page.getByRole('dialog').filter({ hasText: '用户被禁止登录，请联系管理员' })).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await page.unroute('**/capi/api/user/login');
  await login(page, 'customer1@demo.local', { password: 'wrong-pass' });
  await expect(page.locator('.p-toast-message')).toContainText('邮箱或密码错误');
  await page.route('**/capi/api/user/login', (route) => route.abort('connectionrefused'));
  await login(page, 'customer1@demo.local');
  await expect(page.locator('.p-toast-message').last()).toBeVisible();
});
