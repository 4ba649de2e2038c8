/**
 * 小红书 hourly report per 单元 (bububa/spotlight-mapi@326295b, model/report/):
 * - `jg/data/report/offline/unit` for yesterday and earlier: `{advertiser_id, start_date, end_date, time_unit: HOUR,
 *   page_num, page_size ≤ 1000}` → `data: {data_list[{time, campaign_id, unit_id, fee, impression, click,
 *   goods_order …}], total_count}` (offline/request.go, offline/response.go).
 * - `jg/data/report/realtime/unit` for today: no `time_unit` — it answers today's totals so far per unit,
 *   `{success, page: {page_index, total_count}, unit_dtos: [{base_unit_dto: {unit_id, campaign_id …}, data: {fee,
 *   impression, click, goods_order …}}], total_data}` beside the envelope, not under `data` (realtime/unit.go).
 *   Each unit's totals come back as one day-to-date fact at the current hour (`HourlyFact.dayToDate`): the sync
 *   stores the difference to the day's earlier hours, and the next day's offline report replaces the day.
 * Numbers may come as strings, with thousands separators (model/common.go `Float64`, `Int64`); `fee` is yuan.
 */

import { chinaDay, chinaDayStart, hourStart, parseChinaTime } from '../../../shared/china-clock.ts';
import { idOf, rawId } from '../../../shared/lossless-json.ts';
import { yuanToFen } from '../../../shared/money.ts';
import type { HourlyFact } from '../ad-platform.ts';
import { asArray, asRecord, type ConnectorConfig, type ConnectorKit, str, trimBase } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { count } from '../money.ts';
import { xiaohongshuData, xiaohongshuPost } from './envelope.ts';

const PAGE = 1000;
const plain = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/,/g, '') : v);

function metrics(r: Record<string, unknown>) {
  return {
    costFen: yuanToFen(plain(r.fee)),
    shows: count(plain(r.impression)),
    clicks: count(plain(r.click)),
    conversions: count(plain(r.goods_order)),
  };
}

/** One span of whole past days from the offline report; every unit it names gets all 24 hours of each day (0 where absent). */
async function offline(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId: string, from: number, to: number) {
  const facts = new Map<string, HourlyFact>();
  for (let page = 1, pages = 1; page <= pages; page++) {
    const d = await xiaohongshuPost(cfg, kit, token, 'jg/data/report/offline/unit', {
      advertiser_id: rawId(advertiserId),
      start_date: chinaDay(from),
      end_date: chinaDay(to),
      time_unit: 'HOUR',
      page_num: page,
      page_size: PAGE,
    });
    if (d.data_list !== undefined && !Array.isArray(d.data_list))
      throw new ConnectorError('xiaohongshu', 'protocol', '小红书离线报表的 data_list 不是数组');
    pages = Math.ceil(Number(d.total_count ?? 0) / PAGE);
    for (const raw of asArray(d.data_list)) {
      const r = asRecord(raw);
      const hour = parseChinaTime(str(r.time));
      if (Number.isNaN(hour)) throw new ConnectorError('xiaohongshu', 'protocol', `小红书离线报表的 time 无法识别：${str(r.time)}`);
      const f = { advertiserId, campaignId: idOf(r.campaign_id), planId: idOf(r.unit_id), hour, ...metrics(r) };
      facts.set(`${f.planId}|${hour}`, f);
    }
  }
  // A day the platform reports replaces the day-to-date figures stored for it: hours it leaves out are zero.
  for (const f of [...facts.values()]) {
    const day = chinaDayStart(f.hour);
    for (let h = day; h < day + 86400; h += 3600)
      if (!facts.has(`${f.planId}|${h}`)) facts.set(`${f.planId}|${h}`, { ...f, hour: h, costFen: 0, shows: 0, clicks: 0, conversions: 0 });
  }
  return [...facts.values()];
}

/** Today's totals so far per unit, as day-to-date facts at the current hour. */
async function realtime(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId: string, today: number) {
  const facts: HourlyFact[] = [];
  const hour = hourStart(kit.now());
  for (let page = 1, pages = 1; page <= pages; page++) {
    const body = await kit.http.call(
      {
        method: 'POST',
        url: `${trimBase(cfg.apiBase)}/api/open/jg/data/report/realtime/unit`,
        headers: { 'Access-Token': token },
        json: {
          advertiser_id: rawId(advertiserId),
          start_date: chinaDay(today),
          end_date: chinaDay(today),
          page_num: page,
          page_size: PAGE,
        },
      },
      (answer) => {
        const data = xiaohongshuData(answer); // the envelope check
        const top = asRecord(answer.body);
        return 'unit_dtos' in data ? data : top; // the SDK reads unit_dtos beside the envelope; accept it under data too
      },
    );
    if (body.unit_dtos !== undefined && !Array.isArray(body.unit_dtos))
      throw new ConnectorError('xiaohongshu', 'protocol', '小红书实时报表的 unit_dtos 不是数组');
    pages = Math.ceil(Number(asRecord(body.page).total_count ?? 0) / PAGE);
    for (const raw of asArray(body.unit_dtos)) {
      const u = asRecord(raw);
      const unit = asRecord(u.base_unit_dto);
      const campaign = asRecord(u.base_campaign_dto);
      if (!idOf(unit.unit_id)) throw new ConnectorError('xiaohongshu', 'protocol', '小红书实时报表缺少 base_unit_dto.unit_id');
      facts.push({
        advertiserId,
        campaignId: idOf(unit.campaign_id) || idOf(campaign.campaign_id),
        planId: idOf(unit.unit_id),
        hour,
        ...metrics(asRecord(u.data)),
        dayToDate: true,
      });
    }
  }
  return facts;
}

export async function xiaohongshuHourly(
  cfg: ConnectorConfig,
  kit: ConnectorKit,
  token: string,
  advertiserId: string,
  fromHour: number,
  toHour: number,
): Promise<HourlyFact[]> {
  const today = chinaDayStart(kit.now());
  const facts: HourlyFact[] = [];
  for (let start = chinaDayStart(fromHour); start <= Math.min(toHour, today - 1); start += 30 * 86400)
    facts.push(...(await offline(cfg, kit, token, advertiserId, start, Math.min(toHour, today - 1, start + 30 * 86400 - 1))));
  if (toHour >= today) facts.push(...(await realtime(cfg, kit, token, advertiserId, today)));
  // Whole days: the sync stores every hour of a day it asked for (a day-to-date fact belongs to the current hour).
  return facts.filter((f) => f.hour >= chinaDayStart(fromHour) && f.hour <= Math.max(toHour, chinaDayStart(toHour) + 86400 - 3600));
}
