import { describe, expect, it } from 'vitest';
import { parseChinaTime } from '../../../shared/china-clock.ts';
import { boardCardInput, indexDetailInput } from '../../../shared/dashboard.ts';
import { cardInput, comparedCaption, detailInput, shopParam, sortParams } from './board-query.ts';
import { withinLimit } from './PeriodPicker.tsx';

const f = { range: ['2026-03-12', '2026-03-18'] as const, shop: 'jingdong', customerid: null };

describe('board requests from the screen filters', () => {
  it('one account type is single + state; all of them multi; the shop picker sends its codes; 全部 sends none', () => {
    expect(cardInput(f, 2)).toEqual({ accounttype: 'single', state: 2, start: '2026-03-12', end: '2026-03-18', platform: [3, 8] });
    expect(cardInput({ ...f, shop: 'all', customerid: 7 }, null)).toEqual({
      accounttype: 'multi',
      start: '2026-03-12',
      end: '2026-03-18',
      customerid: 7,
    });
    expect(shopParam('tbunion')).toEqual({ platform: [7] });
    expect(boardCardInput.safeParse(cardInput(f, 2)).success).toBe(true);
  });

  it('the table sort becomes sort_field / sort; no sort or a column that is no metric leaves the server default', () => {
    expect(sortParams({ key: 'roi', order: 1 })).toEqual({ sort_field: 'roi', sort: 'asc' });
    expect(sortParams({ key: 'sum_cost', order: -1 })).toEqual({ sort_field: 'sum_cost', sort: 'desc' });
    expect(sortParams({ key: 'customer', order: 1 })).toEqual({});
    expect(sortParams(null)).toEqual({});
  });

  it('the ranked table asks a custom range (type 0) of one channel at one level', () => {
    const q = detailInput(f, 4, 'plan', { page: 2, pagesize: 50 }, { key: 'ctr', order: -1 });
    expect(q).toEqual({
      type: 0,
      start: '2026-03-12',
      end: '2026-03-18',
      ad: 'plan',
      page: 2,
      pagesize: 50,
      platform: [3, 8],
      sort_field: 'ctr',
      sort: 'desc',
      social: 4,
    });
    expect(indexDetailInput.safeParse(q).success).toBe(true);
    expect(detailInput(f, null, 'link', { page: 1, pagesize: 50 }, null)).not.toHaveProperty('social');
  });

  it('says what the change is against, and up to which minute', () => {
    const cut = {
      start: '2026-03-18',
      end: '2026-03-18',
      previous_start: '2026-03-17',
      previous_end: '2026-03-17',
      until: 0,
      previous_until: parseChinaTime('2026-03-17 15:00'),
      granularity: 'hour' as const,
      comparable: true,
    };
    expect(comparedCaption(cut)).toBe('对比上一同长时段 2026-03-17（截至 15:00）');
    expect(
      comparedCaption({ ...cut, previous_start: '2026-03-02', previous_end: '2026-03-08', previous_until: parseChinaTime('2026-03-09') }),
    ).toBe('对比上一同长时段 2026-03-02～2026-03-08');
    // at 00:20 today is compared with yesterday up to 00:20 (the same minute), not its whole first hour
    expect(comparedCaption({ ...cut, previous_until: parseChinaTime('2026-03-17 00:20') })).toBe(
      '对比上一同长时段 2026-03-17（截至 00:20）',
    );
    expect(comparedCaption({ ...cut, comparable: false })).toBe('本时段刚开始，暂不与上一同长时段对比');
  });
});

describe('date limits of the boards', () => {
  it('a range over 92 days keeps its end and starts 91 days before it; shorter ranges stay', () => {
    expect(withinLimit(['2026-01-01', '2026-06-30'])).toEqual(['2026-03-31', '2026-06-30']);
    expect(withinLimit(['2026-03-31', '2026-06-30'])).toEqual(['2026-03-31', '2026-06-30']);
    expect(withinLimit(['2026-06-01', '2026-06-30'])).toEqual(['2026-06-01', '2026-06-30']);
  });
});
