import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { test } from './clock.ts';

/** Island JS budget: what the login screen downloads (gzip). Feature screens and chart.js stay lazy. */
const LOGIN_JS_BUDGET = 125 * 1024; // measured 115.5 KB: react-dom 63, react-router 30, swr 5, ours ~10

test('the login screen stays small and loads no feature screen or chart code', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scripts.add(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  let total = 0;
  const rows: string[] = [];
  for (const url of scripts) {
    const body = await (await request.get(url)).body();
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push(`${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  }
  console.log(`login initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files\n${rows.sort().reverse().join('\n')}`);
  const names = [...scripts].join(' ');
  for (const lazyOnly of ['chart', 'Layout.', 'DashboardScreen', 'LinksScreen', 'ChangePasswordDialog'])
    expect(names).not.toContain(lazyOnly);
  expect(total).toBeLessThan(LOGIN_JS_BUDGET);
});
