import { describe, expect, it } from 'vitest';
import { formatLogValue, logChanges } from './log-format.ts';

describe('change log', () => {
  it('shows codes through the catalog labels', () => {
    expect(formatLogValue('platform', 2)).toBe('淘宝');
    expect(formatLogValue('state', 2)).toBe('巨量引擎');
    expect(formatLogValue('isdirect', 2)).toBe('非直跳');
    expect(formatLogValue('jumptype', 'taojimu')).toBe('淘积木');
    expect(formatLogValue('item_price', 1990)).toBe('¥19.90');
    expect(formatLogValue('title', '')).toBe('空');
  });
  it('shows a price of 0 fen as no price, like the summary, and leaves it out of a creation', () => {
    expect(formatLogValue('item_price', 0)).toBe('--');
    expect(logChanges('create', {}, { platform: 6, item_price: 0, pagepath: 'pages/a' }).map((c) => c.field)).toEqual([
      'platform',
      'pagepath',
    ]);
  });
  it('lists changed fields with before and after', () => {
    expect(logChanges('update', { title: 'a' }, { title: 'b', isdirect: 1 })).toEqual([
      { field: 'title', label: '链接名称', before: 'a', after: 'b' },
      { field: 'isdirect', label: '跳转方式', before: null, after: '直跳' },
    ]);
  });
  it('has no before on create and reads JSON strings', () => {
    expect(logChanges('create', '{}', '{"platform":3,"title":"","monitor_touch_url":"https://m"}')).toEqual([
      { field: 'platform', label: '商品平台', before: null, after: '京东' },
    ]);
    expect(logChanges('update', 'not json', null)).toEqual([]);
  });
});
