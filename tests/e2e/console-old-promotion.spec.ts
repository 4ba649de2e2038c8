import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/**
 * Issue 18, the new user's walk: the old version's plan lists (`/promotion`, `/promotion/weibo`, `/promotion/tencent`)
 * at 1280 and 1200 px cut their right edge ("点…") and the empty list's "暂无数据" ("暂无数"). Every header title, cell
 * text and the empty message must show whole, inside the table's visible box, and the page must not scroll sideways.
 */

/** Texts of the table clipped: overflowing their own box, or (the empty message) reaching past the visible table. */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.locator('.promote-table').evaluate((table) => {
    const out: string[] = [];
    const box = table.querySelector('.p-datatable-wrapper')?.getBoundingClientRect();
    for (const el of table.querySelectorAll<HTMLElement>('.p-column-title, td .num, .table-state, .promote-name-text')) {
      const text = el.textContent?.trim() ?? '';
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`overflows: ${text}`);
      if (el.classList.contains('table-state') && box) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`outside the table: ${text}`);
      }
    }
    return out;
  });
}

for (const width of [1280, 1200]) {
  test(`the old version's plan lists show every header and the empty message whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await apiData(page, 'api/user/version', { version: 'ver1' });
    try {
      for (const [path, name] of [
        ['/promotion', 'juliang'],
        ['/promotion/weibo', 'weibo'],
        ['/promotion/tencent', 'tencent'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('.promote-screen .card-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.promote-table .table-state', { hasText: '加载中' })).toHaveCount(0);
        expect(await clippedTexts(page), `${path} at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // nothing of the screen is cut by the window's right edge (a hidden overflow would not scroll the page)
        const right = await page.locator('.promote-screen').evaluate((el) => el.getBoundingClientRect().right);
        expect(right).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/old-promotion-${name}-${width}.png` });
      }
    } finally {
      await apiData(page, 'api/user/version', { version: 'ver2' });
    }
  });
}
