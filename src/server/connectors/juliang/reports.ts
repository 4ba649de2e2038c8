/**
 * 巨量 hourly report per plan: `GET 2/report/ad/get/` with `time_granularity=STAT_TIME_GRANULARITY_HOURLY`,
 * `group_by=["STAT_GROUP_BY_FIELD_ID","STAT_GROUP_BY_FIELD_STAT_TIME"]`, at most 30 days per call and 1000
 * rows per page. `stat_datetime` is a China-time 'YYYY-MM-DD HH:00:00'; `cost` is in yuan.
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { count } from '../money.ts';
import { juliangData } from './envelope.ts';

const MAX_DAYS = 30;

/** A report page's facts within the asked hours, and how many pages the report has. */
export interface ReportPage {
  total: number;
  facts: HourlyFact[];
}

/**
 * The walk both hourly reports (v2 and 升级版 v3) share: windows of at most 30 days from the China day of `fromHour`
 * to `toHour`, each read page after page until the report's `page_info.total_page`.
 */
export async function walkReport(
  fromHour: number,
  toHour: number,
  read: (start: number, end: number, page: number) => Promise<ReportPage>,
): Promise<HourlyFact[]> {
  const facts: HourlyFact[] = [];
  for (let start = chinaDayStart(fromHour); start <= toHour; start += MAX_DAYS * 86400) {
    const end = Math.min(toHour, start + MAX_DAYS * 86400 - 1);
    for (let page = 1, total = 1; page <= total; page++) {
      const got = await read(start, end, page);
      total = got.total;
      facts.push(...got.facts);
    }
  }
  return facts;
}

export function juliangHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  return walkReport(fromHour, toHour, async (start, end, page) => {
    const d = await kit.http.call(
      {
        method: 'GET',
        url: `${trimBase(cfg.apiBase)}/2/report/ad/get/`,
        query: {
          advertiser_id: advertiserId,
          start_date: chinaDay(start),
          end_date: chinaDay(end),
          time_granularity: 'STAT_TIME_GRANULARITY_HOURLY',
          group_by: JSON.stringify(['STAT_GROUP_BY_FIELD_ID', 'STAT_GROUP_BY_FIELD_STAT_TIME']),
          fields: JSON.stringify(['cost', 'show', 'click', 'convert']),
          page,
          page_size: 1000,
        },
        headers: { 'Access-Token': token },
      },
      juliangData,
    );
    const facts: HourlyFact[] = [];
    for (const raw of asArray(d.list)) {
      const r = asRecord(raw);
      const hour = parseChinaTime(str(r.stat_datetime));
      if (Number.isNaN(hour) || hour < fromHour || hour > toHour) continue;
      facts.push({
        advertiserId,
        campaignId: idOf(r.campaign_id),
        planId: idOf(r.ad_id),
        hour,
        costFen: yuanToFen(r.cost),
        shows: count(r.show),
        clicks: count(r.click),
        conversions: count(r.convert),
      });
    }
    return { total: Number(asRecord(d.page_info).total_page ?? 0), facts };
  });
}
