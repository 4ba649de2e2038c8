import { describe, expect, it } from 'vitest';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { atLevel, crumbs, drill, listInput, ROOT } from './tree-state.ts';

const row = (over: Partial<PromoteRow>): PromoteRow =>
  ({ id: '1', name: 'n', type: 'plan', channel: 2, advertiser_id: '9', advertiser_name: '账户', ...over }) as PromoteRow;

describe('moving through the promotion tree', () => {
  it('goes down account → campaign → plan → creative, and not below a 腾讯 plan or a creative', () => {
    const a = drill(ROOT, row({ type: 'adver', id: '9', name: '账户' }))!;
    expect(a).toEqual({ type: 'group', advertiser: { id: '9', name: '账户' } });
    const c = drill(a, row({ type: 'group', id: '11', name: '组' }))!;
    expect(c).toMatchObject({ type: 'plan', campaign: { id: '11', name: '组' } });
    const p = drill(c, row({ type: 'plan', id: '101', name: '计划' }))!;
    expect(p).toMatchObject({ type: 'creative', plan: { id: '101' }, campaign: { id: '11' }, advertiser: { id: '9' } });
    expect(drill(c, row({ type: 'plan', channel: 4 }))).toBeNull();
    expect(drill(p, row({ type: 'creative' }))).toBeNull();
    expect(crumbs(p).map((x) => x.label)).toEqual(['全部账户', '账户', '组', '计划']);
    expect(crumbs(p)[1]!.place).toEqual({ type: 'group', advertiser: { id: '9', name: '账户' } });
  });
  it('keeps the parents above a level tab', () => {
    const p = {
      type: 'creative' as const,
      advertiser: { id: '9', name: 'a' },
      campaign: { id: '11', name: 'c' },
      plan: { id: '1', name: 'p' },
    };
    expect(atLevel(p, 'plan')).toEqual({ type: 'plan', advertiser: p.advertiser, campaign: p.campaign });
    expect(atLevel(p, 'adver')).toEqual(ROOT);
  });
  it('builds the list input with the sort and the range', () => {
    const input = listInput(
      { acpl: 2, pl: 3 },
      { type: 'plan', campaign: { id: '11', name: '' } },
      { range: ['2026-03-01', '2026-03-07'], customerid: null, status: null, exact: ' x ' },
      { key: 'ctr', order: -1 },
      2,
      20,
    );
    expect(input).toEqual({
      acpl: 2,
      pl: 3,
      type: 'plan',
      advertiser_id: undefined,
      campaign_id: '11',
      plan_id: undefined,
      customerid: undefined,
      status: undefined,
      exact: 'x',
      start: '2026-03-01',
      end: '2026-03-07',
      sort_field: 'ctr',
      sort: 'desc',
      page: 2,
      pagesize: 20,
    });
  });
});
