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

/**
 * Inks (text runs and icons) of the columns scrolling between the frozen ones that show in part: some of their
 * pixels on screen, some under a frozen column or its cover. What is on top at a point is what a person sees there.
 */
async function inksShownInPart(page: Page): Promise<{ partial: string[]; whole: string[] }> {
  return page.locator('.promote-table').evaluate((table) => {
    const partial: string[] = [];
    const whole: string[] = [];
    for (const cell of table.querySelectorAll<HTMLElement>(
      'th:not(.cell-frozen):not(.cell-frozen-right), td:not(.cell-frozen):not(.cell-frozen-right)',
    )) {
      const inks: Array<[string, DOMRect]> = [];
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        const text = n.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) inks.push([text, r]);
      }
      for (const icon of cell.querySelectorAll('svg, .pi'))
        inks.push([`icon in ${cell.textContent?.trim()}`, icon.getBoundingClientRect()]);
      for (const [text, r] of inks) {
        if (r.width < 1 || r.top < 0 || r.bottom > window.innerHeight) continue;
        const y = r.top + r.height / 2;
        let seen = 0;
        let hidden = 0;
        for (let x = r.left + 1; x <= r.right - 1; x += 2) {
          const top = document.elementFromPoint(x, y);
          if (top && cell.contains(top)) seen++;
          else hidden++;
        }
        if (seen && hidden) partial.push(`${text}: ${seen} of ${seen + hidden} points seen`);
        if (seen && !hidden && cell.tagName === 'TH') whole.push(text);
      }
    }
    return { partial, whole };
  });
}

for (const width of [1280, 1200]) {
  test(`the old version's plan list scrolls sideways under its frozen columns, no column shown cut at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await login(page, 'customer1@demo.local');
    await expect(page).toHaveURL(/\/dashboard/);
    await apiData(page, 'api/user/version', { version: 'ver1' });
    try {
      await page.goto('/promotion');
      // the demo world's 巨量 account of customer1, whose plans the sandbox delivers (other specs' worlds add accounts
      // that may come first in the picker)
      await page.locator('.promote-filter-account').click();
      await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '青禾服饰·巨量引擎' }).first().click();
      await expect(page.locator('.promote-table tbody tr .status-tag').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const box = page.locator('.promote-table .p-datatable-wrapper');
      const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scrollWidth, 'the table is wider than its box').toBeGreaterThan(clientWidth);
      const seen: string[] = [];
      for (let x = 0; x <= scrollWidth - clientWidth + 30; x += 30) {
        // a person's sideways scroll: a wheel over the table, then the scroll settles
        await box.evaluate((el, left) => el.scrollTo({ left }), x);
        await page.waitForTimeout(150);
        const { partial, whole } = await inksShownInPart(page);
        expect(partial, `scrolled to ${x} at ${width} px`).toEqual([]);
        seen.push(...whole);
      }
      // every column came whole into view at some point
      const titles = await page.locator('.promote-table thead th:not(.cell-frozen, .cell-frozen-right) .p-column-title').allTextContents();
      expect(titles.length).toBeGreaterThan(5);
      expect(titles.filter((t) => !seen.includes(t))).toEqual([]);
      await box.evaluate((el) => el.scrollTo({ left: 120 }));
      await page.waitForTimeout(150);
      await page.locator('.promote-table').screenshot({ path: `${SHOTS}/old-promotion-scrolled-${width}.png` });
    } finally {
      await apiData(page, 'api/user/version', { version: 'ver2' });
    }
  });
}
