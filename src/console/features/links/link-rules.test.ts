import { describe, expect, it } from 'vitest';
import { shortUrl } from './format.ts';
import { emptyForm, fieldsFor, patchForm, serverFieldError, toPayload, validateForm } from './link-form.ts';
import { emptyFilters, listQuery } from './list-query.ts';
import { detailPath, ownerElsewhere, variantInfo, variantOf } from './variant.ts';

describe('variantOf', () => {
  it('tells the four list routes and the detail routes apart', () => {
    expect(variantOf('/landing')).toBe('ver2');
    expect(variantOf('/landing/page')).toBe('old');
    expect(variantOf('/minilandurl/page')).toBe('mini');
    expect(variantOf('/minilandurl/123')).toBe('mini');
    expect(variantOf('/newsxA/client/landingpage')).toBe('admin');
    expect(variantOf('/newsxA/client/landingpage/9')).toBe('admin');
    expect(variantOf('/landing/42', 'ver2')).toBe('ver2');
    expect(variantOf('/landing/42', 'ver1')).toBe('old');
  });
  it('detail paths follow the variant', () => {
    expect(detailPath('ver2', '42')).toBe('/landing/42');
    expect(detailPath('old', '42')).toBe('/landing/42');
    expect(detailPath('mini', '42')).toBe('/minilandurl/42');
    expect(detailPath('admin', '42')).toBe('/newsxA/client/landingpage/42');
  });
  it('only agents and admins get the customer column', () => {
    expect(variantInfo('ver2', 3).customers).toBe(false);
    expect(variantInfo('ver2', 4).customers).toBe(true);
    expect(variantInfo('admin', 2).customers).toBe(true);
  });
});

describe('listQuery', () => {
  const ver2 = variantInfo('ver2', 3);
  it('leaves empty filters out', () => {
    expect(listQuery(emptyFilters, ver2, 1, 20)).toEqual({ page: 1, pagesize: 20 });
  });
  it('sends the chosen filters, trimmed', () => {
    const q = listQuery({ exact: ' 123 ', isdirect: 2, platform: 3, state: 4, customerid: 7 }, ver2, 2, 50);
    expect(q).toEqual({ page: 2, pagesize: 50, exact: '123', isdirect: 2, platform: 3, state: 4 });
  });
  it('sends the customer only where customers can be picked', () => {
    expect(listQuery({ ...emptyFilters, customerid: 7 }, variantInfo('admin', 1), 1, 20)).toMatchObject({ customerid: 7 });
  });
  it('always asks for a platform on the old and new-link pages', () => {
    expect(listQuery(emptyFilters, variantInfo('mini', 3), 1, 20).platform).toBe(4);
    expect(listQuery({ ...emptyFilters, platform: 2 }, variantInfo('mini', 3), 1, 20).platform).toBe(4);
    expect(listQuery(emptyFilters, variantInfo('old', 3), 1, 20).platform).toBe(2);
    expect(listQuery({ ...emptyFilters, platform: 3 }, variantInfo('old', 3), 1, 20).platform).toBe(3);
  });
});

describe('link form', () => {
  const valid = { ...emptyForm(2), item: '123456789' };
  it('platform decides the inputs', () => {
    expect(fieldsFor(2).jumptypes).toContain('taojimu');
    expect(fieldsFor(4).jumptypes).toContain('taojimu');
    expect(fieldsFor(3).jumptypes).not.toContain('taojimu');
    expect(fieldsFor(6)).toEqual({ jumptypes: ['detail'], coupon: false, miniapp: true });
  });
  it('a jump type the new platform lacks falls back to detail', () => {
    expect(patchForm({ ...valid, jumptype: 'taojimu' }, { platform: 3 }).jumptype).toBe('detail');
    expect(patchForm({ ...valid, jumptype: 'smart' }, { platform: 3 }).jumptype).toBe('smart');
  });
  it('accepts a minimal taobao link', () => {
    expect(validateForm(valid, false)).toEqual({});
    expect(validateForm({ ...valid, item: 'https://item.taobao.com/item.htm?id=1' }, false)).toEqual({});
  });
  it('explains what is missing, in Chinese', () => {
    expect(validateForm({ ...valid, item: '' }, false).item).toBe('请输入商品 ID 或商品链接');
    expect(validateForm({ ...valid, item: 'abc' }, false).item).toMatch(/商品/);
    expect(validateForm(valid, true).customerid).toBe('请选择客户');
    expect(validateForm({ ...valid, jumptype: 'taojimu' }, false).taojimulink).toBe('请输入淘积木链接');
    expect(validateForm({ ...valid, jumptype: 'smart', smartlink: 'ftp://x' }, false).smartlink).toMatch(/http/);
    expect(validateForm({ ...valid, couponlink: 'nope' }, false).couponlink).toMatch(/http/);
    expect(validateForm({ ...valid, relate_advertiser_ids: '12,ab' }, false).relate_advertiser_ids).toMatch(/逗号/);
    const wx = validateForm({ ...emptyForm(6), item: '1234' }, false);
    expect(wx).toEqual({ pagepath: '请输入小程序页面路径' });
  });
  it('puts a server refusal under the field it names', () => {
    expect(serverFieldError({ field: 'pagepath' }, '必须填写')).toEqual({ pagepath: '必须填写' });
    expect(serverFieldError({ field: 'itemid' }, '商品不存在')).toEqual({ item: '商品不存在' });
    expect(serverFieldError({ field: 'nope' }, 'x')).toBeNull();
    expect(serverFieldError(null, 'x')).toBeNull();
  });
  it('sends only the fields the platform uses', () => {
    const body = toPayload(
      { ...valid, jumptype: 'detail', taojimulink: 'https://x', appid: 'wx1', relate_advertiser_ids: ' 1， 2,,3 ' },
      false,
    );
    expect(body).toMatchObject({
      platform: 2,
      state: 2,
      item: '123456789',
      isdirect: 1,
      jumptype: 'detail',
      taojimulink: '',
      appid: '',
      relate_advertiser_ids: '1,2,3',
    });
    expect(body).not.toHaveProperty('customerid');
    expect(toPayload({ ...valid, customerid: 9 }, true, '55')).toMatchObject({ customerid: 9, pageid: '55' });
  });
});

describe('shortUrl', () => {
  it('keeps the path and hints at the query', () => {
    expect(shortUrl('http://127.0.0.1:4399/m/c/123?ch=2&adv=__A__')).toBe('/m/c/123?…');
    expect(shortUrl('https://x.example/pub/9')).toBe('/pub/9');
    expect(shortUrl('not a url')).toBe('not a url');
  });
});

describe('old-version lists keep to their own links', () => {
  it('sends a taobao link opened at /minilandurl/{id} to /landing/{id} and a mini-app link the other way', () => {
    expect(ownerElsewhere('mini', 2, '12')).toBe('/landing/12');
    expect(ownerElsewhere('old', 4, '12')).toBe('/minilandurl/12');
    expect(ownerElsewhere('mini', 4, '12')).toBeNull();
    expect(ownerElsewhere('old', 3, '12')).toBeNull();
  });
  it('shows a link no old list owns where it was opened, and never moves ver2 or admin details', () => {
    expect(ownerElsewhere('mini', 5, '12')).toBeNull();
    expect(ownerElsewhere('ver2', 4, '12')).toBeNull();
    expect(ownerElsewhere('admin', 2, '12')).toBeNull();
  });
});
