import { expect } from '@playwright/test';
import { test } from './clock.ts';
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
  await expect(page.getByRole('textbox', { name: '检测链接' })).not.toHaveClass(/p-invalid/);
  await page.screenshot({ path: `${SHOTS}/jumptest-blocked.png` });
});

test('a hop chain that ends in an app scheme is tabled and highlighted (answer stubbed: no outside network in tests)', async ({ page }) => {
  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.route('**/capi/napi/jumptest/run', async (route) => {
    const { url } = route.request().postDataJSON() as { url: string };
    await route.fulfill({
      json: {
        code: 1,
        msg: '成功',
        data: {
          hops: [
            { url, status: 302, location: 'https://s.click.taobao.com/t?e=abc', ms: 41 },
            { url: 'https://s.click.taobao.com/t?e=abc', status: 302, location: 'https://uland.taobao.com/coupon/edetail?e=xyz', ms: 87.5 },
            {
              url: 'https://uland.taobao.com/coupon/edetail?e=xyz',
              status: 200,
              location: 'tbopen://m.taobao.com/tbopen/index.html?h5Url=x',
              ms: 120,
            },
          ],
          final: 'tbopen://m.taobao.com/tbopen/index.html?h5Url=x',
          final_kind: 'app',
          app_scheme: 'tbopen',
        },
      },
    });
  });
  await page.goto('/sxA/jumptest');
  await page.getByRole('textbox', { name: '检测链接' }).fill('e2e.example/pub/1');
  await page.getByRole('button', { name: '开始检测' }).click();
  await expect(page.locator('.jumptest-final')).toContainText('唤起 App');
  await expect(page.locator('.jumptest-scheme')).toHaveText('tbopen://');
  const rows = page.locator('.jumptest-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('https://e2e.example/pub/1');
  await expect(rows.nth(1)).toContainText('87.5');
  await page.screenshot({ path: `${SHOTS}/jumptest-app.png` });
});

test('customers cannot open the jump test', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/sxA/jumptest');
  await expect(page.getByRole('heading', { name: '链接跳转测试' })).toHaveCount(0);
});
