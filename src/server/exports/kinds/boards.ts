import { channelLabel, platformLabel } from '../../../shared/catalog.ts';
import {
  type IndexDetailInput,
  type ItemIndexInput,
  type ItemRow,
  indexDetailInput,
  itemIndexInput,
  type RankRow,
} from '../../../shared/dashboard.ts';
import { indexDetailRows } from '../../dashboard/detail.ts';
import { itemRows } from '../../dashboard/items.ts';
import { defineKind } from '../kind.ts';
import { metricColumns } from './metric-columns.ts';

const PAGE = 1000;

async function* inPages<R>(rows: readonly R[]): AsyncIterable<readonly R[]> {
  for (let i = 0; i < rows.length; i += PAGE) yield rows.slice(i, i + PAGE);
}

type DetailFilters = Omit<IndexDetailInput, 'page' | 'pagesize'>;

/** 排行明细 (`/api/index/detail`): the ranked advertisers, plans, links … of the boards, through the dashboard service. */
export const dashboardDetailKind = defineKind<DetailFilters, RankRow>({
  kind: 'dashboardDetail',
  label: '排行明细',
  access: 'boards',
  filters: indexDetailInput.omit({ page: true, pagesize: true }),
  count: async (deps, actor, filters) => (await indexDetailRows(deps, actor, filters)).length,
  pages: async function* (deps, actor, filters) {
    yield* inPages(await indexDetailRows(deps, actor, filters));
  },
  columns: [
    { key: 'id', label: '编号', type: 'text', width: 16, value: (r) => r.id },
    { key: 'name', label: '名称', type: 'text', width: 28, value: (r) => r.name },
    { key: 'customer', label: '客户', type: 'text', width: 20, value: (r) => r.customer },
    { key: 'customerid', label: '客户编号', type: 'integer', width: 10, value: (r) => r.customerid },
    { key: 'channel', label: '渠道', type: 'text', width: 12, value: (r) => channelLabel(r.channel, '') },
    { key: 'advertiser_id', label: '广告主编号', type: 'text', width: 18, value: (r) => r.advertiser_id },
    { key: 'advertiser_name', label: '广告主', type: 'text', width: 20, value: (r) => r.advertiser_name },
    { key: 'pageid', label: '推广链接', type: 'text', width: 13, value: (r) => r.pageid },
    { key: 'item_id', label: '商品 ID', type: 'text', width: 16, value: (r) => r.item_id },
    { key: 'visits', label: '落地页访问', type: 'integer', width: 12, value: (r) => r.visits },
    ...metricColumns<RankRow>(),
  ],
});

type ItemFilters = Omit<ItemIndexInput, 'page' | 'pagesize'>;

/** 商品效果分析 (`/napi/itemanalyse/index`): per item cost, clicks, orders, GMV, ROI and conversion. */
export const itemAnalysisKind = defineKind<ItemFilters, ItemRow>({
  kind: 'itemAnalysis',
  label: '商品效果分析',
  access: 'boards',
  filters: itemIndexInput.omit({ page: true, pagesize: true }),
  count: async (deps, actor, filters) => (await itemRows(deps, actor, filters)).length,
  pages: async function* (deps, actor, filters) {
    yield* inPages(await itemRows(deps, actor, filters));
  },
  columns: [
    { key: 'item_id', label: '商品 ID', type: 'text', width: 16, value: (r) => r.item_id },
    { key: 'item_title', label: '商品名称', type: 'text', width: 30, value: (r) => r.item_title },
    { key: 'platform', label: '商品平台', type: 'text', width: 14, value: (r) => platformLabel(r.platform) },
    { key: 'links', label: '推广链接数', type: 'integer', width: 10, value: (r) => r.links },
    { key: 'visits', label: '落地页访问', type: 'integer', width: 12, value: (r) => r.visits },
    ...metricColumns<ItemRow>(),
  ],
});
