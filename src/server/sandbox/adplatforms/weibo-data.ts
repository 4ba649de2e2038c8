/**
 * 微博's report and conversion calls, as the sandbox speaks them (bububa/biz-weibo model/report/ad.go, base.go,
 * model/track/activate.go; fixtures report-ad-data.json, track-activate.json):
 * - `GET /v3/report/effect/get_ad_data?start_date&end_date&group_by (date | hour | sum)&page&page_size (≤ 200)&fields=…`
 *   → `{code, data: {list: [{ad_id, date, hour, pv, bhv, traffic_bhv, consume (yuan), bhv_71000007}], sum, page,
 *   pages, page_size, total_num}}` — only the asked fields; clicks are 导流 (traffic_bhv), interactions (bhv) a little
 *   more; conversions are the accepted 商品购买 postbacks.
 * - `GET /v3/track/activate?time (ms)&mark_id&behavior&host[&pay_amount]`: `host` is required here (回传来源); a
 *   conversion more than 2 h after the click's hour counts as natural (kept, not attributed).
 */
import type { Context, Hono } from 'hono';
import { chinaDay, chinaHour, parseChinaTime } from '../../../shared/china-clock.ts';
import type { PlatformContext } from './admin.ts';
import { sendJson } from './kit.ts';
import { wireId, yuan } from './paging.ts';
import { WEIBO_FACTS, type WeiboEnv, weiboRefusal } from './weibo-wire.ts';

const METRICS = ['pv', 'bhv', 'traffic_bhv', 'consume', 'bhv_71000007'] as const;
const C = WEIBO_FACTS.codes;

export function weiboData(
  ctx: PlatformContext,
  api: Hono<WeiboEnv>,
  paging: (c: Context, max?: number) => { page: number; size: number } | null,
): void {
  const { world } = ctx;
  const p = 'weibo';
  api.get('/v3/report/effect/get_ad_data', (c) => {
    const q = c.req.query();
    const from = parseChinaTime(q.start_date ?? '');
    const to = parseChinaTime(q.end_date ?? '');
    if (Number.isNaN(from) || Number.isNaN(to) || to < from || to - from > 30 * 86400)
      return weiboRefusal(c, C.badParam, 'start_date / end_date 须为 YYYY-MM-DD，跨度不超过 31 天');
    const by = q.group_by ?? 'date';
    if (!['date', 'hour', 'sum'].includes(by)) return weiboRefusal(c, C.badParam, 'group_by 取值 date、hour、sum');
    const fields = c.req.queries('fields') ?? [];
    if (!fields.length || fields.some((f) => !(METRICS as readonly string[]).includes(f)))
      return weiboRefusal(c, C.badParam, 'fields 必填，取值见数据报表指标说明');
    const pg = paging(c, 200);
    if (!pg) return weiboRefusal(c, C.badParam, 'page_size 取值范围 1-200');
    const rows = new Map<string, { ad_id: string; date: string; hour: number; pv: number; clicks: number; cost: number; conv: number }>();
    for (const r of world.report(p, c.get('customer'), from, to + 86399)) {
      const key = by === 'hour' ? `${r.hour}|${r.planId}` : by === 'date' ? `${chinaDay(r.hour)}|${r.planId}` : r.planId;
      const m = rows.get(key) ?? {
        ad_id: r.planId,
        date: chinaDay(r.hour),
        hour: by === 'hour' ? chinaHour(r.hour) : 0,
        pv: 0,
        clicks: 0,
        cost: 0,
        conv: 0,
      };
      m.pv += r.shows;
      m.clicks += r.clicks;
      m.cost += r.costFen;
      m.conv += r.conversions;
      rows.set(key, m);
    }
    const pick = (m: { pv: number; clicks: number; cost: number; conv: number }) => {
      const all: Record<string, number> = {
        pv: m.pv,
        bhv: m.clicks + Math.floor(m.pv / 50),
        traffic_bhv: m.clicks,
        consume: yuan(m.cost),
        bhv_71000007: m.conv,
      };
      return Object.fromEntries(fields.map((f) => [f, all[f]]));
    };
    const all = [...rows.values()];
    const sum = all.reduce((s, m) => ({ pv: s.pv + m.pv, clicks: s.clicks + m.clicks, cost: s.cost + m.cost, conv: s.conv + m.conv }), {
      pv: 0,
      clicks: 0,
      cost: 0,
      conv: 0,
    });
    const list = all
      .slice((pg.page - 1) * pg.size, pg.page * pg.size)
      .map((m) => ({ ad_id: wireId(m.ad_id), date: m.date, hour: m.hour, ...pick(m) }));
    return sendJson(c, {
      code: 0,
      data: { list, sum: pick(sum), page: pg.page, pages: Math.ceil(all.length / pg.size), page_size: pg.size, total_num: all.length },
    });
  });

  api.get('/v3/track/activate', (c) => {
    const q = c.req.query();
    const reject = (msg: string) => (world.recordConversion(p, false, msg, null, q), weiboRefusal(c, C.badParam, msg));
    if (!q.mark_id) return reject('mark_id 必填');
    if (!q.host) return reject('host 必填：回传来源，请填写您的域名');
    if (!(WEIBO_FACTS.behaviors as readonly number[]).includes(Number(q.behavior))) return reject(`behavior 无效：${q.behavior ?? ''}`);
    const t = Number(q.time);
    if (!Number.isInteger(t) || t < 1e12) return reject('time 须为毫秒时间戳');
    if (q.pay_amount !== undefined && !(Number(q.pay_amount) >= 0)) return reject('pay_amount 须为金额（元）');
    const click = world.click(p, { clickId: q.mark_id });
    if (!click) return reject('mark_id 无效');
    const late = world.now() - t / 1000 > 7200;
    world.recordConversion(p, true, late ? '超过 2 小时，计为自然转化' : '', late ? null : click.planId, q);
    return sendJson(c, { code: 0, message: 'ok' });
  });
}
