/**
 * UC hourly report, asynchronous: `report/campaign {startDate, endDate, unitOfTime, performanceData}` →
 * `taskId`; `report/getFile {taskId}` until `reportFileType.ready`; `report/downloadFile {taskId}` → CSV.
 * Time unit, metric names, columns and cost unit come from `UC_TABLE` (not in the public sources).
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { CallAuth, HourlyFact } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { count } from '../money.ts';
import { ucCredentials, ucPost } from './envelope.ts';
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
    const taskId = str(task.taskId);
    let ready = false;
    for (let i = 0; i < UC_TABLE.maxPolls && !ready; i++) {
      ready = asRecord((await ucPost(cfg, kit, auth, 'report/getFile', { taskId })).reportFileType).ready === true;
      if (!ready) await kit.sleep(pollMs);
    }
    if (!ready) throw new ConnectorError('ucid', 'transient', 'UC 报告生成超时，稍后重试');
    const csv = await kit.http.call(
      { method: 'POST', url: `${trimBase(cfg.apiBase)}/api/report/downloadFile`, json: { header: ucCredentials(auth), body: { taskId } } },
      (a) => {
        if (a.body !== undefined && typeof a.body === 'object')
          throw new ConnectorError('ucid', 'refused', `UC 报告下载失败：${a.text.slice(0, 200)}`);
        return a.text;
      },
    );
    for (const r of parseCsv(csv)) {
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
