import { linkCreateInput } from '../../shared/links.ts';
import { actorOf } from '../accounts/actor.ts';
import { findUserByEmail } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { parseWith } from '../kernel/parse.ts';
import { createLink } from '../links/service.ts';

/**
 * The promotion links the demo customers still lack so that each of them (customer1, customer2 and the agent's
 * sub-customers sub1, sub2) has one on every account type (巨量 2, 腾讯 4, 快手 5, UC 8, 小红书 10): the demo
 * world's ad plans carry these links' monitor and landing URLs. Created through the links service, marked demo.
 */
const AD_LINKS: Array<{ owner: string; by?: string; link: Record<string, unknown> }> = [
  {
    owner: 'customer1@demo.local',
    link: { title: '加绒打底裤-小红书', platform: 2, state: 10, item: '680234567891', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'customer2@demo.local',
    link: { title: '降噪耳机-腾讯', platform: 2, state: 4, item: '684678901234', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'customer2@demo.local',
    link: { title: '移动电源-快手', platform: 2, state: 5, item: '684789012345', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'customer2@demo.local',
    link: { title: '快充数据线-UC', platform: 2, state: 8, item: '684890123456', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'sub1@demo.local',
    by: 'agent@demo.local',
    link: { title: '冷冻虾仁-快手', platform: 2, state: 5, item: '685789012345', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'sub1@demo.local',
    by: 'agent@demo.local',
    link: { title: '干贝礼盒-UC', platform: 2, state: 8, item: '685890123456', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'sub1@demo.local',
    by: 'agent@demo.local',
    link: { title: '海苔脆片-小红书', platform: 2, state: 10, item: '685901234567', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'sub2@demo.local',
    by: 'agent@demo.local',
    link: { title: '玻尿酸面膜-腾讯', platform: 2, state: 4, item: '687901234567', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'sub2@demo.local',
    by: 'agent@demo.local',
    link: { title: '防晒喷雾-快手', platform: 2, state: 5, item: '687012345678', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'sub2@demo.local',
    by: 'agent@demo.local',
    link: { title: '卸妆水-UC', platform: 2, state: 8, item: '687123456789', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'sub2@demo.local',
    by: 'agent@demo.local',
    link: { title: '口红礼盒-小红书', platform: 2, state: 10, item: '687234567890', isdirect: 1, jumptype: 'detail' },
  },
];

export async function seedDemoAdLinks(deps: Deps): Promise<number> {
  let created = 0;
  for (const { owner, by, link } of AD_LINKS) {
    const customer = await findUserByEmail(deps.db, owner);
    const actorUser = by ? await findUserByEmail(deps.db, by) : customer;
    if (!customer || !actorUser) continue;
    await createLink(deps, actorOf(actorUser, 'demo-seed'), parseWith(linkCreateInput, { ...link, customerid: customer.id }), {
      demo: true,
    });
    created += 1;
  }
  return created;
}
