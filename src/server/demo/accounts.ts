import { type Role, roleLabel } from '../../shared/roles.ts';
import { countUsers } from '../accounts/lookup.ts';
import { createUser, type NewUser } from '../accounts/users.ts';
import { acquireLease } from '../cluster/lease.ts';
import type { Deps } from '../deps.ts';

export const DEMO_PASSWORD = 'demo123456';

/** The demo world's accounts, created through the same service the CLI uses. Parents come before children. */
export const demoAccounts: Array<NewUser & { role: Role; note: string }> = [
  { email: 'super@demo.local', role: 1, password: DEMO_PASSWORD, username: '超级管理员', note: '' },
  { email: 'admin@demo.local', role: 2, password: DEMO_PASSWORD, username: '运营管理员', note: '' },
  { email: 'udsmart@demo.local', role: 5, password: DEMO_PASSWORD, username: 'UDSmart 管理员', note: '' },
  {
    email: 'udsub@demo.local',
    role: 6,
    password: DEMO_PASSWORD,
    username: 'UDSmart 子账号',
    parentEmail: 'udsmart@demo.local',
    note: 'udsmart@demo.local 的子账号',
  },
  { email: 'customer1@demo.local', role: 3, password: DEMO_PASSWORD, company: '杭州青禾服饰有限公司', phone: '13800001111', note: '' },
  {
    email: 'customer2@demo.local',
    role: 3,
    password: DEMO_PASSWORD,
    company: '深圳优品数码科技有限公司',
    phone: '13900002222',
    promoteType: 2,
    note: '',
  },
  { email: 'agent@demo.local', role: 4, password: DEMO_PASSWORD, company: '上海星链广告代理有限公司', phone: '13700003333', note: '' },
  {
    email: 'sub1@demo.local',
    role: 3,
    password: DEMO_PASSWORD,
    company: '宁波海味食品有限公司',
    phone: '13600004444',
    parentEmail: 'agent@demo.local',
    note: 'agent@demo.local 的子客户',
  },
  {
    email: 'sub2@demo.local',
    role: 3,
    password: DEMO_PASSWORD,
    company: '广州美妆日化有限公司',
    phone: '13500005555',
    parentEmail: 'agent@demo.local',
    note: 'agent@demo.local 的子客户',
  },
];

/**
 * On an empty database only, and in only one of several app nodes starting together on one PostgreSQL
 * (the `demo-seed` lease, held for good): create the demo accounts. True when this process seeded, so it
 * goes on to seed the rest of the demo world.
 */
export async function seedDemoAccounts(deps: Deps): Promise<boolean> {
  if ((await countUsers(deps.db)) > 0) return false;
  if (!(await acquireLease(deps.db, 'demo-seed', 100 * 365 * 86400, deps.nodeId, deps.clock.now()))) return false;
  for (const { note: _note, ...account } of demoAccounts) await createUser(deps, account);
  return true;
}

export function demoLoginTable(): string {
  const rows = demoAccounts.map(
    (a) => `  ${a.email.padEnd(22)} ${DEMO_PASSWORD}   角色 ${a.role} ${roleLabel[a.role]}${a.note ? `（${a.note}）` : ''}`,
  );
  return ['演示账号 (demo logins):', ...rows].join('\n');
}
