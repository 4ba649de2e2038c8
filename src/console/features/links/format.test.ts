import { describe, expect, it } from 'vitest';
import { invalidHint } from './format.ts';

describe('the link detail’s raw clicks beside the valid ones', () => {
  it('names the raw count, the invalid ones and their share', () => {
    expect(invalidHint({ invalid_clicks: 19, raw_clicks: 79 })).toBe('监测共收到 79 次点击，其中无效 19 次（无效占比 24.1%）');
    expect(invalidHint({ invalid_clicks: 0, raw_clicks: 0 })).toBe('监测共收到 0 次点击，其中无效 0 次（无效占比 0.0%）');
  });
});
