/**
 * 巨量 升级版 hourly report per 广告: `GET v3.0/report/custom/get/` with `data_topic=BASIC_DATA`,
 * `dimensions=["cdp_project_id","cdp_promotion_id","stat_time_hour"]`, `metrics=["stat_cost","show_cnt","click_cnt",
 * "convert_cnt"]`, `filters=[]`, `order_by=[]` (all four required), `start_time`/`end_time` YYYY-MM-DD (≤ 30 days),
 * `page`, `page_size` (1–1000) → `data.rows[{dimensions: {…}, metrics: {…}}]` (values are strings),
 * `page_info.total_page`. Sources: oceanengine/ad_open_sdk_go@9283cb7 api/api_report_custom_get_v30.go,
 * models/model_report_custom_get_v3_0_response_data*.go; bububa/oceanengine@e3ac8d5 model/report/v3/custom_get.go,
 * dimensions.go (stat_time_hour 细分到每个小时), metrics.go (stat_cost 花费 in yuan, show_cnt, click_cnt, convert_cnt).
 * The text of `stat_time_hour` is not documented: 'YYYY-MM-DD HH:mm[:ss]' (as v2's stat_datetime) is assumed.
 */

import { chinaDay, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { count } from '../money.ts';
import { juliangData } from './envelope.ts';
import { walkReport } from './reports.ts';

export const V3_REPORT = {
  dimensions: ['cdp_project_id', 'cdp_promotion_id', 'stat_time_hour'],
  metrics: ['stat_cost', 'show_cnt', 'click_cnt', 'convert_cnt'],
};

export function juliangV3Hourly(
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
        url: `${trimBase(cfg.apiBase)}/v3.0/report/custom/get/`,
        query: {
          advertiser_id: advertiserId,
          data_topic: 'BASIC_DATA',
          dimensions: JSON.stringify(V3_REPORT.dimensions),
          metrics: JSON.stringify(V3_REPORT.metrics),
          filters: '[]',
          order_by: '[]',
          start_time: chinaDay(start),
          end_time: chinaDay(end),
          page,
          page_size: 1000,
        },
        headers: { 'Access-Token': token },
      },
      juliangData,
    );
    if (d.rows !== undefined && !Array.isArray(d.rows)) throw new ConnectorError('juliang', 'protocol', '巨量自定义报表的 rows 不是数组');
    const facts: HourlyFact[] = [];
    for (const raw of asArray(d.rows)) {
      const dim = asRecord(asRecord(raw).dimensions);
      const m = asRecord(asRecord(raw).metrics);
      const hour = parseChinaTime(str(dim.stat_time_hour));
      if (Number.isNaN(hour))
        throw new ConnectorError('juliang', 'protocol', `巨量自定义报表的 stat_time_hour 无法识别：${str(dim.stat_time_hour)}`);
      if (hour < fromHour || hour > toHour) continue;
      facts.push({
        advertiserId,
        campaignId: idOf(dim.cdp_project_id),
        planId: idOf(dim.cdp_promotion_id),
        hour,
        costFen: yuanToFen(m.stat_cost),
        shows: count(m.show_cnt),
        clicks: count(m.click_cnt),
        conversions: count(m.convert_cnt),
      });
    }
    return { total: Number(asRecord(d.page_info).total_page ?? 0), facts };
  });
}
