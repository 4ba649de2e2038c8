import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BLOCK_DAYS } from '../../src/server/ads/day-pieces.ts';
import { e2eNow } from './clock.ts';

/**
 * Ad accounts, report facts and orders for the admin and UDSmart walks, written into the e2e server's SQLite
 * database (the same rows tests/support/factories-admin.ts writes in the API tests). They stand in for the ad
 * sync and the order sync until those land on main; then the walks read what the demo world's sync writes.
 */
export interface AdminWorld {
  pageid: string;
  customer: string;
}

const chinaDay = (offsetDays: number): number => {
  const now = e2eNow();
  const today = Math.floor((now + 8 * 3600) / 86400) * 86400 - 8 * 3600;
  return today - offsetDays * 86400;
};

export function seedAdminWorld(): AdminWorld {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new DatabaseSync(path.join(dir, 'toufang.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const customer = db.prepare("select id, company from users where email = 'customer1@demo.local'").get() as {
      id: number;
      company: string;
    };
    const other = db.prepare("select id from users where email = 'customer2@demo.local'").get() as { id: number };
    const link = db
      .prepare('select pageid from links where customerid = ? and deleted_at is null order by id limit 1')
      .get(customer.id) as { pageid: string };
    const seeded = db.prepare("select count(*) as n from ad_accounts where advertiser_id like 'e2e%'").get() as { n: number };
    if (seeded.n > 0) return { pageid: link.pageid, customer: customer.company };
    const now = e2eNow();
    const account = (customerid: number, platform: number, advertiser: string, name: string, state = 'active') => {
      const auth = db
        .prepare(
          `insert into ad_auths (platform, customerid, created_by, platform_user_id, state, last_error, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        )
        .get(
          platform,
          customerid,
          customerid,
          `u-${advertiser}`,
          state,
          state === 'reauth' ? '刷新令牌已失效，请重新授权' : '',
          now,
          now,
        ) as { id: number };
      db.prepare(
        `insert into ad_accounts (auth_id, platform, advertiser_id, customerid, name, active, last_sync_at, last_sync_error, report_synced_to, created_at, updated_at)
         values (?, ?, ?, ?, ?, 1, ?, '', 0, ?, ?)`,
      ).run(auth.id, platform, advertiser, customerid, name, now - 600, now, now);
    };
    account(customer.id, 2, 'e2e-jl-1', '巨量·旗舰店');
    account(customer.id, 4, 'e2e-tx-1', '腾讯·品牌号', 'reauth');
    account(customer.id, 5, 'e2e-ks-1', '快手·直播号');
    account(other.id, 2, 'e2e-jl-2', '巨量·二号店');
    const fact = db.prepare(
      `insert into ad_facts_daily (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day, cost_fen, shows, clicks, conversions, synced_at)
       values (?, ?, ?, 'c1', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const orders = db.prepare(
      `insert into order_facts_daily (customerid, pageid, item_id, channel, advertiser_id, campaign_id, plan_id, day, orders, order_fen, paid_orders, paid_fen, commission_fen)
       values (?, ?, '612345678901', ?, ?, 'c1', 'p1', ?, ?, ?, ?, ?, ?)`,
    );
    for (let d = 0; d < 14; d++) {
      const day = chinaDay(d);
      const k = 1 + ((d * 7) % 5) / 10;
      fact.run(
        2,
        'e2e-jl-1',
        customer.id,
        'p1',
        link.pageid,
        day,
        Math.round(52_000 * k),
        Math.round(48_000 * k),
        Math.round(1900 * k),
        60,
        now,
      );
      fact.run(4, 'e2e-tx-1', customer.id, 'p2', '', day, Math.round(21_000 * k), 20_000, 700, 20, now);
      fact.run(5, 'e2e-ks-1', customer.id, 'p3', '', day, Math.round(9000 * k), 15_000, 520, 9, now);
      fact.run(2, 'e2e-jl-2', other.id, 'p4', '', day, Math.round(15_000 / k), 12_000, 400, 6, now);
      orders.run(
        customer.id,
        link.pageid,
        2,
        'e2e-jl-1',
        day,
        14 + (d % 4),
        Math.round(130_000 * k),
        12 + (d % 3),
        Math.round(110_000 * k),
        Math.round(11_000 * k),
      );
    }
    // the day blocks of the daily facts, as the report sync keeps them (src/server/ads/blocks.ts, migration 0060): every
    // block recomputed from the daily rows, over the blocks the demo world's sync (or an earlier seeding) already wrote
    for (const len of BLOCK_DAYS)
      db.exec(
        `insert into ad_facts_blocks (platform, advertiser_id, customerid, campaign_id, plan_id, pageid, days, day, cost_fen, shows, clicks, conversions)
         select platform, advertiser_id, customerid, campaign_id, plan_id, pageid, ${len}, day - ((day + 28800) % ${len * 86400}),
           sum(cost_fen), sum(shows), sum(clicks), sum(conversions) from ad_facts_daily where true
         group by platform, advertiser_id, customerid, campaign_id, plan_id, pageid, day - ((day + 28800) % ${len * 86400})
         on conflict (platform, plan_id, days, day, customerid, advertiser_id, campaign_id, pageid) do update set
           cost_fen = excluded.cost_fen, shows = excluded.shows, clicks = excluded.clicks, conversions = excluded.conversions`,
      );
    // and the per-customer days (src/server/ads/customer-days.ts, migration 0066), recomputed the same way
    db.exec(
      `insert into ad_customer_days (platform, advertiser_id, day, customerid, cost_fen, shows, clicks, conversions)
       select platform, advertiser_id, day, customerid, sum(cost_fen), sum(shows), sum(clicks), sum(conversions) from ad_facts_daily where true
       group by platform, advertiser_id, day, customerid
       on conflict (platform, advertiser_id, day, customerid) do update set
         cost_fen = excluded.cost_fen, shows = excluded.shows, clicks = excluded.clicks, conversions = excluded.conversions`,
    );
    // and the order facts' per-customer days (src/server/orders/customer-days.ts, migration 0077), as the batch writer adds them
    db.exec(
      `insert into order_customer_days (channel, advertiser_id, day, customerid, orders, order_fen, paid_orders, paid_fen, commission_fen)
       select channel, advertiser_id, day, customerid, sum(orders), sum(order_fen), sum(paid_orders), sum(paid_fen), sum(commission_fen)
       from order_facts_daily where true
       group by channel, advertiser_id, day, customerid
       on conflict (channel, advertiser_id, day, customerid) do update set
         orders = excluded.orders, order_fen = excluded.order_fen, paid_orders = excluded.paid_orders, paid_fen = excluded.paid_fen,
         commission_fen = excluded.commission_fen`,
    );
    const order = db.prepare(
      `insert into orders (union_name, order_id, parent_order_id, item_id, item_title, item_image, item_num, shop_name, status, raw_status, presell, deposit_fen,
         order_fen, paid_fen, commission_fen, commission_bp, created_at, paid_at, deposit_paid_at, settled_at, refunded_at, click_at, modified_at, tracking,
         pageid, customerid, attribution_rule, visit_event_id, channel, advertiser_id, campaign_id, plan_id, creative_id, callback, postback_state, first_seen_at, updated_at)
       values (?, ?, '', '612345678901', '夏季新款防晒衣 UPF50+', '', 1, '演示旗舰店', ?, '', 0, 0, ?, ?, ?, 1000, ?, ?, 0, 0, 0, ?, ?, '{}',
         ?, ?, 'click_id', 0, 2, 'e2e-jl-1', 'c1', 'p1', '', '', 'sent', ?, ?)`,
    );
    for (let i = 0; i < 6; i++) {
      const at = now - i * 3100;
      const paid = i % 3 !== 2;
      order.run(
        i % 2 ? 'ud' : 'taobao',
        `E2E${now}${i}`,
        paid ? 'paid' : 'unpaid',
        12_900 + i * 1000,
        paid ? 12_900 + i * 1000 : 0,
        1290 + i * 100,
        at,
        paid ? at + 60 : 0,
        at - 120,
        at,
        link.pageid,
        customer.id,
        at,
        at,
      );
    }
    db.prepare(
      `insert into postbacks (union_name, order_id, channel, idem_key, state, attempts, next_at, last_error, sent_at, created_at)
       values ('taobao', ?, 2, ?, 'failed', 6, ?, '巨量回传接口返回 40001：callback 无效', 0, ?)`,
    ).run(`E2E${now}0`, `k-${now}`, now, now);
    return { pageid: link.pageid, customer: customer.company };
  } finally {
    db.close();
  }
}
