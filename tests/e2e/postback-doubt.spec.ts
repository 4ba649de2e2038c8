import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { test } from './clock.ts';
import { apiData, login, SHOTS } from './console-helpers.ts';

/**
 * 待确认 postbacks and 拼多多 备案 as people meet them: the demo customer's order whose 快手 postback was interrupted
 * shows 待确认 in the link's orders and on its path, and is settled with 已收到; the admin home lists 待确认的回传 and
 * 未备案的拼多多推广身份; the customer's order page tells them to bind. The rows are written into the e2e server's
 * SQLite as the postback job and the 备案 check leave them. Screenshots at 1280 px (test-results/screens/doubt-*.png).
 */
test.use({ viewport: { width: 1280, height: 900 } });

function seed(): { orderId: string; pageid: string } {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR!, 'toufang.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const customer = db.prepare("select id from users where email = 'customer1@demo.local'").get() as { id: number };
    const link = db
      .prepare('select pageid from links where customerid = ? and deleted_at is null and platform = 2 order by id limit 1')
      .get(customer.id) as { pageid: string };
    const now = Math.floor(Date.now() / 1000);
    const orderId = `E2EDOUBT${now}`;
    db.prepare(
      `insert into orders (union_name, order_id, parent_order_id, item_id, item_title, item_image, item_num, shop_name, status, raw_status,
        presell, deposit_fen, order_fen, paid_fen, commission_fen, commission_bp, created_at, paid_at, deposit_paid_at, received_at,
        settled_at, refunded_at, click_at, modified_at, tracking, tracking_key, union_click, pageid, customerid, link_platform,
        link_isdirect, attribution_rule, visit_event_id, click_event_id, click_ref, channel, advertiser_id, campaign_id, plan_id,
        creative_id, callback, postback_state, first_seen_at, updated_at)
       values ('taobao', ?, ?, '612345678901', '加绒卫衣 秋冬款', '', 1, '服饰旗舰店', 'paid', '12', 0, 0, 12900, 12900, 1290, 1000,
        ?, ?, 0, 0, 0, 0, ?, ?, '{}', '', '{}', ?, ?, 2, 1, 'visit_before_click', 0, 0, 'ks-click-1', 5, '8800001', 'c1', 'p1', '',
        'ks-callback-1', 'in_doubt', ?, ?)`,
    ).run(orderId, orderId, now - 600, now - 560, now - 700, now - 560, link.pageid, customer.id, now - 500, now - 500);
    const reason =
      '发送中断（节点 node-a 开始第 1 次发送后退出，认领于 2026-03-10 11:58 开始）：无法确定平台是否已收到，且该平台不按订单号去重，为免重复计数未自动重发。请到平台后台核对后选择“已收到”或“重新发送”。';
    db.prepare(
      `insert into postbacks (union_name, order_id, channel, route, event, idem_key, state, attempts, next_at, claimed_by, claim_until,
        last_error, sent_at, created_at, in_doubt_at) values ('taobao', ?, 5, 'ad', 'pay', ?, 'in_doubt', 1, 0, 'node-a', 0, ?, 0, ?, ?)`,
    ).run(orderId, `taobao:${orderId}:pay`, reason, now - 500, now - 300);
    db.prepare(
      `insert or replace into pdd_authorities (pid, uid, customerid, bound, bind_url, checked_at, error, created_at, updated_at)
       values ('1000001_20000002', ?, ?, 0, ?, ?, '', ?, ?)`,
    ).run(`c${customer.id}`, customer.id, `/sandbox/pdd/authority?pid=1000001_20000002&uid=c${customer.id}`, now, now, now);
    return { orderId, pageid: link.pageid };
  } finally {
    db.close();
  }
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/doubt-${name}.png`, fullPage: true });
}

test('a 待确认 postback and an unbound 拼多多 备案, shown and settled', async ({ page }) => {
  const { orderId, pageid } = seed();

  await login(page, 'admin@demo.local', { admin: true });
  await expect(page).toHaveURL('/sxA');
  await page.getByRole('button', { name: /待确认的回传/ }).click();
  const doubt = page.locator('.p-datatable[aria-label="待确认的回传"]');
  await expect(doubt).toContainText(orderId);
  await expect(doubt.getByRole('button', { name: '已收到' }).first()).toBeVisible();
  await shot(page, 'admin-in-doubt');
  await page.getByRole('button', { name: /未备案的拼多多推广身份/ }).click();
  const pdd = page.locator('.p-datatable[aria-label="未备案的拼多多推广身份"]');
  await expect(pdd).toContainText('1000001_20000002');
  await expect(pdd.getByRole('link', { name: '备案链接' }).first()).toBeVisible();
  await shot(page, 'admin-pdd');

  await page.context().clearCookies();
  await login(page, 'customer1@demo.local');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(`/promotion/page/${pageid}`);
  await expect(page.getByRole('alert').filter({ hasText: '拼多多推广身份未备案' })).toBeVisible();
  await expect(page.getByRole('link', { name: '打开备案链接' }).first()).toBeVisible();
  const panel = page.locator('.orders-panel');
  await panel.getByPlaceholder('订单号 / 商品 / 计划').fill(orderId);
  await panel.getByPlaceholder('订单号 / 商品 / 计划').press('Enter');
  const row = panel.locator('tr', { hasText: orderId });
  await expect(row).toContainText('待确认');
  await shot(page, 'customer-orders');

  await row.getByRole('button', { name: '归因路径' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('待确认：发送中断');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/doubt-path.png` });
  await dialog.getByRole('button', { name: '已收到' }).click();
  const confirm = page.getByRole('dialog', { name: /回传待确认：已收到/ });
  await expect(confirm).toContainText('确认平台后台已经有这笔转化');
  await page.screenshot({ path: `${SHOTS}/doubt-confirm.png` });
  await confirm.getByRole('button', { name: '已收到' }).click();
  await expect(page.getByRole('dialog').first()).toContainText('已回传');
  const found = await apiData<{ list: Array<{ postback_state: string }> }>(page, 'napi/link/order', { pageid, exact: orderId });
  expect(found.list.map((o) => o.postback_state)).toEqual(['sent']);
});
