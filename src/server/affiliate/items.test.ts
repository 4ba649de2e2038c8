import { describe, expect, it } from 'vitest';
import { parseItem, unionOf } from './items.ts';

describe('parseItem', () => {
  it.each([
    ['612345678901', 2, { platform: 2, kind: 'item', id: '612345678901' }],
    ['  612345678901 ', null, { platform: null, kind: 'item', id: '612345678901' }],
    ['https://item.taobao.com/item.htm?spm=a1&id=612345678901', null, { platform: 2, kind: 'item', id: '612345678901' }],
    ['item.taobao.com/item.htm?id=612345678901', 2, { platform: 2, kind: 'item', id: '612345678901' }],
    ['https://detail.tmall.com/item.htm?id=700000000001&skuId=1', null, { platform: 2, kind: 'item', id: '700000000001' }],
    ['https://detail.m.tmall.com/item.htm?id=700000000001', null, { platform: 2, kind: 'item', id: '700000000001' }],
    ['https://shop123456.taobao.com/', null, { platform: 2, kind: 'shop', id: '123456' }],
    ['https://item.jd.com/100012043978.html', 3, { platform: 3, kind: 'item', id: '100012043978' }],
    ['https://item.m.jd.com/product/100012043978.html?sid=1', null, { platform: 3, kind: 'item', id: '100012043978' }],
    ['https://mall.jd.com/index-1000004123.html', null, { platform: 3, kind: 'shop', id: '1000004123' }],
    ['https://mobile.yangkeduo.com/goods.html?goods_id=12345678', 5, { platform: 5, kind: 'item', id: '12345678' }],
    ['http://mobile.yangkeduo.com/goods1.html?goods_id=12345678&page_from=1', null, { platform: 5, kind: 'item', id: '12345678' }],
  ] as const)('%s (union %s)', (input, union, expected) => {
    expect(parseItem(input, union)).toEqual(expected);
  });

  it.each([
    ['', null, '请输入商品 ID 或商品链接'],
    ['12', 2, '商品 ID 应为 4–20 位数字'],
    ['abc', 2, '商品 ID 只能是数字，或粘贴完整的商品链接'],
    ['https://m.tb.cn/h.5Xyz', 2, '短链接需要联网解析，暂不支持；请在浏览器打开后粘贴商品详情页链接，或直接输入商品 ID'],
    ['https://u.jd.com/AbCdEf', 3, '短链接需要联网解析，暂不支持；请在浏览器打开后粘贴商品详情页链接，或直接输入商品 ID'],
    ['https://item.taobao.com/item.htm?id=abc', 2, '无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接'],
    ['https://item.jd.com/index.html', 3, '无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接'],
    ['https://evil.example/item.htm?id=612345678901', 2, '无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接'],
    [
      'https://item.taobao.com.evil.cn/item.htm?id=612345678901',
      2,
      '无法识别的商品链接：支持淘宝、天猫、京东、拼多多的商品详情页或店铺链接',
    ],
    ['javascript:alert(1)', 2, '商品链接必须是 http:// 或 https:// 开头'],
    ['https://item.jd.com/100012043978.html', 2, '该链接属于京东，与所选商品平台（淘宝/天猫）不一致'],
  ] as const)('refuses %s', (input, union, msg) => {
    expect(() => parseItem(input, union)).toThrow(msg);
  });

  it('maps link platforms to unions', () => {
    expect([2, 3, 4, 5, 6, 7, 8].map(unionOf)).toEqual([2, 3, 2, 5, null, 2, 3]);
  });
});
