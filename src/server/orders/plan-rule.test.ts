import { describe, expect, it } from 'vitest';
import type { LinkPlanClicks } from '../ads/lookup.ts';
import { drivingPlan, PLAN_WINDOW_HOURS, planWindow } from './plan-rule.ts';

const H = 1_795_000_000 - (1_795_000_000 % 3600); // an hour start
const at = H + 1800;
const c = (plan_id: string, hour: number, clicks: number, pageid = '100'): LinkPlanClicks => ({
  pageid,
  platform: 2,
  advertiser_id: 'adv',
  campaign_id: `camp-${plan_id}`,
  plan_id,
  hour,
  clicks,
});

describe('the plan that drove a link (rules link_plan, link_plan_clicks)', () => {
  it('looks at the anchor’s hour and the 23 before it', () => {
    expect(planWindow(at)).toEqual({ from: H - (PLAN_WINDOW_HOURS - 1) * 3600, to: H });
  });

  it('one plan with clicks in the window: that plan', () => {
    expect(drivingPlan([c('p1', H - 3600, 5)], '100', at)).toMatchObject({
      rule: 'link_plan',
      plan_id: 'p1',
      campaign_id: 'camp-p1',
      plans: 1,
    });
  });

  it('several: the most clicks of the link in the window, an estimate', () => {
    const got = drivingPlan([c('p1', H, 3), c('p1', H - 7200, 3), c('p2', H - 3600, 5), c('p3', H, 1)], '100', at);
    expect(got).toMatchObject({ rule: 'link_plan_clicks', plan_id: 'p1', clicks: 6, allClicks: 12, plans: 3 });
  });

  it('a tie goes to the plan with the latest hour of clicks, then to the greater plan id', () => {
    expect(drivingPlan([c('p1', H - 3600, 4), c('p2', H, 4)], '100', at)?.plan_id).toBe('p2');
    expect(drivingPlan([c('p9', H, 4), c('p2', H, 4)], '100', at)?.plan_id).toBe('p9');
  });

  it('clicks outside the window, of another link, or none: no plan', () => {
    expect(drivingPlan([c('p1', H - PLAN_WINDOW_HOURS * 3600, 50), c('p2', H + 3600, 50)], '100', at)).toBeNull();
    expect(drivingPlan([c('p1', H, 5, '200')], '100', at)).toBeNull();
    expect(drivingPlan([c('p1', H, 0)], '100', at)).toBeNull();
    expect(drivingPlan([c('p1', H, 5)], '100', 0)).toBeNull();
  });
});
