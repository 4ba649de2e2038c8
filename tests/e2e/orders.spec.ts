import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, cli, login, SHOTS } from './console-helpers.ts';

/**
 * The money loop in the demo world, end to end over real HTTP: the in-process 巨量 sandbox delivers clicks of a
 * plan whose monitor and landing URLs are a demo link's; its shoppers land on the real landing page and follow
 * its jump into the 淘宝联盟 sandbox; the union places the order; the order sync (the operators' CLI runs the same
 * job) pulls and attributes it and posts the conversion back. The demo customer then reads it on /landing/{id}.
 */
interface Link {
  pageid: string;
  title: string;
  monitor_touch_url: string;
  landing_url: string;
}

const TAOBAO_KEY = { 'x-sandbox-key': 'sandbox-taobao-secret' };

async function sandboxAdmin<T>(page: Page, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = body === undefined ? await page.request.get(path, { headers }) : await page.request.post(path, { data: body, headers });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(400);
  return (await res.json()) as T;
}

test('the demo customer reads an order’s path from the ad to the sale on /landing/{pageId}', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const links = await apiData<{ list: Link[] }>(page, 'napi/link/index', { pagesize: 50 });
  const link = links.list.find((l) => l.title === '秋冬加厚卫衣-巨量直跳')!;
  expect(link).toBeTruthy();

  // an advertiser on the 巨量 sandbox whose plan carries the demo link's click monitor and landing page
  const { advertisers } = await sandboxAdmin<{ advertisers: Array<{ id: string; campaigns: Array<{ plans: Array<{ id: string }> }> }> }>(
    page,
    '/sandbox/juliang/_admin/seed',
    {
      advertisers: [
        {
          name: 'E2E 服饰旗舰店',
          campaigns: [
            {
              name: '秋冬上新',
              plans: [
                { name: '卫衣-信息流', clickUrl: link.monitor_touch_url, landingUrl: link.landing_url, creatives: [{ name: '竖版视频' }] },
              ],
            },
          ],
        },
      ],
    },
  );
  const planId = advertisers[0]!.campaigns[0]!.plans[0]!.id;
  const sent = await sandboxAdmin<{ sent: { clicks: number; visits: number; follows: number } }>(page, '/sandbox/juliang/_admin/deliver', {
    planId,
    shows: 20,
    clicks: 2,
    landingRate: 1,
    followRate: 1,
  });
  expect(sent.sent).toMatchObject({ clicks: 2, visits: 2, follows: 2 });

  // the union saw the shopper's click: the shopper orders 20 s later and pays (the sync reads a minute behind: LAG_SECONDS)
  const [click] = await sandboxAdmin<Array<{ id: string; at: number }>>(
    page,
    '/sandbox/taobao/_admin/clicks?limit=1',
    undefined,
    TAOBAO_KEY,
  );
  const order = await sandboxAdmin<{ id: string }>(
    page,
    '/sandbox/taobao/_admin/orders',
    { clickId: click!.id, fate: 'settled', timeline: { created_at: click!.at + 20, paid_at: click!.at + 30 } },
    TAOBAO_KEY,
  );
  await page.waitForTimeout(1500); // the tracking processor (every 500 ms) turns the click and the visit into events
  // the operators' CLI runs the sync and postback jobs once (while the server's own run is busy, it says so: try again)
  await expect(async () => {
    expect(cli(['orders:sync'])).toMatch(/order-sync: \d+ 行/);
    const found = await apiData<{ list: Array<{ postback_state: string }> }>(page, 'napi/link/order', {
      pageid: link.pageid,
      exact: order.id,
    });
    expect(found.list.map((o) => o.postback_state)).toEqual(['sent']);
  }).toPass({ timeout: 120_000, intervals: [2000, 5000] });

  await page.goto(`/landing/${link.pageid}`);
  const panel = page.locator('.orders-panel');
  await expect(panel).toBeVisible();
  await panel.getByPlaceholder('订单号 / 商品 / 计划').fill(order.id);
  await panel.getByPlaceholder('订单号 / 商品 / 计划').press('Enter');
  const row = panel.locator('tr', { hasText: order.id });
  await expect(row).toBeVisible();
  await expect(row).toContainText('巨量引擎');
  await expect(row).toContainText(planId);
  await expect(row).toContainText('已回传');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/orders-link-detail.png` });

  await row.getByRole('button', { name: '归因路径' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`订单 ${order.id} 的归因路径`);
  const path = dialog.getByRole('list', { name: '归因路径' });
  await expect(path).toContainText(`巨量引擎上广告主 ${advertisers[0]!.id}`);
  await expect(path).toContainText(`广告计划 ${planId}`);
  await expect(path).toContainText('广告平台通知了一次点击');
  await expect(path).toContainText(`推广链接「${link.title}」（${link.pageid}）的落地页`);
  await expect(path).toContainText('跳转到淘宝联盟的推广链接');
  await expect(path).toContainText('在淘宝联盟下单');
  await expect(path).toContainText('按「联盟点击时间前最近的一次落地页访问」归到淘宝推广链接');
  await expect(path).toContainText('已回传给巨量引擎');
  await page.waitForTimeout(400); // the dialog's opening animation
  await page.screenshot({ path: `${SHOTS}/orders-path-light.png` });

  // the 巨量 sandbox received that conversion once
  const { conversions } = await sandboxAdmin<{
    conversions: Array<{ accepted: boolean; payload: { properties?: { order_id?: string } } }>;
  }>(page, '/sandbox/juliang/_admin/conversions');
  expect(conversions.filter((c) => c.accepted && c.payload.properties?.order_id === order.id)).toHaveLength(1);

  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await page.getByRole('button', { name: '切换主题' }).click();
  await page.waitForTimeout(700); // theme transition
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/orders-link-detail-dark.png` });
  await row.getByRole('button', { name: '归因路径' }).click();
  await expect(page.getByRole('dialog')).toContainText('已回传');
  await page.waitForTimeout(400); // the dialog's opening animation
  await page.screenshot({ path: `${SHOTS}/orders-path-dark.png` });
});

test('the order pages of §2 show a link’s orders, with the back-flow defaults and filters', async ({ page }) => {
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  const links = await apiData<{ list: Link[] }>(page, 'napi/link/index', { pagesize: 50 });
  const link = links.list.find((l) => l.title === '羊毛围巾-腾讯非直跳')!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/promotion/page/${link.pageid}`);
  await expect(page.getByRole('heading', { name: `推广链接 ${link.pageid} 的订单` })).toBeVisible();
  const panel = page.locator('.orders-panel');
  await expect(panel.locator('.pager')).toContainText(/共 [1-9]\d* 条/); // the 30 days the union back-filled
  // the card's 订单数 and the pager's 共 N 条 describe one list: the pager names the orders closed before payment,
  // which 订单数 does not count (the back-fill closes some unpaid), as the server counted them with the rows
  const answer = await apiData<{ total: number; closed_unpaid: number; sums: { orders: number } }>(page, 'napi/link/order', {
    pageid: link.pageid,
    page: 1,
    pagesize: 20,
  });
  expect(answer.total).toBe(answer.sums.orders + answer.closed_unpaid);
  await expect(panel.locator('.pager-total')).toHaveText(
    answer.closed_unpaid
      ? `共 ${answer.total} 条（计入订单数 ${answer.sums.orders} 条，未付款关闭 ${answer.closed_unpaid} 条）`
      : `共 ${answer.total} 条`,
  );
  await expect(panel.getByRole('region', { name: '订单数', exact: true }).locator('.metric-value')).toHaveText(String(answer.sums.orders));
  await page.screenshot({ path: `${SHOTS}/orders-page-light.png`, fullPage: true });
  await panel.getByRole('tab', { name: '回流' }).click();
  await expect(panel.getByText('点击时间').first()).toBeVisible();
  const range = panel.getByLabel('点击时间');
  await expect(range).toHaveValue(/\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}/);
  await panel.getByRole('tab', { name: '全部' }).click();
  await page.goto(`/promotion/page/${link.pageid}`);
  await expect(page.locator('.orders-panel .pager')).toContainText(/共 [1-9]\d* 条/);
  await page.getByRole('button', { name: '切换主题' }).click();
  await page.waitForTimeout(700); // theme transition
  await page.screenshot({ path: `${SHOTS}/orders-page-dark.png`, fullPage: true });
});
