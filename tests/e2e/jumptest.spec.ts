import { expect, test } from '@playwright/test';
import { login, SHOTS } from './console-helpers.ts';

/** 链接跳转测试 (admins) against the real server, which refuses private addresses by default. */
test('the admin jump test checks input and shows the refusal of a private address in Chinese', async ({ page }) => {
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.goto('/sxA/jumptest');
  await expect(page.getByRole('heading', { name: '链接跳转测试' })).toBeVisible();
  const input = page.getByRole('textbox', { name: '检测链接' });
  const run = page.getByRole('button', { name: '开始检测' });

  await run.click();
  await expect(page.getByRole('alert')).toHaveText(/请输入要检测的链接/);
  await input.fill('taobao://item.taobao.com/item.htm?id=1');
  await run.click();
  await expect(page.getByRole('alert')).toHaveText(/只能检测 http:\/\/ 或 https:\/\/ 开头的链接/);

  // the server itself is on 127.0.0.1: it must refuse to fetch it
  await input.fill('http://127.0.0.1:4399/healthz');
  await run.click();
  await expect(page.locator('.jumptest-final')).toContainText('已拦截');
  await expect(page.getByRole('alert')).toContainText('已拒绝访问');
  await expect(page.locator('.jumptest-table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/jumptest-blocked.png` });
});

test('customers cannot open the jump test', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/sxA/jumptest');
  await expect(page.getByRole('heading', { name: '链接跳转测试' })).toHaveCount(0);
});
