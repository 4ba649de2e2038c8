import { CHANNELS, JUMP, JUMPTYPES, PLATFORMS } from '../../../shared/catalog.ts';
import { type LinkIndexInput, type LinkView, linkIndexInput } from '../../../shared/links.ts';
import { fenToYuanOrNull } from '../../../shared/money.ts';
import { countLinks, linkPages } from '../../links/service.ts';
import { defineKind } from '../kind.ts';

const label = <T extends Record<string | number, string>>(table: T, v: string | number): string =>
  (table as Record<string | number, string>)[v] ?? String(v);

/** Promotion links (投放链接): the list of `/napi/link/index` with its filters, through the links service. */
export const linksKind = defineKind<Omit<LinkIndexInput, 'page' | 'pagesize'>, LinkView>({
  kind: 'links',
  label: '投放链接',
  access: 'links',
  filters: linkIndexInput.omit({ page: true, pagesize: true }),
  count: countLinks,
  pages: (deps, actor, filters) => linkPages(deps, actor, filters, Number(process.env.XP_PAGE ?? 1000)),
  columns: [
    { key: 'pageid', label: '链接编号', type: 'text', width: 13, value: (l) => l.pageid },
    { key: 'title', label: '链接名称', type: 'text', width: 24, value: (l) => l.title },
    { key: 'customer', label: '客户', type: 'text', width: 20, value: (l) => l.customer },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (l) => l.customerid },
    { key: 'platform', label: '商品平台', type: 'text', width: 14, value: (l) => label(PLATFORMS, l.platform) },
    { key: 'state', label: '投放渠道', type: 'text', width: 12, value: (l) => label(CHANNELS, l.state) },
    { key: 'isdirect', label: '跳转方式', type: 'text', width: 10, value: (l) => label(JUMP, l.isdirect) },
    { key: 'jumptype', label: '跳转类型', type: 'text', width: 10, value: (l) => label(JUMPTYPES, l.jumptype) },
    { key: 'itemid', label: '商品 ID', type: 'text', width: 16, value: (l) => l.itemid },
    { key: 'item_title', label: '商品名称', type: 'text', width: 30, value: (l) => l.item_title },
    { key: 'item_price', label: '商品价格（元）', type: 'money', width: 14, value: (l) => fenToYuanOrNull(l.item_price) },
    { key: 'landing_url', label: '落地页', type: 'text', width: 40, value: (l) => l.landing_url },
    { key: 'monitor_touch_url', label: '点击监测链接', type: 'text', width: 50, value: (l) => l.monitor_touch_url },
    { key: 'monitor_show_url', label: '展示监测链接', type: 'text', width: 50, value: (l) => l.monitor_show_url },
    { key: 'relate_advertiser_ids', label: '关联广告主', type: 'text', width: 20, value: (l) => l.relate_advertiser_ids },
    { key: 'couponlink', label: '优惠券链接', type: 'text', width: 30, value: (l) => l.couponlink },
    { key: 'appid', label: '小程序 appid', type: 'text', width: 16, value: (l) => l.appid },
    { key: 'pagepath', label: '小程序页面路径', type: 'text', width: 24, value: (l) => l.pagepath },
    { key: 'created_at', label: '创建时间', type: 'datetime', value: (l) => l.created_at },
    { key: 'updated_at', label: '更新时间', type: 'datetime', value: (l) => l.updated_at },
  ],
});
