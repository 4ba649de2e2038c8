/**
 * 小红书 hourly report per 单元: `jg/data/report/offline/unit` for yesterday and earlier,
 * `jg/data/report/realtime/unit` for today, both with `time_unit=HOUR` (≤ 1000 rows a page). `time` is the
 * China hour ('YYYY-MM-DD HH:mm'), `fee` yuan, `impression`/`click`/`goods_order` counts (numbers may come
 * as strings).
 */

import { chinaDay, chinaDayStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str } from '../common.ts';
import { count } from '../money.ts';
import { xiaohongshuPost } from './envelope.ts';

export async function xiaohongshuHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const today = chinaDayStart(kit.now());
  const spans: Array<{ kind: 'offline' | 'realtime'; from: number; to: number }> = [];
  for (let start = chinaDayStart(fromHour); start <= Math.min(toHour, today - 1); start += 30 * 86400) {
    spans.push({ kind: 'offline', from: start, to: Math.min(toHour, today - 1, start + 30 * 86400 - 1) });
  }
  if (toHour >= today) spans.push({ kind: 'realtime', from: today, to: today });
  const facts: HourlyFact[] = [];
  for (const s of spans) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const d = await xiaohongshuPost(cfg, kit, token, `jg/data/report/${s.kind}/unit`, {
        advertiser_id: rawId(advertiserId),
        start_date: chinaDay(s.from),
        end_date: chinaDay(s.to),
        time_unit: 'HOUR',
        page_num: page,
        page_size: 1000,
      });
      pages = Math.ceil(Number(d.total_count ?? 0) / 1000);
      for (const raw of asArray(d.data_list)) {
        const r = asRecord(raw);
        const hour = parseChinaTime(str(r.time));
        if (Number.isNaN(hour) || hour < fromHour || hour > toHour) continue;
        facts.push({
          advertiserId,
          campaignId: idOf(r.campaign_id),
          planId: idOf(r.unit_id),
          hour,
          costFen: yuanToFen(r.fee),
          shows: count(r.impression),
          clicks: count(r.click),
          conversions: count(r.goods_order),
        });
      }
    }
  }
  return facts;
}
