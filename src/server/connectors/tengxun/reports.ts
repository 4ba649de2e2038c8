/**
 * 腾讯 hourly report per dynamic creative: `GET /v3.0/hourly_reports/get` with `level=REPORT_LEVEL_DYNAMIC_CREATIVE`,
 * `date_range={"start_date","end_date"}` (one day per call), `group_by=["hour","adgroup_id","dynamic_creative_id"]`.
 * `hour` is 0–23 of that China day; `cost` is in fen; clicks are `valid_click_count`, shows `view_count`. Today's hours
 * come from the same call as they accrue (the realtime report). Sources: TencentAd/marketing-api-go-sdk
 * docs/v3/HourlyReportsApi.md, pkg/model/v3/model_hourly_report_api_list_struct.go (fixture hourly-reports-get.json).
 */

import { chinaDay, chinaDayStart } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asRecord, type ConnectorConfig, type ConnectorKit, trimBase } from '../common.ts';
import { count } from '../money.ts';
import { tengxunAuthQuery, tengxunData, tengxunList } from './envelope.ts';

export async function tengxunHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const facts: HourlyFact[] = [];
  for (let day = chinaDayStart(fromHour); day <= toHour; day += 86400) {
    const date = chinaDay(day);
    for (let page = 1, total = 1; page <= total; page++) {
      const d = await kit.http.call(
        {
          method: 'GET',
          url: `${trimBase(cfg.apiBase)}/v3.0/hourly_reports/get`,
          fresh: () => ({ query: tengxunAuthQuery(token, kit.now()) }),
          query: {
            account_id: advertiserId,
            level: 'REPORT_LEVEL_DYNAMIC_CREATIVE',
            date_range: JSON.stringify({ start_date: date, end_date: date }),
            group_by: JSON.stringify(['hour', 'adgroup_id', 'dynamic_creative_id']),
            fields: JSON.stringify([
              'hour',
              'adgroup_id',
              'dynamic_creative_id',
              'view_count',
              'valid_click_count',
              'cost',
              'conversions_count',
            ]),
            page,
            page_size: 1000,
          },
        },
        tengxunData,
      );
      const { list, totalPage } = tengxunList(d, 'hourly_reports/get');
      total = totalPage;
      for (const raw of list) {
        const r = asRecord(raw);
        const hour = day + count(r.hour) * 3600;
        if (hour < fromHour || hour > toHour) continue;
        facts.push({
          advertiserId,
          campaignId: idOf(r.adgroup_id),
          planId: idOf(r.dynamic_creative_id),
          hour,
          costFen: count(r.cost),
          shows: count(r.view_count),
          clicks: count(r.valid_click_count),
          conversions: count(r.conversions_count),
        });
      }
    }
  }
  return facts;
}
