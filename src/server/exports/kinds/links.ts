import { CHANNELS, JUMP, JUMPTYPES, PLATFORMS } from '../../../shared/catalog.ts';
import { type LinkIndexInput, type LinkView, linkIndexInput } from '../../../shared/links.ts';
import { fenToYuanOrNull } from '../../../shared/money.ts';
import type { LinkMetricsRow } from '../../../shared/stats.ts';
import { linkNumbers, listDays } from '../../facts/link-traffic.ts';
import { scopeOf } from '../../links/scope.ts';
import { countLinks, linkPages } from '../../links/service.ts';
import { defineKind, PAGE_ROWS } from '../kind.ts';
import { invalidColumns } from './invalid-columns.ts';

const label = <T extends Record<string | number, string>>(table: T, v: string | number): string =>
  (table as Record<string | number, string>)[v] ?? String(v);

/** A link of the list with its numbers over the export's dates (wrapped, not spread: a million rows are not copied). */
type LinkRow = { link: LinkView; numbers: LinkMetricsRow; range: string };

/**
 * Promotion links (推广链接): the list of `/napi/link/index` with its filters, through the links service, and the
 * list's data columns over its dates (`start`/`end`, default the last 7 days): cost, the platform's and our monitor's
 * clicks (valid, and the invalid ones with their share and reasons), orders, GMV and ROI, from the read model (the same numbers as the screen's columns and `/link/metrics`).
 */
export const linksKind = defineKind<Omit<LinkIndexInput, 'page' | 'pagesize'>, LinkRow>({
  kind: 'links',
  label: '推广链接',
  access: 'links',
  filters: linkIndexInput.omit({ page: true, pagesize: true }),
  count: (deps, actor, filters) => {
    listDays(deps.clock.now(), filters.start, filters.end); // a bad range is refused before anything is queued
    return countLinks(deps, actor, filters);
  },
  async *pages(deps, actor, filters) {
    const days = listDays(deps.clock.now(), filters.start, filters.end);
    const scope = await scopeOf(deps.db, actor);
    const range = days.start === days.end ? days.start : `${days.start} 至 ${days.end}`;
    for await (const page of linkPages(deps, actor, filters, PAGE_ROWS)) {
      const numbers = await linkNumbers(
        deps.db,
        scope,
        page.map((l) => l.pageid),
        days.span,
      );
      yield page.map((link) => ({ link, numbers: numbers.get(link.pageid) as LinkMetricsRow, range }));
    }
  },
  columns: [
    { key: 'pageid', label: '链接编号', type: 'text', width: 13, value: (l) => l.link.pageid },
    { key: 'title', label: '链接名称', type: 'text', width: 24, value: (l) => l.link.title },
    { key: 'customer', label: '客户', type: 'text', width: 20, value: (l) => l.link.customer },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (l) => l.link.customerid },
    { key: 'platform', label: '商品平台', type: 'text', width: 14, value: (l) => label(PLATFORMS, l.link.platform) },
    { key: 'state', label: '投放渠道', type: 'text', width: 12, value: (l) => label(CHANNELS, l.link.state) },
    { key: 'isdirect', label: '跳转方式', type: 'text', width: 10, value: (l) => label(JUMP, l.link.isdirect) },
    { key: 'jumptype', label: '跳转类型', type: 'text', width: 10, value: (l) => label(JUMPTYPES, l.link.jumptype) },
    { key: 'itemid', label: '商品 ID', type: 'text', width: 16, value: (l) => l.link.itemid },
    { key: 'item_title', label: '商品名称', type: 'text', width: 30, value: (l) => l.link.item_title },
    { key: 'item_price', label: '商品价格（元）', type: 'money', width: 14, value: (l) => fenToYuanOrNull(l.link.item_price) },
    { key: 'landing_url', label: '落地页', type: 'text', width: 40, value: (l) => l.link.landing_url },
    { key: 'monitor_touch_url', label: '点击监测链接', type: 'text', width: 50, value: (l) => l.link.monitor_touch_url },
    { key: 'monitor_show_url', label: '展示监测链接', type: 'text', width: 50, value: (l) => l.link.monitor_show_url },
    { key: 'relate_advertiser_ids', label: '关联广告主', type: 'text', width: 20, value: (l) => l.link.relate_advertiser_ids },
    { key: 'couponlink', label: '优惠券链接', type: 'text', width: 30, value: (l) => l.link.couponlink },
    { key: 'appid', label: '小程序 appid', type: 'text', width: 16, value: (l) => l.link.appid },
    { key: 'pagepath', label: '小程序页面路径', type: 'text', width: 24, value: (l) => l.link.pagepath },
    { key: 'range', label: '数据日期', type: 'text', width: 24, value: (l) => l.range },
    { key: 'sum_cost', label: '消耗（元）', type: 'money', value: (l) => l.numbers.metrics.sum_cost },
    { key: 'sum_click', label: '点击数（平台）', type: 'integer', value: (l) => l.numbers.metrics.sum_click },
    { key: 'monitor_clicks', label: '监测点击', type: 'integer', value: (l) => l.numbers.monitor_clicks },
    ...invalidColumns<LinkRow>((l) => ({
      valid: l.numbers.monitor_clicks,
      invalid: l.numbers.invalid_clicks,
      reasons: l.numbers.invalid_reasons,
    })),
    { key: 'visits', label: '落地页访问', type: 'integer', value: (l) => l.numbers.visits },
    { key: 'ordernum', label: '订单数', type: 'integer', value: (l) => l.numbers.metrics.ordernum },
    { key: 'order_price', label: '订单金额（元）', type: 'money', value: (l) => l.numbers.metrics.order_price },
    { key: 'roi', label: 'ROI', type: 'number', value: (l) => l.numbers.metrics.roi },
    { key: 'created_at', label: '创建时间', type: 'datetime', value: (l) => l.link.created_at },
    { key: 'updated_at', label: '更新时间', type: 'datetime', value: (l) => l.link.updated_at },
  ],
});
