/**
 * One number for one thing in the files and the mail (issue 19, docs/metrics.md): every export kind whose list shows
 * metrics gives, for the same filters, the figures of that list's screen (cost, clicks, orders, order amount,
 * commission, ROI, conversion), its rows adding up to the card; the hourly e-mail, delivered over real SMTP, gives
 * the board card's figures for its day and the plan and link rows of the rankings. The world is
 * `consistency-world.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { MAIL_JOB } from '../../src/server/mail/jobs.ts';
import { formatMetric } from '../../src/server/reports/render.ts';
import { sendReport } from '../../src/server/reports/service.ts';
import type { CostView } from '../../src/shared/admin-reports.ts';
import type { BoardCard, ItemIndex, RankList } from '../../src/shared/dashboard-views.ts';
import type { ExportView } from '../../src/shared/exports.ts';
import type { WireMetrics } from '../../src/shared/metrics.ts';
import { ORDER_STATUS } from '../../src/shared/orders.ts';
import type { PromoteRow } from '../../src/shared/promote-schemas.ts';
import type { LinkMetricsRow } from '../../src/shared/stats.ts';
import { dialects } from '../support/dialects.ts';
import { download, type ReadSheet, readXlsx } from '../support/factories-exports.ts';
import { adClick } from '../support/factories-orders.ts';
import { mailParts } from '../support/factories-reports.ts';
import { startSmtp } from '../support/smtp.ts';
import { ADV, buildWorld, type Figures, figures, PLAN, total, type World } from './consistency-world.ts';

/** The crawler of the two invalid clicks this suite adds to the world (isbot knows it). */
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The metric columns of the board exports (their labels: `metricColumns`). */
const METRIC_LABELS = {
  sum_cost: '消耗（元）',
  sum_click: '点击数',
  ordernum: '订单数',
  order_price: '订单金额（元）',
  roi: 'ROI',
  convert_order_rate: '下单转化率',
} as const;
/** The links export names the platform's clicks so (beside our monitor's) and has no conversion column. */
const LINK_LABELS = { ...METRIC_LABELS, sum_click: '点击数（平台）', convert_order_rate: undefined } as const;

type Labels = Partial<Record<keyof typeof METRIC_LABELS, string | undefined>>;
/** A file's column by its header (a missing column throws: the file changed, the test must say so). */
function column(sheet: ReadSheet, label: string): unknown[] {
  const i = sheet.header.indexOf(label);
  if (i < 0) throw new Error(`no column ${label} in ${sheet.header.join(', ')}`);
  return sheet.rows.map((r) => r[i] ?? null);
}
/** The figures of each row of a file; an empty cell is the screen's null (`--`). */
function fileFigures(sheet: ReadSheet, labels: Labels): Figures[] {
  const cols = Object.entries(labels).flatMap(([k, l]) => (l ? [[k, column(sheet, l)] as const] : []));
  return sheet.rows.map((_, i) => figures(Object.fromEntries(cols.map(([k, c]) => [k, c[i] as number | null])) as Partial<WireMetrics>));
}
const withoutConversion = ({ conversion: _, ...f }: Figures) => f;

/** A file's invalid-traffic columns per row: 无效点击, 无效占比 (a ratio) and 无效原因. */
function fileInvalid(sheet: ReadSheet): Array<{ invalid: unknown; share: unknown; reasons: unknown }> {
  const [invalid, share, reasons] = ['无效点击', '无效占比', '无效原因'].map((l) => column(sheet, l));
  return sheet.rows.map((_, i) => ({ invalid: invalid![i], share: share![i], reasons: reasons![i] ?? '' }));
}
/** The same from a list's numbers, as its screen shows them: the share in percent with one decimal, reasons 'label count' most first. */
function listInvalid(n: { valid: number; invalid: number; reasons: Array<{ label: string; count: number }> } | null) {
  const valid = n?.valid ?? 0;
  const invalid = n?.invalid ?? 0;
  return {
    invalid,
    share: valid + invalid > 0 ? Number(((invalid / (valid + invalid)) * 100).toFixed(1)) / 100 : null,
    reasons: (n?.reasons ?? []).map((r) => `${r.label} ${r.count}`).join('、'),
  };
}

describe.each(dialects())('one number in the exports and the hourly e-mail on $name', (dialect) => {
  let w: World;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let span: { start: string; end: string };
  let card: Figures;

  beforeAll(async () => {
    smtp = await startSmtp();
    w = await buildWorld(dialect, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://tf.example.cn' });
    // and a crawler clicking the plan's ad twice: invalid clicks (爬虫/无头浏览器) for the lists' and files' invalid columns
    for (const cb of ['bot-1', 'bot-2'])
      await adClick(w.t.deps, w.planLink.pageid, 2, { ADVERTISER_ID: ADV, PROMOTION_ID: PLAN, AID: PLAN, CALLBACK_PARAM: cb, UA: BOT_UA });
    span = { start: w.first, end: w.today };
    card = figures((await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...span }, w.tokens.owner)).metrics);
  }, 300_000);
  afterAll(async () => {
    await w?.t.close();
    await smtp?.close();
  });

  /** Export `kind` with `filters` as `token` and read the file back. */
  async function exported(kind: string, filters: object, token: string): Promise<ReadSheet> {
    const made = await w.post<ExportView>('/capi/napi/export/create', { kind, format: 'xlsx', filters }, token);
    expect(made.state).toBe('done');
    const link = await w.post<{ url: string }>('/capi/napi/export/link', { id: made.id }, token);
    const [sheet] = await readXlsx((await download(w.t, link.url, { token })).body);
    if (!sheet) throw new Error(`${kind}: no sheet`);
    return sheet;
  }

  it('排行明细 and 商品效果分析: the file is the ranking’s rows, adding up to the card', async () => {
    for (const token of [w.tokens.owner, w.tokens.agent]) {
      for (const ad of ['advertiser', 'plan', 'link', 'item', 'customer'] as const) {
        const filters = { type: 0, ...span, ad };
        const screen = await w.post<RankList>('/capi/api/index/detail', { ...filters, pagesize: 50 }, token);
        const file = await exported('dashboardDetail', filters, token);
        const cells = (label: string) => column(file, label).map((v) => v ?? '');
        expect(cells('编号'), ad).toEqual(screen.list.map((r) => r.id));
        expect(cells('名称'), ad).toEqual(screen.list.map((r) => r.name));
        expect(fileFigures(file, METRIC_LABELS), ad).toEqual(screen.list.map((r) => figures(r.metrics)));
        expect(total(fileFigures(file, METRIC_LABELS)), ad).toEqual(card);
      }
      const items = await w.post<ItemIndex>('/capi/napi/itemanalyse/index', { ...span, page: 1, pagesize: 50 }, token);
      const file = await exported('itemAnalysis', span, token);
      expect(column(file, '商品 ID')).toEqual(items.list.map((r) => r.item_id));
      expect(fileFigures(file, METRIC_LABELS)).toEqual(items.list.map((r) => figures(r.metrics)));
      expect(total(fileFigures(file, METRIC_LABELS))).toEqual(card);
    }
  });

  it('推广链接 and 推广计划: per link and per plan the list’s figures; 订单: the orders, amounts and commission of the list', async () => {
    const { owner, agent } = w.tokens;
    for (const token of [owner, agent]) {
      const links = await exported('links', span, token);
      const screen = await w.post<{ list: LinkMetricsRow[] }>(
        '/capi/napi/link/metrics',
        { pageids: column(links, '链接编号'), ...span },
        token,
      );
      expect(fileFigures(links, LINK_LABELS).map(withoutConversion)).toEqual(screen.list.map((l) => withoutConversion(figures(l.metrics))));
      expect(withoutConversion(total(fileFigures(links, LINK_LABELS)))).toEqual(withoutConversion(card));
      // the invalid clicks beside the valid ones: the list's count, share (one decimal, as shown) and reasons
      expect(fileInvalid(links)).toEqual(
        screen.list.map((l) => listInvalid({ valid: l.monitor_clicks, invalid: l.invalid_clicks, reasons: l.invalid_reasons })),
      );
      expect(fileInvalid(links)[column(links, '链接编号').indexOf(w.planLink.pageid)]).toEqual({
        invalid: 2,
        share: 0.5, // 2 of 4 monitored clicks
        reasons: '爬虫/无头浏览器 2',
      });

      const plans = await exported('plans', { acpl: 2, type: 'plan', ...span }, token);
      const tree = await w.post<{ list: PromoteRow[] }>(
        '/capi/napi/promote/index',
        { acpl: 2, type: 'plan', ...span, page: 1, pagesize: 50 },
        token,
      );
      expect(column(plans, '编号')).toEqual([PLAN]);
      expect(fileFigures(plans, METRIC_LABELS)).toEqual(tree.list.map((p) => figures(p.metrics)));
      expect(fileInvalid(plans)).toEqual(tree.list.map((p) => listInvalid(p.invalid_traffic)));
      expect(fileInvalid(plans)).toEqual([{ invalid: 2, share: 0.5, reasons: '爬虫/无头浏览器 2' }]);
      const sums = await w.post<{ metrics: WireMetrics }>('/capi/napi/promote/sumdata', { acpl: 2, type: 'plan', ...span }, token);
      expect(total(fileFigures(plans, METRIC_LABELS))).toEqual(figures(sums.metrics));

      const orders = await exported('orders', {}, token);
      const list = await w.post<{ total: number; sums: { orders: number; order_fen: number; paid_fen: number; commission_fen: number } }>(
        '/capi/api/order/index',
        {},
        token,
      );
      // 预估佣金 (the list's card) is the commission of the orders paid (docs/api-orders.md): the file's paid rows
      const paidRows = new Set([ORDER_STATUS.paid, ORDER_STATUS.confirmed, ORDER_STATUS.settled] as string[]);
      const status = column(orders, '订单状态');
      const yuan = (label: string, only: (i: number) => boolean = () => true) =>
        Math.round(column(orders, label).reduce<number>((n, v, i) => n + (only(i) ? Number(v) * 100 : 0), 0)) / 100;
      expect({
        orders: orders.rows.length,
        gmv: yuan('订单金额（元）'),
        paid: yuan('付款金额（元）', (i) => paidRows.has(String(status[i]))),
        commission: yuan('预估佣金（元）', (i) => paidRows.has(String(status[i]))),
      }).toEqual({
        orders: card.orders,
        gmv: card.gmv,
        paid: list.sums.paid_fen / 100,
        commission: list.sums.commission_fen / 100,
      });
      expect(status).toContain(ORDER_STATUS.deposit_paid);
      expect(list.sums.commission_fen).toBeGreaterThan(0);
    }
  });

  it('消耗概览 (admin): the customer’s row and its days are the card’s cost', async () => {
    const screen = await w.post<CostView>('/capi/napi/admin/cost/index', { ...span, pagesize: 100 }, w.tokens.admin);
    const file = await exported('costOverview', span, w.tokens.admin);
    const row = file.rows.find((r) => r[1] === w.owner.id);
    expect(row?.[file.header.indexOf('合计（元）')]).toBe(card.cost);
    expect(screen.rows.find((r) => r.customerid === w.owner.id)?.total).toBe(card.cost);
    const days = await exported('costOverview', { ...span, customerid: w.owner.id }, w.tokens.admin);
    expect(Math.round(column(days, '合计（元）').reduce<number>((n, v) => n + Number(v) * 100, 0)) / 100).toBe(card.cost);
  });

  it('the hourly e-mail (real SMTP): its day so far is the card of that day, its top plan and link the rankings’ rows', async () => {
    const days = [...new Set([w.first, w.today])];
    const nowHour = Math.floor(w.clock.now() / 3600) * 3600;
    for (const day of days) {
      const dayStart = Date.parse(`${day}T00:00:00+08:00`) / 1000;
      // the report of the day's last hour, or of the hour running now (sent when it ends; nothing happens after)
      const hour = Math.min(dayStart + 23 * 3600, nowHour);
      smtp.inbox.length = 0;
      for (const user of [w.owner, w.agent] as UserRow[]) expect(await sendReport(w.t.deps, user, hour)).toBe(true);
      await w.t.deps.jobs.run(MAIL_JOB);
      expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual([w.owner.email, w.agent.email].sort());

      const one = { ...span, start: day, end: day };
      const dayCard = figures((await w.post<BoardCard>('/capi/napi/board/card', { accounttype: 'multi', ...one }, w.tokens.owner)).metrics);
      const plans = await w.post<RankList>('/capi/api/index/detail', { type: 0, ...one, ad: 'plan' }, w.tokens.owner);
      const links = await w.post<RankList>('/capi/api/index/detail', { type: 0, ...one, ad: 'link' }, w.tokens.owner);
      const plan = figures(plans.list.find((r) => r.id === PLAN)?.metrics);
      const link = figures(links.list.find((r) => r.id === w.planLink.pageid)?.metrics);
      const fmt = (v: number | null, format: 1 | 2 | 4 | 5) => formatMetric(v ?? Number.NaN, format);
      const money = (f: Figures) => `消耗 ${fmt(f.cost, 2)}，订单数 ${f.orders}，订单金额 ${fmt(f.gmv, 2)}，ROI ${fmt(f.roi, 5)}`;
      for (const mail of smtp.inbox) {
        const { text } = mailParts(mail.raw);
        const today = text.slice(text.indexOf('今日累计'), text.indexOf('今日消耗最高的计划'));
        const totalLine = today.split('\n').find((l) => l.startsWith('  合计：'));
        const values = Object.fromEntries(
          (totalLine ?? '')
            .slice('  合计：'.length)
            .split('，')
            .map((cell) => {
              const [label = '', value = ''] = cell.replace(/（较昨日 [^）]*）$/, '').split(' ');
              return [label, value];
            }),
        );
        expect(values, `${day} ${mail.to[0]}`).toMatchObject({
          消耗: fmt(dayCard.cost, 2),
          点击数: fmt(dayCard.clicks, 1),
          订单数: fmt(dayCard.orders, 1),
          订单金额: fmt(dayCard.gmv, 2),
          ROI: fmt(dayCard.roi, 5),
        });
        // the plans and links with cost that day: 计划甲 and its link, as the rankings give them
        if (dayCard.cost > 0) {
          expect(text).toContain(`  1. 计划甲（巨量引擎）：${money(plan)}`);
          expect(text).toContain(`  1. 计划的链接（${w.planLink.pageid}）：${money(link)}`);
        } else expect(text).toContain('今日消耗最高的计划\n  今日暂无消耗');
      }
    }
  });
});
