import { chinaDay, chinaHour } from '../../shared/china-clock.ts';
import { METRIC_META, type Metrics } from '../../shared/metrics.ts';
import { formatNumber, type NumberFormat } from '../../shared/number-format.ts';
import type { CompareRow, HourlyReport, RankedRow } from './model.ts';

/** The metrics of the report, in column order: labels and formats from the one metric table and formatter. */
const KEYS: ReadonlyArray<keyof Metrics> = ['sum_cost', 'sum_show_cnt', 'sum_click', 'ctr', 'ordernum', 'order_price', 'roi'];
const COLUMNS = KEYS.map((key) => ({ key, label: METRIC_META[key].label, format: METRIC_META[key].format }));

/** A value in its format (src/shared/number-format.ts, as on the screens); Infinity and NaN show '--'. */
export const formatMetric = (v: number, format: NumberFormat): string => formatNumber(v, format);

/** Change against yesterday: '+12.50%', '-3.00%' (spec §9 format 4, as the console's cards), '持平', or '--' when yesterday had nothing to compare with. */
export function change(now: number, before: number): string {
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return now === before ? '持平' : '--';
  const ratio = (now - before) / Math.abs(before);
  if (Math.abs(ratio) < 0.00005) return '持平';
  return `${ratio > 0 ? '+' : ''}${formatNumber(ratio, 4)}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const dateOf = chinaDay;
const hm = (sec: number): string => `${pad(chinaHour(sec))}:00`;
/** '11:00' for the end of the 10:00 hour; a day's last hour ends at '24:00'. */
const hourEnd = (hour: number): string => (chinaHour(hour) === 23 ? '24:00' : hm(hour + 3600));

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TD = 'padding:6px 8px;border:1px solid #e5e7eb;text-align:right;white-space:nowrap;font-size:13px;';
const TH = 'padding:6px 8px;border:1px solid #e5e7eb;background:#f3f4f6;font-size:13px;white-space:nowrap;';
const TABLE = 'border-collapse:collapse;margin:8px 0 20px;width:100%;';
const H2 = 'font-size:15px;margin:18px 0 4px;color:#111827;';

function compareTable(rows: CompareRow[]): string {
  const head = `<tr><th style="${TH}text-align:left;">账户类型</th>${COLUMNS.map((c) => `<th style="${TH}">${c.label}</th>`).join('')}</tr>`;
  const body = rows
    .map((r) => {
      const strong = r.label === '合计' ? 'font-weight:bold;' : '';
      const cells = COLUMNS.map((c) => {
        // neutral grey: whether more is better depends on the metric (and red/green read differently in China)
        const d = change(r.now[c.key], r.before[c.key]);
        return `<td style="${TD}${strong}">${formatMetric(r.now[c.key], c.format)}<br><span style="font-size:11px;color:#6b7280;">较昨日 ${d}</span></td>`;
      }).join('');
      return `<tr><td style="${TD}text-align:left;${strong}">${esc(r.label)}</td>${cells}</tr>`;
    })
    .join('');
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="${TABLE}">${head}${body}</table>`;
}

function rankedTable(first: string, rows: RankedRow[]): string {
  if (rows.length === 0) return '<p style="color:#6b7280;font-size:13px;margin:4px 0 16px;">今日暂无消耗</p>';
  const cols = COLUMNS.filter((c) => c.key !== 'sum_show_cnt' && c.key !== 'ctr');
  const head = `<tr><th style="${TH}text-align:left;">${first}</th>${cols.map((c) => `<th style="${TH}">${c.label}</th>`).join('')}</tr>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td style="${TD}text-align:left;white-space:normal;">${esc(r.label)}${r.detail ? `<br><span style="font-size:11px;color:#6b7280;">${esc(r.detail)}</span>` : ''}</td>${cols
          .map((c) => `<td style="${TD}">${formatMetric(r.metrics[c.key], c.format)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="${TABLE}">${head}${body}</table>`;
}

export interface RenderedReport {
  subject: string;
  html: string;
  text: string;
}

/** The e-mail: HTML (tables and inline styles only, for mail clients) and the same content as plain text. */
export function renderReport(r: HourlyReport, who: string, unsubscribeUrl: string): RenderedReport {
  const span = `${dateOf(r.hour)} ${hm(r.hour)}–${hourEnd(r.hour)}`;
  const total = r.lastHour[r.lastHour.length - 1]?.now;
  const subject = `【时报】${span} ${METRIC_META.sum_cost.label} ${formatMetric(total?.sum_cost ?? 0, 2)}，${METRIC_META.ordernum.label} ${total?.ordernum ?? 0}`;
  const todaySpan = `${dateOf(r.hour)} 00:00–${hourEnd(r.hour)}`;
  const attention = r.attention.length
    ? `<ul style="margin:4px 0 16px;padding-left:20px;font-size:13px;color:#92400e;">${r.attention.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>`
    : '<p style="color:#6b7280;font-size:13px;margin:4px 0 16px;">暂无需要关注的事项</p>';
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f9fafb;font-family:'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#111827;">
<table role="presentation" cellspacing="0" cellpadding="0" style="max-width:760px;width:100%;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;"><tr><td style="padding:20px 24px;">
<h1 style="font-size:18px;margin:0 0 4px;">投放时报 · ${span}</h1>
<p style="font-size:12px;color:#6b7280;margin:0 0 8px;">${esc(who)} · 北京时间 · 较昨日为与昨天同一时段相比</p>
<h2 style="${H2}">上一小时（${span}）</h2>${compareTable(r.lastHour)}
<h2 style="${H2}">今日累计（${todaySpan}）</h2>${compareTable(r.today)}
<h2 style="${H2}">今日消耗最高的计划</h2>${rankedTable('计划 / 渠道', r.topPlans)}
<h2 style="${H2}">今日消耗最高的链接</h2>${rankedTable('链接 / 编号', r.topLinks)}
<h2 style="${H2}">需要关注</h2>${attention}
<p style="font-size:12px;color:#6b7280;margin:16px 0 0;">数据来自广告平台报表与联盟订单的小时汇总，可能随同步略有变化。不想再收到时报？<a href="${esc(unsubscribeUrl)}" style="color:#2563eb;">退订时报邮件</a>，或在控制台“时报设置”中关闭。</p>
</td></tr></table></body></html>`;
  const line = (row: CompareRow) =>
    `  ${row.label}：${COLUMNS.map((c) => `${c.label} ${formatMetric(row.now[c.key], c.format)}（较昨日 ${change(row.now[c.key], row.before[c.key])}）`).join('，')}`;
  const ranked = (rows: RankedRow[]) =>
    rows.length
      ? rows.map(
          (x, i) =>
            `  ${i + 1}. ${x.label}（${x.detail}）：${COLUMNS.filter(
              (c) => c.key !== 'sum_show_cnt' && c.key !== 'sum_click' && c.key !== 'ctr',
            )
              .map((c) => `${c.label} ${formatMetric(x.metrics[c.key], c.format)}`)
              .join('，')}`,
        )
      : ['  今日暂无消耗'];
  const text = [
    `投放时报 · ${span}（北京时间）`,
    who,
    '',
    `上一小时（${span}）`,
    ...r.lastHour.map(line),
    '',
    `今日累计（${todaySpan}）`,
    ...r.today.map(line),
    '',
    '今日消耗最高的计划',
    ...ranked(r.topPlans),
    '',
    '今日消耗最高的链接',
    ...ranked(r.topLinks),
    '',
    '需要关注',
    ...(r.attention.length ? r.attention.map((a) => `  · ${a}`) : ['  暂无需要关注的事项']),
    '',
    `退订时报邮件：${unsubscribeUrl}`,
  ].join('\n');
  return { subject, html, text };
}
