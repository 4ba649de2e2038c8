/**
 * Customers, the agent and its sub-customers, an admin, and their promotion links. Users go through the accounts
 * service (the CLI's path); links are written as typed rows (`insertLinkRow`, tests/support): they are the boards'
 * dimension, not what this benchmark measures, and the link service would convert 2 000 items through a union. The
 * affiliate registration the link service would store with each (its tracking ids) is written by orders.ts.
 */
import { createUser } from '../../src/server/accounts/users.ts';
import type { Deps } from '../../src/server/deps.ts';
import { insertLinkRow } from '../../tests/support/factories.ts';
import type { Shape } from './shape.ts';

export const PASSWORD = 'bench123456';

export interface BenchLink {
  pageid: string;
  customerid: number;
  platform: number;
  channel: number;
  itemid: string;
}

export interface People {
  customers: number[];
  agentEmail: string;
  customerEmail: string;
  adminEmail: string;
  links: BenchLink[];
}

const PLATFORMS = [2, 2, 3, 4, 5] as const;

export async function makePeople(deps: Deps, shape: Shape): Promise<People> {
  await createUser(deps, { email: 'admin@bench.local', password: PASSWORD, role: 2, company: '平台' });
  await createUser(deps, { email: 'agent@bench.local', password: PASSWORD, role: 4, company: '代理商' });
  const customers: number[] = [];
  for (let i = 0; i < shape.customers; i++) {
    const sub = i < shape.subCustomers;
    const u = await createUser(deps, {
      email: `c${i}@bench.local`,
      password: PASSWORD,
      role: 3,
      company: `客户${i}`,
      parentEmail: sub ? 'agent@bench.local' : undefined,
    });
    customers.push(u.id);
  }
  const links: BenchLink[] = [];
  for (const [ci, customerid] of customers.entries()) {
    for (let j = 0; j < shape.linksPerCustomer; j++) {
      const link: BenchLink = {
        pageid: String(100_000_000 + ci * 1000 + j),
        customerid,
        platform: PLATFORMS[j % PLATFORMS.length] ?? 2,
        channel: j % 2 === 0 ? 2 : 4,
        itemid: `6${String(ci).padStart(5, '0')}${String(j % shape.itemsPerCustomer).padStart(3, '0')}`,
      };
      await insertLinkRow(deps.db, {
        pageid: link.pageid,
        customerid,
        platform: link.platform,
        state: link.channel,
        itemid: link.itemid,
        item_title: `商品 ${link.itemid}`,
        title: `链接 ${link.pageid}`,
      });
      links.push(link);
    }
  }
  // c{subCustomers} is the first customer outside the agent: the "one customer" caller.
  return {
    customers,
    agentEmail: 'agent@bench.local',
    customerEmail: `c${shape.subCustomers}@bench.local`,
    adminEmail: 'admin@bench.local',
    links,
  };
}
