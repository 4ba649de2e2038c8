/**
 * UC hourly report, asynchronous (disv5/opensdk uc/model/report/*, CloudyCity/uc-marketing-sdk src/Report/Client.php;
 * fixtures report-*.json): `report/campaign {startDate, endDate, unitOfTime, performanceData}` → `taskId` (an int64:
 * kept as its exact decimal by the lossless parser and sent back as a bare integer); `report/getFile {taskId}` until
 * `reportFileType.ready`; `report/downloadFile {taskId}` → CSV, GB2312 (CloudyCity converts it from gb2312; read here
 * as gb18030, its superset). An empty download is not ready yet (retried). Time unit, metric names, columns and cost
 * unit come from `UC_TABLE` (not in the public sources).
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { CallAuth, HourlyFact } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { count } from '../money.ts';
import { ucBody, ucCredentials, ucPost } from './envelope.ts';
import { UC_TABLE } from './table.ts';

/** CSV (no quoted commas: ids and numbers only) → rows keyed by header. */
export function parseCsv(text: string): Array<Record<string, string>> {
  const [head, ...lines] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (!head) return [];
  const cols = head.split(',').map((c) => c.trim());
  return lines.map((l) => {
    const cells = l.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, (cells[i] ?? '').trim()]));
  });
}

export async function ucHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  auth: CallAuth,
  advertiserId: string,
  fromHour: number,
  toHour: number,
  pollMs = UC_TABLE.pollMs,
): Promise<HourlyFact[]> {
  const facts: HourlyFact[] = [];
  const col = UC_TABLE.csv;
  for (let start = chinaDayStart(fromHour); start <= toHour; start += 31 * 86400) {
    const end = Math.min(toHour, start + 31 * 86400 - 1);
    const task = await ucPost(cfg, kit, auth, 'report/campaign', {
      startDate: chinaDay(start),
      endDate: chinaDay(end),
      unitOfTime: UC_TABLE.unitOfTime.hour,
      performanceData: UC_TABLE.performanceData,
    });
    const id = idOf(task.taskId);
    if (!/^\d{1,20}$/.test(id)) throw new ConnectorError('ucid', 'protocol', 'UC report/campaign 的应答缺少 taskId');
    const taskId = rawId(id);
    let ready = false;
    for (let i = 0; i < UC_TABLE.maxPolls && !ready; i++) {
      ready = asRecord((await ucPost(cfg, kit, auth, 'report/getFile', { taskId })).reportFileType).ready === true;
      if (!ready) await kit.sleep(pollMs);
    }
    if (!ready) throw new ConnectorError('ucid', 'transient', 'UC 报告生成超时，稍后重试');
    const csv = await kit.http.call(
      {
        method: 'POST',
        url: `${trimBase(cfg.apiBase)}/api/report/downloadFile`,
        json: { header: ucCredentials(auth), body: { taskId } },
        charset: 'gb18030',
      },
      (a) => {
        if (a.body !== undefined && typeof a.body === 'object') {
          ucBody(a);
          throw new ConnectorError('ucid', 'protocol', 'UC 报告下载返回了 JSON 而不是 CSV');
        }
        if (a.text.trim() === '') throw new ConnectorError('ucid', 'transient', 'UC 报告文件为空（任务未就绪或不存在），稍后重试');
        if (/^\s*</.test(a.text)) throw new ConnectorError('ucid', 'protocol', 'UC 报告下载返回了网页而不是 CSV');
        return a.text;
      },
    );
    const rows = parseCsv(csv);
    const head = rows[0]
      ? Object.keys(rows[0])
      : (csv
          .split(/\r?\n/, 1)[0]
          ?.split(',')
          .map((c) => c.trim()) ?? []);
    const missing = [col.date, col.hour, col.campaignId, col.cost].filter((c) => !head.includes(c));
    if (missing.length) throw new ConnectorError('ucid', 'protocol', `UC 报告 CSV 缺少列：${missing.join('、')}`);
    for (const r of rows) {
      const hour = parseChinaTime(r[col.date] ?? '') + count(r[col.hour]) * 3600;
      if (Number.isNaN(hour) || hour < fromHour || hour > toHour) continue;
      facts.push({
        advertiserId,
        campaignId: r[col.adGroupId] ?? '',
        planId: r[col.campaignId] ?? '',
        hour,
        costFen: UC_TABLE.costUnit === 'yuan' ? yuanToFen(r[col.cost]) : count(r[col.cost]),
        shows: count(r[col.shows]),
        clicks: count(r[col.clicks]),
        conversions: count(r[col.conversions]),
      });
    }
  }
  return facts;
}
