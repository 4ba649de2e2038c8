import { describe, expect, it } from 'vitest';
import { PICKER_CHANNEL_CODES, PICKER_SHOP_CODES, pickerModel } from './platform-picker.ts';

describe('pickerModel', () => {
  it('lists taobao and jingdong, plus new-link and alliance on the dashboard', () => {
    expect(pickerModel(false, 'juliang').shops.map((s) => s.value)).toEqual(['taobao', 'jingdong']);
    expect(pickerModel(true, 'juliang').shops.map((s) => s.value)).toEqual(['taobao', 'jingdong', 'miniapp', 'tbunion']);
    expect(pickerModel(true, 'juliang').channels.map((s) => s.value)).toEqual(['juliang', 'weibo']);
  });
  it('weibo on the dashboard disables jingdong labelled （未上线）', () => {
    const jd = pickerModel(true, 'weibo').shops[1];
    expect(jd).toEqual({ value: 'jingdong', label: '京东（未上线）', disabled: true });
    expect(pickerModel(false, 'weibo').shops[1]?.disabled).toBe(false);
  });
  it('marks unlaunched items disabled', () => {
    expect(pickerModel(true, 'juliang', ['tbunion']).shops[3]?.disabled).toBe(true);
  });
});

describe('picker on the boards', () => {
  it("adds '全部' first when asked, and weibo still disables 京东 labelled （未上线）", () => {
    expect(pickerModel(true, 'weibo', [], true).shops.map((s) => [s.value, s.label, s.disabled])).toEqual([
      ['all', '全部', false],
      ['taobao', '淘宝', false],
      ['jingdong', '京东（未上线）', true],
      ['miniapp', '淘宝新链接', false],
      ['tbunion', '淘宝联盟', false],
    ]);
  });
  it('maps picker shops and channels to the codes the board API takes', () => {
    expect(PICKER_SHOP_CODES).toEqual({ all: null, taobao: [2], jingdong: [3, 8], miniapp: [4], tbunion: [7] });
    expect(PICKER_CHANNEL_CODES).toEqual({ juliang: 2, weibo: 3 });
    for (const s of pickerModel(true, 'juliang', [], true).shops) expect(PICKER_SHOP_CODES).toHaveProperty(s.value);
  });
});
