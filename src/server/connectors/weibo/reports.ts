/**
 * 微博 hourly report per ad (our plan): `GET /v3/report/effect/get_ad_data?advertiser_id&start_date&end_date
 * &group_by=hour&page&page_size&fields=…` (bububa/biz-weibo model/report/ad.go: `group_by` date | hour | sum, `fields`
 * repeated, page_size ≤ 200) answers `{data: {list: [{ad_id, date, hour, <metrics>}], sum, page, pages, page_size,
 * total_num}}` (model/report/base.go: `Date string`, `Hour int`). The rows name no campaign: the ads' campaigns come
 * from `/v3/ads?ids=[…]`. Today's hours come from the same call (the realtime report). Which metrics are our shows,
 * clicks, cost (yuan) and conversions is `WEIBO_TABLE.fields`; `date` 'YYYY-MM-DD' and `hour` 0–23 China time are
 * read as the SDK types them (the value formats are not documented there).
 */
import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import type { ConnectorConfig, ConnectorKit } from '../common.ts';
import { str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { count } from '../money.ts';
import { advertiserQuery } from './accounts.ts';
import { weiboAdCampaigns } from './entities.ts';
import { dataOf, listOf, weiboCall } from './envelope.ts';
import { WEIBO_PATHS, WEIBO_TABLE } from './table.ts';

export async function weiboHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const f = WEIBO_TABLE.fields;
  const fields = new URLSearchParams([f.shows, f.clicks, f.cost, f.conversions].map((x) => ['fields', x])).toString();
  const rows: Array<Omit<HourlyFact, 'campaignId'>> = [];
  for (let start = chinaDayStart(fromHour); start <= toHour; start += 31 * 86400) {
    const end = Math.min(toHour, start + 31 * 86400 - 1);
    for (let page = 1, pages = 1; page <= pages; page++) {
      const query = {
        ...(await advertiserQuery(cfg, kit, token, advertiserId)),
        start_date: chinaDay(start),
        end_date: chinaDay(end),
        group_by: 'hour',
        page,
        page_size: WEIBO_TABLE.reportPageSize,
      };
      const d = dataOf(
        await weiboCall(cfg, kit, { method: 'GET', path: WEIBO_PATHS.adReport, token, query, rawQuery: fields }),
        'get_ad_data',
      );
      pages = Number(d.pages) || Math.ceil(Number(d.total_num ?? 0) / WEIBO_TABLE.reportPageSize);
      for (const r of listOf(d, 'get_ad_data')) {
        const day = parseChinaTime(str(r.date).slice(0, 10));
        const h = Number(r.hour);
        if (Number.isNaN(day) || !Number.isInteger(h) || h < 0 || h > 23 || !idOf(r.ad_id))
          throw new ConnectorError('weibo', 'protocol', `微博报表行无法识别（date ${str(r.date)}，hour ${str(r.hour)}）`);
        const hour = day + h * 3600;
        if (hour < fromHour || hour > toHour) continue;
        rows.push({
          advertiserId,
          planId: idOf(r.ad_id),
          hour,
          costFen: yuanToFen(r[f.cost]),
          shows: count(r[f.shows]),
          clicks: count(r[f.clicks]),
          conversions: count(r[f.conversions]),
        });
      }
    }
  }
  const campaigns = await weiboAdCampaigns(cfg, kit, token, advertiserId, [...new Set(rows.map((r) => r.planId))]);
  return rows.map((r) => ({ ...r, campaignId: campaigns.get(r.planId) ?? '' }));
}
