import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/**
 * Issue 18's layout check: every console route of each role's menu at 1280 px — the page never scrolls sideways,
 * the screen's heading shows, and no table header is clipped or wrapped inside its word. A screenshot per route
 * (test-results/screens/walk-<role>-<route>.png) is for looking at.
 */
test.use({ viewport: { width: 1280, height: 860 } });

interface Role {
  name: string;
  email: string;
  admin?: boolean;
  /** the standard (old) version */
  old?: boolean;
}

const ROLES: Role[] = [
  { name: 'customer', email: 'customer1@demo.local' },
  { name: 'customer-old', email: 'customer1@demo.local', old: true },
  { name: 'agent', email: 'agent@demo.local' },
  { name: 'sub', email: 'sub1@demo.local' },
  { name: 'admin', email: 'admin@demo.local', admin: true },
];

/** What a look at the screen would call broken: the page's sideways scroll, clipped or wrapped table headers. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const over = document.documentElement.scrollWidth - window.innerWidth;
    if (over > 0) out.push(`the page scrolls sideways by ${over} px`);
    for (const th of document.querySelectorAll<HTMLElement>('main th')) {
      if (!th.offsetParent) continue;
      const text = th.textContent?.trim() ?? '';
      if (!text) continue;
      const content = th.querySelector<HTMLElement>('.p-column-header-content') ?? th;
      if (content.scrollWidth > content.clientWidth + 1 || th.scrollWidth > th.clientWidth + 1)
        out.push(`header clipped: ${text} (${content.scrollWidth} in ${content.clientWidth} px)`);
      const texts = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`header wrapped inside a word: ${n.textContent.trim()}`);
      }
    }
    return out;
  });
}

const slug = (url: string): string =>
  url
    .replace(/^\//, '')
    .replace(/[^\w-]+/g, '_')
    .replace(/_+$/, '') || 'home';

for (const role of ROLES) {
  test(`${role.name}: every menu route at 1280 px, nothing scrolls sideways, headers whole`, async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, role.email, { admin: role.admin });
    await expect(page).toHaveURL(role.admin ? /\/sxA/ : /\/dashboard/);
    if (role.old) await apiData(page, 'api/user/version', { version: 'ver1' });
    try {
      if (role.old) await page.reload();
      const nav = page.getByRole('navigation', { name: '菜单' });
      await expect(nav.locator('a.menu-link').first()).toBeVisible();
      const links = await nav.locator('a.menu-link[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      // one visit per screen: 竞价推广's sub-platform tabs (?pl=) are the same screen with other rows
      const routes = [...new Map(links.map((l) => [l.replace(/&pl=\d+$/, ''), l])).values()];
      expect(routes.length, `${role.name}'s menu`).toBeGreaterThan(2);
      for (const route of routes) {
        await page.goto(route);
        const heading = page.locator('main').getByRole('heading').first();
        await expect(heading, `${route}: the screen's heading`).toBeVisible();
        await expect(page.locator('.table-state', { hasText: '加载中' })).toHaveCount(0);
        await expect(page.locator('.p-datatable-loading-overlay')).toHaveCount(0);
        await page.waitForTimeout(300); // charts and late rows settle
        expect.soft(await layoutProblems(page), `${role.name} ${route}`).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/walk-${role.name}-${slug(route)}.png`, fullPage: true });
      }
    } finally {
      if (role.old) await apiData(page, 'api/user/version', { version: 'ver2' });
    }
  });
}
