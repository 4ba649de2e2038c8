import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { MAIL_JOB } from '../../src/server/mail/jobs.ts';
import { REPORT_JOB } from '../../src/server/reports/jobs.ts';
import { formatMetric } from '../../src/server/reports/render.ts';
import { processAll } from '../../src/server/tracking/processor.ts';
import type { LastReport } from '../../src/shared/api/reports.ts';
import type { LinkView } from '../../src/shared/links.ts';
import { metricsOf } from '../../src/shared/metrics.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects, type TestHandle } from '../support/dialects.ts';
import { loginAs, makeLink, makeUser } from '../support/factories.ts';
import { insertAccount, insertAdFacts, insertOrderFacts, insertPlan, mailParts } from '../support/factories-reports.ts';
import { SHOPPER_UA } from '../support/shopper.ts';
import { type ReceivedMail, startSmtp } from '../support/smtp.ts';

/** 11:05 China time on 2026-11-21: the report covers 10:00–11:00. */
const NOW = Date.UTC(2026, 10, 21, 3, 5, 0);
const H = Date.UTC(2026, 10, 21, 2, 0, 0) / 1000;
const DAY = 86400;
const BOT_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';

describe.each(dialects())('hourly report e-mail on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let db: TestHandle;
  let t: TestApp;
  let t2: TestApp;
  const clock = new ManualClock(NOW);
  const u: Record<string, UserRow> = {};
  const tok: Record<string, string> = {};
  let ivtLink: LinkView;

  beforeAll(async () => {
    smtp = await startSmtp();
    db = await dialect.open();
    const env = { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://tf.example.cn' };
    t = await makeTestApp(dialect, env, { handle: db, clock });
    t2 = await makeTestApp(dialect, env, { handle: await db.second(), clock });
    for (const [name, role, on, parentEmail] of [
      ['c1', 3, true],
      ['c2', 3, false],
      ['agent', 4, true],
      ['sub', 3, false, 'agent-rep@x.cn'],
      ['admin', 2, true],
      ['ud', 5, true],
    ] as const) {
      u[name] = await makeUser(t.deps, { role, email: `${name}-rep@x.cn`, company: `${name}公司`, parentEmail });
      tok[name] = await loginAs(t, u[name].email);
      if (on) expect((await t.post('/capi/api/user/setemail', { email_status: 1 }, { token: tok[name] })).body.code).toBe(1);
    }
    const c1 = u.c1!.id;
    await insertAdFacts(t.deps.db, [
      { customerid: c1, platform: 2, plan_id: 'P1', hour: H, cost_fen: 12500, shows: 1000, clicks: 50, pageid: '100000001' },
      { customerid: c1, platform: 4, plan_id: 'P2', hour: H, cost_fen: 5000, shows: 400, clicks: 8 },
      { customerid: c1, platform: 2, plan_id: 'P1', hour: H - 3600, cost_fen: 10000, shows: 900, clicks: 30, pageid: '100000001' },
      { customerid: c1, platform: 2, plan_id: 'P1', hour: H - DAY, cost_fen: 10000, shows: 800, clicks: 40, pageid: '100000001' },
      { customerid: u.c2!.id, platform: 2, plan_id: 'P9', hour: H, cost_fen: 99999, shows: 5000, clicks: 100 },
      { customerid: u.sub!.id, platform: 5, plan_id: 'P3', hour: H, cost_fen: 7000, shows: 300, clicks: 9 },
    ]);
    await insertOrderFacts(t.deps.db, [
      {
        customerid: c1,
        channel: 2,
        plan_id: 'P1',
        hour: H,
        orders: 3,
        order_fen: 30000,
        paid_orders: 2,
        paid_fen: 20000,
        pageid: '100000001',
      },
      { customerid: u.sub!.id, channel: 5, plan_id: 'P3', hour: H, orders: 1, order_fen: 8800 },
    ]);
    await insertPlan(t.deps.db, { customerid: c1, platform: 2, entity_id: 'P1', name: '卫衣-巨量', status: 'delivering' });
    await insertPlan(t.deps.db, { customerid: c1, platform: 4, entity_id: 'P2', name: '围巾-腾讯', status: 'delivering' });
    await insertPlan(t.deps.db, { customerid: c1, platform: 2, entity_id: 'P4', name: '双十一爆款', status: 'rejected' });
    await insertAccount(t.deps.db, {
      customerid: u.sub!.id,
      platform: 4,
      advertiser_id: '9001',
      name: 'sub 腾讯账户',
      state: 'reauth',
      last_error: '刷新令牌已失效',
    });
    // our monitor at 10:10: plan P1 on c1's link, 40 phones and 12 bots (23.1 % of 52: flagged); P5, 1 phone and
    // 1 bot (50 %, but 2 clicks: under the guard); the link 13 of 54 (24.1 %: flagged)
    ivtLink = await makeLink(t.deps, u.c1!, { title: '无效流量测试链接' });
    const ping = (aid: string, n: number, ua: string) =>
      Array.from({ length: n }, (_, i) => ({
        kind: 'c',
        pageid: ivtLink.pageid,
        query: `ch=2&adv=A1&aid=${aid}&cb=${aid}-${ua.length}-${i}&ua=${encodeURIComponent(ua)}`,
        ip: '',
        ua: 'sandbox-ua',
        received_at: H + 600,
      }));
    await t.deps.db
      .insertInto('monitor_raw')
      .values([...ping('P1', 40, SHOPPER_UA), ...ping('P1', 12, BOT_UA), ...ping('P5', 1, SHOPPER_UA), ...ping('P5', 1, BOT_UA)])
      .execute();
    await processAll(t.deps.db, t.deps.engine);
  });
  afterAll(async () => {
    await t2.close();
    await t.close();
    await db.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.inbox.length = 0;
  });

  const runAndDeliver = async (...apps: TestApp[]): Promise<ReceivedMail[]> => {
    await Promise.all(apps.map((a) => a.deps.jobs.run(REPORT_JOB)));
    for (const a of apps) await a.deps.jobs.idle();
    await t.deps.jobs.run(MAIL_JOB);
    return [...smtp.inbox];
  };
  const mailTo = (inbox: ReceivedMail[], who: string) => inbox.filter((m) => m.to.includes(u[who]!.email));

  /** The dashboard's way: sum the hour's facts for the customers in SQL, then the shared metrics. */
  async function dashboardSums(customers: number[] | null, from: number, to: number) {
    const scope = customers ? sql`and customerid in (${sql.join(customers)})` : sql``;
    const ad = await sql<{
      cost: number;
      shows: number;
      clicks: number;
    }>`select coalesce(sum(cost_fen), 0) as cost, coalesce(sum(shows), 0) as shows, coalesce(sum(clicks), 0) as clicks from ad_facts_hourly where hour between ${from} and ${to} ${scope}`.execute(
      t.deps.db,
    );
    const or = await sql<{
      orders: number;
      fen: number;
      paid: number;
      paid_fen: number;
    }>`select coalesce(sum(orders), 0) as orders, coalesce(sum(order_fen), 0) as fen, coalesce(sum(paid_orders), 0) as paid, coalesce(sum(paid_fen), 0) as paid_fen from order_facts_hourly where hour between ${from} and ${to} ${scope}`.execute(
      t.deps.db,
    );
    const a = ad.rows[0]!;
    const o = or.rows[0]!;
    return metricsOf({
      costFen: Number(a.cost),
      shows: Number(a.shows),
      clicks: Number(a.clicks),
      conversions: 0,
      orders: Number(o.orders),
      orderFen: Number(o.fen),
      paidOrders: Number(o.paid),
      paidFen: Number(o.paid_fen),
    });
  }
  const totalLine = (m: ReturnType<typeof metricsOf>) => `合计：消耗 ${formatMetric(m.sum_cost, 2)}（较昨日 `;

  it('sends one e-mail per opted-in user: HTML and text, China time, numbers equal the dashboard sums of that hour', async () => {
    const inbox = await runAndDeliver(t);
    expect(inbox.map((m) => m.to[0]).sort()).toEqual([u.admin!.email, u.agent!.email, u.c1!.email].sort());
    const [mail] = mailTo(inbox, 'c1');
    const { headers, text, html } = mailParts(mail!.raw);
    expect(headers).toMatch(/multipart\/alternative/i);
    expect(headers).toContain('List-Unsubscribe: <https://tf.example.cn/capi/api/report/unsubscribe?t=');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(text).toContain('投放时报 · 2026-11-21 10:00–11:00（北京时间）');
    const hour = await dashboardSums([u.c1!.id], H, H);
    expect(hour).toMatchObject({ sum_cost: 175, sum_show_cnt: 1400, sum_click: 58, ordernum: 3, order_price: 300 });
    expect(text).toContain(
      `  合计：消耗 ¥175.00（较昨日 +75.00%），展示数 1400（较昨日 +75.00%），点击数 58（较昨日 +45.00%），点击率 ${formatMetric(hour.ctr, 4)}（较昨日 -17.14%），订单数 3（较昨日 --），订单金额 ¥300.00（较昨日 --），ROI 1.71（较昨日 --）`,
    );
    expect(text).toContain('  巨量引擎：消耗 ¥125.00（较昨日 +25.00%）');
    expect(text).toContain('  腾讯：消耗 ¥50.00（较昨日 --）');
    const today = await dashboardSums([u.c1!.id], H - 3600 * 10, H);
    expect(text).toContain(`今日累计（2026-11-21 00:00–11:00）\n  巨量引擎：消耗 ¥225.00`);
    expect(text).toContain(`  ${totalLine(today)}`);
    expect(text).toContain('  1. 卫衣-巨量（巨量引擎）：消耗 ¥225.00，订单数 3，订单金额 ¥300.00，ROI 1.33');
    expect(text).toContain('  · 腾讯计划「围巾-腾讯」今日已消耗 ¥50.00，尚无订单');
    expect(text).toContain('  · 巨量引擎计划「双十一爆款」审核未通过');
    expect(text).not.toContain('999.99');
    // invalid traffic past the alert (≥ 20 % of ≥ 50 monitored clicks today), named with its share; P5 is under the guard
    expect(text).toContain('  · 巨量引擎计划「卫衣-巨量」今日无效点击占比 23.1%（监测点击 52 次，其中无效 12 次），请检查流量来源');
    expect(text).toContain(
      `  · 链接「无效流量测试链接」（${ivtLink.pageid}）今日无效点击占比 24.1%（监测点击 54 次，其中无效 13 次），请检查流量来源`,
    );
    expect(text).not.toContain('P5');
    expect(html).toContain('<li>巨量引擎计划「卫衣-巨量」今日无效点击占比 23.1%');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<style|<script|class=/);
    expect(html).toContain('¥175.00<br><span style="font-size:11px;color:#6b7280;">较昨日 +75.00%</span>');

    const agent = mailParts(mailTo(inbox, 'agent')[0]!.raw).text;
    const agentHour = await dashboardSums([u.agent!.id, u.sub!.id], H, H);
    expect(agent).toContain(`  ${totalLine(agentHour)}`);
    expect(agent).toContain('¥70.00');
    expect(agent).toContain('  · 腾讯账户「sub 腾讯账户」需要重新授权（刷新令牌已失效）');
    // c1's traffic is not the agent's
    expect(agent).not.toContain('无效点击占比');
    const admin = mailParts(mailTo(inbox, 'admin')[0]!.raw).text;
    expect(admin).toContain(`  ${totalLine(await dashboardSums(null, H, H))}`);
    expect(admin).toContain('¥1,244.99');
    expect(admin).toContain('计划「卫衣-巨量」今日无效点击占比 23.1%');
  });

  it('sends nobody twice for one hour: reruns, two nodes at once, and a restarted node', async () => {
    expect(await runAndDeliver(t)).toEqual([]);
    clock.advance(3600_000);
    const inbox = await runAndDeliver(t, t2);
    expect(inbox.map((m) => m.to[0]).sort()).toEqual([u.admin!.email, u.agent!.email, u.c1!.email].sort());
    const restarted = await makeTestApp(dialect, { SMTP_URL: smtp.url }, { handle: await db.second(), clock });
    try {
      await restarted.deps.jobs.run(REPORT_JOB);
      await restarted.deps.jobs.run(MAIL_JOB);
    } finally {
      await restarted.close();
    }
    expect(smtp.inbox).toHaveLength(3);
    const sends = await t.deps.db.selectFrom('report_sends').select(['user_id', 'hour']).execute();
    expect(sends).toHaveLength(6);
  });

  it('the account screen reads the last send and its delivery', async () => {
    const r = await t.post<LastReport>('/capi/api/report/last', {}, { token: tok.c1 });
    expect(r.body.data).toMatchObject({ email_status: 1, last: { hour: H + 3600, to: u.c1!.email, status: 'sent', error: '' } });
    expect(r.body.data.last?.sent_at).toBe(clock.now());
    expect((await t.post<LastReport>('/capi/api/report/last', {}, { token: tok.c2 })).body.data).toEqual({ email_status: 2, last: null });
  });

  it('the unsubscribe link needs no login, asks first, then turns the switch off', async () => {
    const sent = await t.deps.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_addr', '=', u.c1!.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const url = /退订时报邮件：(\S+)/.exec(sent.text)![1]!;
    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('确认退订');
    expect((await t.post<{ email_status: number }>('/capi/api/user/getemail', {}, { token: tok.c1 })).body.data.email_status).toBe(1);
    const done = await t.app.request(url, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await done.text()).toContain('已关闭时报邮件');
    expect((await t.post<{ email_status: number }>('/capi/api/user/getemail', {}, { token: tok.c1 })).body.data.email_status).toBe(2);
    const forged = url.replace(/t=(\d+)\./, `t=${u.admin!.id}.`);
    expect((await t.app.request(forged, { method: 'POST' })).status).toBe(400);
    expect((await t.post<{ email_status: number }>('/capi/api/user/getemail', {}, { token: tok.admin })).body.data.email_status).toBe(1);
    clock.advance(3600_000);
    const inbox = await runAndDeliver(t);
    expect(inbox.map((m) => m.to[0]).sort()).toEqual([u.admin!.email, u.agent!.email].sort());
  });
});
