/**
 * 快手 hourly report per 广告组: `v1/report/unit_report` with `temporal_granularity=HOURLY` (≤ 2000 rows a
 * page). `stat_date` + `stat_hour` give the China hour; `charge` is in yuan (budgets are in 厘: not here);
 * shows are `show` (封面曝光数), clicks `bclick` (行为数), conversions `conversion_num`.
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str } from '../common.ts';
import { count } from '../money.ts';
import { kuaishouPost } from './envelope.ts';

export async function kuaishouHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const facts: HourlyFact[] = [];
  for (let start = chinaDayStart(fromHour); start <= toHour; start += 7 * 86400) {
    const end = Math.min(toHour, start + 7 * 86400 - 1);
    for (let page = 1, pages = 1; page <= pages; page++) {
      const d = await kuaishouPost(cfg, kit, token, 'v1/report/unit_report', {
        advertiser_id: rawId(advertiserId),
        start_date: chinaDay(start),
        end_date: chinaDay(end),
        temporal_granularity: 'HOURLY',
        page,
        page_size: 2000,
      });
      pages = Math.ceil(Number(d.total_count ?? 0) / 2000);
      for (const raw of asArray(d.details)) {
        const r = asRecord(raw);
        const hour = parseChinaTime(str(r.stat_date)) + count(r.stat_hour) * 3600;
        if (Number.isNaN(hour) || hour < fromHour || hour > toHour) continue;
        facts.push({
          advertiserId,
          campaignId: idOf(r.campaign_id),
          planId: idOf(r.unit_id),
          hour,
          costFen: yuanToFen(r.charge),
          shows: count(r.show),
          clicks: count(r.bclick),
          conversions: count(r.conversion_num),
        });
      }
    }
  }
  return facts;
}
