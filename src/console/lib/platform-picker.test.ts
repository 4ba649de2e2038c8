import { describe, expect, it } from 'vitest';
import { pickerModel } from './platform-picker.ts';

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
