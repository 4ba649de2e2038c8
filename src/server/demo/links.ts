import { linkCreateInput } from '../../shared/links.ts';
import { actorOf } from '../accounts/actor.ts';
import { findUserByEmail } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { parseWith } from '../kernel/parse.ts';
import { createLink } from '../links/service.ts';

/**
 * Demo promotion links on several platforms and channels, created through the links service exactly as the
 * console would (item conversion through the union connectors — the sandbox unions by default —, monitor URLs, landing publication).
 */
const demoLinks: Array<{ owner: string; by?: string; link: Record<string, unknown> }> = [
  {
    owner: 'customer1@demo.local',
    link: {
      title: '秋冬加厚卫衣-巨量直跳',
      platform: 2,
      state: 2,
      item: '680123456789',
      isdirect: 1,
      jumptype: 'detail',
      relate_advertiser_ids: '1760000000000001',
    },
  },
  {
    owner: 'customer1@demo.local',
    link: {
      title: '羊毛围巾-腾讯非直跳',
      platform: 2,
      state: 4,
      item: 'https://item.taobao.com/item.htm?id=681234567890',
      isdirect: 2,
      jumptype: 'detail',
      couponlink: 'https://uland.taobao.com/coupon/edetail?e=demo01',
    },
  },
  {
    owner: 'customer1@demo.local',
    link: {
      title: '羽绒服-快手淘积木',
      platform: 2,
      state: 5,
      item: '682345678901',
      isdirect: 1,
      jumptype: 'taojimu',
      taojimulink: 'https://market.m.taobao.com/app/tb-source-app/taojimu/pages/index?wh_biz=tm&id=demo',
    },
  },
  {
    owner: 'customer1@demo.local',
    link: { title: '雪地靴-UC直跳', platform: 2, state: 8, item: '683456789012', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'customer1@demo.local',
    link: { title: '真丝睡衣-UDSmart巨量', platform: 7, state: 2, item: '688901234567', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'customer2@demo.local',
    link: {
      title: '蓝牙耳机-京东巨量',
      platform: 3,
      state: 2,
      item: 'https://item.jd.com/100012345678.html',
      isdirect: 1,
      jumptype: 'detail',
    },
  },
  {
    owner: 'customer2@demo.local',
    link: {
      title: '充电宝-拼多多',
      platform: 5,
      state: 2,
      item: 'https://mobile.yangkeduo.com/goods.html?goods_id=356789012345',
      isdirect: 2,
      jumptype: 'detail',
    },
  },
  {
    owner: 'customer2@demo.local',
    link: { title: '智能手表-小红书', platform: 2, state: 10, item: '684567890123', isdirect: 2, jumptype: 'detail' },
  },
  {
    owner: 'sub1@demo.local',
    by: 'agent@demo.local',
    link: { title: '即食海参-淘宝新链路', platform: 4, state: 2, item: '685678901234', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'sub1@demo.local',
    by: 'agent@demo.local',
    link: {
      title: '礼盒装坚果-微信小程序',
      platform: 6,
      state: 4,
      item: '686789012345',
      isdirect: 2,
      jumptype: 'detail',
      appid: 'wx1234567890abcdef',
      pagepath: 'pages/goods/detail?id=686789012345',
    },
  },
  {
    owner: 'sub2@demo.local',
    by: 'agent@demo.local',
    link: { title: '保湿面霜-巨量直跳', platform: 2, state: 2, item: '687890123456', isdirect: 1, jumptype: 'detail' },
  },
  {
    owner: 'agent@demo.local',
    link: { title: '代理商自营-京东 CID', platform: 8, state: 2, item: '100023456789', isdirect: 1, jumptype: 'detail' },
  },
];

export async function seedDemoLinks(deps: Deps): Promise<number> {
  let created = 0;
  for (const { owner, by, link } of demoLinks) {
    const customer = await findUserByEmail(deps.db, owner);
    const actorUser = by ? await findUserByEmail(deps.db, by) : customer;
    if (!customer || !actorUser) continue;
    const input = parseWith(linkCreateInput, { ...link, customerid: customer.id });
    await createLink(deps, actorOf(actorUser, 'demo-seed'), input, { demo: true });
    created += 1;
  }
  return created;
}
