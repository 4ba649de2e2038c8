import { converQuery, conversionView, itemQuery, shopIdView, urlQuery } from '../affiliate.ts';
import { pageidSchema } from '../links.ts';
import { z } from '../zod.ts';
import { contract } from './contract.ts';

/** Spec §7 separate service `/tfc/*`: item conversion through the affiliate unions and landing HTML publishing. */
const tag = '商品转链与落地页发布';

const htmlInput = z.object({
  pageid: pageidSchema,
  html: z.string({ error: '请提供落地页 HTML' }).min(1, '请提供落地页 HTML'),
});
const published = z.object({ pageid: z.string(), key: z.string(), bytes: z.number().int() });

export const tfcTaobaoUrl = contract({
  path: '/tfc/newputoth/geturl',
  method: 'GET',
  access: 'links',
  tag,
  summary: '淘宝商品转链（商品 ID 或链接）',
  input: itemQuery,
  output: conversionView,
});
export const tfcPddUrl = contract({
  path: '/tfc/newputpdd/geturl',
  method: 'GET',
  access: 'links',
  tag,
  summary: '拼多多商品转链',
  input: itemQuery,
  output: conversionView,
});
export const tfcItemConvert = contract({
  path: '/tfc/newputoth/item_conver',
  method: 'GET',
  access: 'links',
  tag,
  summary: '任意平台商品/店铺链接转链（裸 ID 需同时给 platform）',
  input: converQuery,
  output: conversionView,
});
export const tfcJdPromotion = contract({
  path: '/tfc/jdpromotion',
  method: 'POST',
  access: 'links',
  tag,
  summary: '京东商品推广链接',
  input: itemQuery,
  output: conversionView,
});
export const tfcJdShopId = contract({
  path: '/tfc/jdgetshopid',
  method: 'GET',
  access: 'links',
  tag,
  summary: '京东店铺 ID（店铺链接直接解析，商品链接经联盟）',
  input: urlQuery,
  output: shopIdView,
});
export const tfcHtmlToss = contract({
  path: '/tfc/htmltoss',
  method: 'POST',
  access: 'links',
  tag,
  okMsg: '发布成功',
  summary: '发布落地页静态 HTML 到对象存储',
  input: htmlInput,
  output: published,
});
export const tfcHtmlOss = contract({
  path: '/tfc/newputoth/htmloss',
  method: 'POST',
  access: 'links',
  tag,
  okMsg: '发布成功',
  summary: '发布新链接落地页静态 HTML 到对象存储',
  input: htmlInput,
  output: published,
});

export const tfcContracts = [tfcTaobaoUrl, tfcPddUrl, tfcItemConvert, tfcJdPromotion, tfcJdShopId, tfcHtmlToss, tfcHtmlOss];
