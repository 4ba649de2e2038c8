import { expect } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../../src/server/demo/accounts.ts';
import { deriveRole } from '../../src/shared/roles.ts';
import { test } from './clock.ts';

test('/404 renders the Chinese not-found page with status 404', async ({ page }) => {
  const res = await page.goto('/404');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('404 - 投放管理平台');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/404.png' });
});

test('/401 renders', async ({ page }) => {
  const res = await page.goto('/401');
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: '没有权限' })).toBeVisible();
});

test('an unknown path lands on /404', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});

for (const account of demoAccounts) {
  test(`login API works for demo role ${account.role} (${account.email})`, async ({ request }) => {
    const res = await request.post('/capi/api/user/login', { data: { email: account.email, password: DEMO_PASSWORD } });
    const body = await res.json();
    expect(body.code).toBe(1);
    expect(deriveRole({ ...body.data, usertype: body.data.role })).toBe(account.role);
    const info = await request.post('/capi/api/user/info', { headers: { authorization: body.data.jwt } });
    expect((await info.json()).data.userrole).toBe(account.role);
  });
}
