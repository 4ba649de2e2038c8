import { describe, expect, it } from 'vitest';
import { topForm, topResponseKey, topSign } from './top.ts';

// The example of TOP's signing guide (open.taobao.com, 签名算法): secret "helloworld", taobao.item.seller.get.
const guide = {
  method: 'taobao.item.seller.get',
  app_key: '12345678',
  session: 'test',
  timestamp: '2016-01-01 12:00:00',
  format: 'json',
  v: '2.0',
  fields: 'num_iid,title,nick,price,num',
  num_iid: '11223344',
};

describe('TOP signing', () => {
  it('md5 matches the published example of the signing guide', () => {
    expect(topSign({ ...guide, sign_method: 'md5' }, 'helloworld', 'md5')).toBe('66987CB115214E59E6EC978214934FB8');
  });

  // Hand-checked with Python's hmac module: hmac.new(b"helloworld", joined, hashlib.md5 / sha256).
  it('hmac (HMAC-MD5) and hmac-sha256 match hand-checked values', () => {
    expect(topSign({ ...guide, sign_method: 'hmac' }, 'helloworld', 'hmac')).toBe('D56D7858309C31B6251083A874D48273');
    expect(topSign({ ...guide, sign_method: 'hmac-sha256' }, 'helloworld', 'hmac-sha256')).toBe(
      '04DB15AD0774D5CFCE2C837DE43E3FCEA9011ED74F3038FB6AB5F3C4CEA119E8',
    );
  });

  it('ignores an existing sign parameter and changes with any value', () => {
    const base = topSign({ ...guide, sign_method: 'md5' }, 'helloworld', 'md5');
    expect(topSign({ ...guide, sign_method: 'md5', sign: 'X' }, 'helloworld', 'md5')).toBe(base);
    expect(topSign({ ...guide, sign_method: 'md5', num_iid: '11223345' }, 'helloworld', 'md5')).not.toBe(base);
    expect(topSign({ ...guide, sign_method: 'md5' }, 'helloworld!', 'md5')).not.toBe(base);
  });

  it('builds a signed form: GMT+8 timestamp, objects as JSON, empty values left out', () => {
    const form = topForm(
      {
        platform: 'taobao',
        label: '淘宝联盟',
        apiBase: 'http://x',
        appKey: 'k',
        appSecret: 's',
        signMethod: 'md5',
        now: () => Date.UTC(2024, 0, 31, 16, 30, 5),
      },
      'taobao.tbk.dg.general.link.convert',
      { adzone_id: 3, item_dto: [{ item_id: '1' }], relation_id: undefined, special_id: '' },
    );
    expect(form.timestamp).toBe('2024-02-01 00:30:05');
    expect(form.item_dto).toBe('[{"item_id":"1"}]');
    expect('relation_id' in form || 'special_id' in form).toBe(false);
    expect(form.sign).toBe(topSign(form, 's', 'md5'));
  });

  it('names the answer key as TOP does', () => {
    expect(topResponseKey('taobao.tbk.order.details.get')).toBe('tbk_order_details_get_response');
    expect(topResponseKey('alibaba.taobao.ud.smart.order.detail.pull')).toBe('alibaba_taobao_ud_smart_order_detail_pull_response');
  });
});
