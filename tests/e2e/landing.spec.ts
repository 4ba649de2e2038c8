/**
 * Landing pages in Chromium against their own real server (node src/server/main.ts on a fixture data dir
 * with one link of every kind). No request leaves 127.0.0.1: every other URL is intercepted and recorded.
 */

import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { type LandingLinkRow, landingModel } from '../../src/server/landing/model.ts';
import { landingPath } from '../../src/shared/links.ts';
import { type Child, FIXTURE_LINKS, prepareDataDir, startServer } from '../process/fixture.ts';
import { test } from './clock.ts';

const PORT = Number(process.env.E2E_LANDING_PORT ?? 4398);
let server: Child;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  mkdirSync('test-results/screens', { recursive: true });
  server = await startServer(await prepareDataDir(), PORT);
});
test.afterAll(async () => {
  server?.proc.kill('SIGTERM');
  await server?.exited;
});

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#ffd8b0"/><text x="300" y="320" font-size="64" text-anchor="middle" fill="#a04000">商品图</text></svg>`;

/** Record every request that would leave loopback and answer it locally. */
async function interceptOutside(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1' || url.port !== String(PORT),
    (route) => {
      const url = route.request().url();
      outside.push(url);
      if (url.endsWith('.png')) return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: SVG });
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>stub</title><p>外部页面（已拦截）${url.replace(/</g, '')}</p>`,
      });
    },
  );
  return outside;
}

const row = (l: (typeof FIXTURE_LINKS)[number]): LandingLinkRow =>
  ({
    itemid: '',
    item_title: '',
    item_image: '',
    item_price: 0,
    detaillink: '',
    smartlink: '',
    taojimulink: '',
    couponlink: '',
    transedlink: '',
    appid: '',
    pagepath: '',
    ...l,
  }) as LandingLinkRow;

/** Static checks on the served HTML (before any script runs). */
function checkZeroJs(html: string) {
  expect(html).toMatch(/<title><\/title>/);
  expect(html).toMatch(/<meta name="viewport" content="width=device-width[^"]*"/);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
  expect(html).not.toContain('astro-island');
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeLessThanOrEqual(1);
  for (const s of scripts) expect(Buffer.byteLength(s)).toBeLessThanOrEqual(1536);
}

for (const link of FIXTURE_LINKS) {
  const path = landingPath({ pageid: link.pageid, platform: link.platform, state: link.state, jumptype: link.jumptype });
  const model = landingModel(row(link));
  test(`${path} (${model.mode}, platform ${link.platform}) renders and jumps to the right target`, async ({ page, browser }) => {
    const url = `http://127.0.0.1:${PORT}${path}?clickid=e2e-${link.pageid}`;
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    checkZeroJs(await served.text());
    const name = `landing-${path.slice(1).replace(/\//g, '-')}`;
    if (model.mode === 'direct') {
      // What the visitor sees for a moment (scripts off so the page stays put for the screenshot).
      const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true });
      const p2 = await still.newPage();
      await interceptOutside(p2);
      await p2.goto(url);
      await expect(p2.locator('body')).toHaveAttribute('data-app', model.app);
      await expect(p2.locator('body')).toHaveAttribute('data-web', model.web);
      await expect(p2.getByText(`正在打开${model.platformLabel}`)).toBeVisible();
      await p2.screenshot({ path: `test-results/screens/${name}.png` });
      await still.close();
      // With scripts: it tries the app scheme (nowhere to go in a test browser) and falls back to the web link.
      const outside = await interceptOutside(page);
      await page.goto(url, { waitUntil: 'commit' });
      await expect.poll(() => outside.includes(model.web), { timeout: 5000 }).toBe(true);
      return;
    }
    const outside = await interceptOutside(page);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('body')).toHaveAttribute('data-app', model.app);
    await expect(page.locator('body')).toHaveAttribute('data-web', model.web);
    if (model.mode === 'indirect') {
      if (model.title) await expect(page.getByRole('heading', { name: model.title })).toBeVisible();
      if (model.price) await expect(page.getByText(model.price)).toBeVisible();
      if (model.coupon) await expect(page.getByRole('link', { name: '点击领取优惠券' })).toHaveAttribute('href', model.coupon);
      const button = page.getByRole('link', { name: '立即购买' });
      await expect(button).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/screens/${name}.png` });
      expect(outside.filter((u) => !u.endsWith('.png'))).toEqual([]); // no jump without a tap
      await button.click();
      await expect.poll(() => outside.includes(model.web), { timeout: 5000 }).toBe(true);
    } else {
      const button = page.getByRole('link', { name: '打开微信小程序' });
      await expect(button).toHaveAttribute('href', model.app);
      expect(model.app).toBe(
        'weixin://dl/business/?appid=wx1234567890abcdef&path=pages%2Fitem%2Findex&query=id%3D42%26from%3Dad&env_version=release',
      );
      await page.screenshot({ path: `test-results/screens/${name}.png` });
    }
  });
}

test('titles and text from link data are escaped', async ({ page }) => {
  await interceptOutside(page);
  await page.goto(`http://127.0.0.1:${PORT}/pub/810002`);
  await expect(page.getByRole('heading')).toHaveText('春季新款纯棉T恤 男女同款 <b>宽松</b> & "百搭"');
  expect(await page.locator('h1 b').count()).toBe(0);
});

for (const p of ['/pub/99999999', '/new/123', '/new/wx/55', '/pjd/810099']) {
  test(`${p} answers 404 with the 404 page`, async ({ page }) => {
    const res = await page.goto(`http://127.0.0.1:${PORT}${p}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    if (p === '/pub/99999999') await page.screenshot({ path: 'test-results/screens/landing-404.png' });
  });
}

test('/new/mandate is the console, not a landing page', async ({ page }) => {
  const res = await page.goto(`http://127.0.0.1:${PORT}/new/mandate`);
  expect(res?.status()).toBe(200);
  expect(await page.content()).toContain('astro-island');
  // The console's guard takes over: signed out, it asks to log in and remembers the way back.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fnew%2Fmandate$/);
});
