import { RULE_TEMPLATES } from '../../shared/rule-templates.ts';
import { ruleInput } from '../../shared/rules.ts';
import { actorOf } from '../accounts/actor.ts';
import { findUserByEmail } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { saveRule } from '../rules/service.ts';

/**
 * The demo world's automatic rules: customer1 (青禾服饰) watches every 巨量 plan with two enabled rules, written
 * through the rules service as the customer would (docs/rules.md): the 亏损止损 template (today ROI < 1 with ¥200
 * spent → pause) and a no-orders notice at ¥10, both every 15 minutes, so the history fills within the first hour.
 */
export async function seedDemoRules(deps: Deps): Promise<number> {
  const owner = await findUserByEmail(deps.db, 'customer1@demo.local');
  if (!owner) return 0;
  const actor = actorOf(owner, 'demo-seed');
  const [stopLoss, , noOrders] = RULE_TEMPLATES;
  const every15 = { kind: 'every' as const, minutes: 15, times: [] };
  const drafts = [
    { ...stopLoss!.rule, acpl: 2, schedule: every15 },
    {
      ...noOrders!.rule,
      name: '无单消耗 ¥10 提醒',
      acpl: 2,
      schedule: every15,
      conditions: [{ metric: 'ordernum', op: 'eq' as const, value: 0, min_cost: 10, min_clicks: 0 }],
    },
  ];
  for (const d of drafts) await saveRule(deps, actor, ruleInput.parse(d));
  return drafts.length;
}
