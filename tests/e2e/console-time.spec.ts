import { expect } from '@playwright/test';
import type { LinkView } from '../../src/shared/links.ts';
import { e2eNow, test } from './clock.ts';
import { apiData, chinaTime, digits, login, ping, SHOTS } from './console-helpers.ts';

/**
 * Issue 15 item 1: the console shows and queries China time (UTC+8) whatever the browser's zone. Daily and hourly
 * rollups are China days; a browser in UTC or Los Angeles must still ask for the China day and show China times.
 */
for (const timezoneId of ['UTC', 'America/Los_Angeles']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId, viewport: { width: 1280, height: 900 } });

    test('times, the default date range and today’s counts are in China time', async ({ page }) => {
      await login(page, 'customer1@demo.local');
      await expect(page).toHaveURL(/\/dashboard/);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

      const link = await apiData<LinkView>(page, 'napi/link/create', {
        platform: 2,
        state: 2,
        isdirect: 1,
        item: `63${digits(8)}`,
        title: `时区 ${timezoneId}`,
      });
      for (let i = 0; i < 3; i++) await ping(page, link.monitor_show_url, i);
      const today = chinaTime(e2eNow()).slice(0, 10);

      await page.goto('/landing');
      const row = page.locator('.link-table tbody tr', { hasText: link.pageid });
      const created = chinaTime(link.created_at);
      await expect(row.locator('.link-time')).toHaveText(`${created.slice(0, 10)}${created.slice(11)}`);

      await row.getByRole('link', { name: '详情' }).click();
      await expect(page.locator('.link-summary')).toContainText(`创建时间${created}`);
      await expect(page.getByLabel('日期范围')).toHaveValue(new RegExp(` - ${today}$`));
      for (const tab of ['按天', '按小时']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(async () => {
          await page.getByRole('tab', { name: tab === '按天' ? '按小时' : '按天' }).click();
          await page.getByRole('tab', { name: tab }).click();
          const shows = Number(await page.locator('.metric-card', { hasText: '展示数' }).locator('.metric-value').innerText());
          expect(shows).toBeGreaterThanOrEqual(3);
        }).toPass({ timeout: 15_000 });
      }
      await expect(page.locator('.link-log-table')).toContainText(created);
      await page.screenshot({ path: `${SHOTS}/time-${timezoneId.replace('/', '-')}.png`, fullPage: true });
      await apiData(page, 'napi/link/delete', { pageid: link.pageid });
    });
  });
}
