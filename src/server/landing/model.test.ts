import { describe, expect, it } from 'vitest';
import { JUMP_SCRIPT, jdApp, type LandingLinkRow, landingModel, pddApp, priceText, safeWebUrl, taobaoApp, wxApp } from './model.ts';

const base: LandingLinkRow = {
  pageid: '1',
  platform: 2,
  state: 2,
  itemid: '',
  item_title: '',
  item_image: '',
  item_price: 0,
  isdirect: 1,
  jumptype: 'detail',
  detaillink: '',
  smartlink: '',
  taojimulink: '',
  couponlink: '',
  transedlink: '',
  appid: '',
  pagepath: '',
};

describe('landing model', () => {
  it('direct taobao prefers the converted link and opens the taobao app', () => {
    const m = landingModel({
      ...base,
      detaillink: 'https://item.taobao.com/item.htm?id=1',
      transedlink: 'https://s.click.taobao.com/t?e=x',
    });
    expect(m).toMatchObject({
      mode: 'direct',
      auto: true,
      web: 'https://s.click.taobao.com/t?e=x',
      app: 'taobao://s.click.taobao.com/t?e=x',
    });
  });
  it('jump types pick their link; taojimu and the mini-app use tbopen', () => {
    expect(
      landingModel({ ...base, jumptype: 'taojimu', taojimulink: 'https://market.m.taobao.com/x', detaillink: 'https://a.cn/' }).app,
    ).toBe(taobaoApp('https://market.m.taobao.com/x', true));
    expect(landingModel({ ...base, jumptype: 'smart', smartlink: 'https://s.cn/x' }).web).toBe('https://s.cn/x');
    expect(landingModel({ ...base, platform: 4, detaillink: 'https://m.tb.cn/h' }).app).toMatch(
      /^tbopen:\/\/m\.taobao\.com\/tbopen\/index\.html\?h5Url=https%3A%2F%2Fm\.tb\.cn%2Fh$/,
    );
  });
  it('jd and pinduoduo app urls', () => {
    const jd = jdApp('https://item.m.jd.com/product/1.html');
    expect(jd.startsWith('openapp.jdmobile://virtual?params=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(jd.split('params=')[1]!))).toMatchObject({
      category: 'jump',
      url: 'https://item.m.jd.com/product/1.html',
    });
    expect(pddApp('https://mobile.yangkeduo.com/goods.html?goods_id=7', '')).toBe(
      'pinduoduo://com.xunmeng.pinduoduo/goods.html?goods_id=7',
    );
    expect(pddApp('', '99')).toBe('pinduoduo://com.xunmeng.pinduoduo/goods.html?goods_id=99');
  });
  it('wechat mini-app link', () => {
    expect(wxApp('wx1234567890abcdef', '/pages/item/index?id=42&from=ad')).toBe(
      'weixin://dl/business/?appid=wx1234567890abcdef&path=pages%2Fitem%2Findex&query=id%3D42%26from%3Dad&env_version=release',
    );
    expect(wxApp('bad id"', 'x')).toBe('');
    expect(landingModel({ ...base, platform: 6, isdirect: 2, appid: 'wxabc', pagepath: 'p/i' })).toMatchObject({
      mode: 'wx',
      auto: false,
      web: '',
    });
  });
  it('never shows the link name (an internal label) to shoppers, whatever the platform', () => {
    const named = { ...base, title: '礼盒装坚果-微信小程序' } as LandingLinkRow;
    expect(landingModel({ ...named, platform: 6, isdirect: 2, appid: 'wxabc', pagepath: 'p/i' }).title).toBe('');
    expect(landingModel({ ...named, isdirect: 2 }).title).toBe('');
    expect(landingModel({ ...named, platform: 6, item_title: '坚果礼盒 1kg', appid: 'wxabc', pagepath: 'p/i' }).title).toBe('坚果礼盒 1kg');
  });
  it('indirect shows item, price from fen and coupon', () => {
    const m = landingModel({
      ...base,
      isdirect: 2,
      item_title: 'T恤',
      item_price: 5900,
      item_image: 'https://img.cn/a.jpg',
      couponlink: 'https://c.cn/q',
      detaillink: 'https://item.taobao.com/x',
    });
    expect(m).toMatchObject({
      mode: 'indirect',
      auto: false,
      price: '¥59.00',
      image: 'https://img.cn/a.jpg',
      coupon: 'https://c.cn/q',
      button: '立即购买',
    });
    expect([priceText(0), priceText(1), priceText(12345)]).toEqual(['', '¥0.01', '¥123.45']);
  });
  it('refuses non-http urls', () => {
    expect(safeWebUrl('javascript:alert(1)')).toBe('');
    expect(safeWebUrl('data:text/html,x')).toBe('');
    expect(safeWebUrl('//a.cn/x')).toBe('https://a.cn/x');
    const m = landingModel({ ...base, detaillink: 'javascript:alert(1)', item_image: 'javascript:1', couponlink: 'vbscript:x' });
    expect([m.web, m.app, m.image, m.coupon, m.auto]).toEqual(['', '', '', '', false]);
  });
  it('the inline script is constant and small', () => {
    expect(Buffer.byteLength(JUMP_SCRIPT)).toBeLessThanOrEqual(1536);
    expect(JUMP_SCRIPT).not.toMatch(/<\/script/i);
  });
});
