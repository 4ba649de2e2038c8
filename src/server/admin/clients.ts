import { type ClientCreateInput, type ClientIndexInput, type ClientUpdateInput, type ClientView, pastExpiry } from '../../shared/admin.ts';
import { Code } from '../../shared/codes.ts';
import { offsetOf } from '../../shared/paging.ts';
import { deriveRole, ROLE } from '../../shared/roles.ts';
import { chinaDate, endOfChinaDay } from '../../shared/time.ts';
import { type AccountPatch, updateAccount } from '../accounts/admin-ops.ts';
import { childCounts, findUserById, searchUsers, type UserRow, usersByIds } from '../accounts/lookup.ts';
import { sendResetCodeFor } from '../accounts/password-reset.ts';
import { createUser, setUserStatus } from '../accounts/users.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { AppError, invalid, notFound } from '../kernel/errors.ts';

/** Customers and agents on `/newsxA/client/list` (spec §3 fields); every change is audited with before/after. */

const expiryOf = (date: string): number => (date ? endOfChinaDay(date) : 0);

async function requireClient(deps: Deps, id: number): Promise<UserRow> {
  const u = await findUserById(deps.db, id);
  if (u?.kind !== 'customer') throw notFound('客户不存在');
  return u;
}

async function requireAgent(deps: Deps, id: number): Promise<UserRow> {
  const a = await findUserById(deps.db, id);
  if (a?.kind !== 'customer' || deriveRole(a) !== ROLE.agent) throw notFound('代理商不存在');
  return a;
}

export async function clientViews(deps: Deps, rows: readonly UserRow[]): Promise<ClientView[]> {
  const now = deps.clock.now();
  const parents = new Map(
    (await usersByIds(deps.db, [...new Set(rows.flatMap((r) => (r.parent_id ? [r.parent_id] : [])))])).map((p) => [p.id, p]),
  );
  const subs = await childCounts(
    deps.db,
    rows.filter((r) => r.usertype === 'agent').map((r) => r.id),
  );
  return rows.map((r) => {
    const agent = r.parent_id ? parents.get(r.parent_id) : undefined;
    return {
      id: r.id,
      email: r.email,
      username: r.username,
      company: r.company,
      phone: r.phone,
      usertype: r.usertype === 'agent' ? 'agent' : 'common',
      agent_id: r.parent_id,
      agent: agent ? agent.company || agent.email : '',
      sub_count: subs.get(r.id) ?? 0,
      promote_type: r.promote_type,
      expire_time: chinaDate(r.expire_time),
      expired: r.expire_time > 0 && r.expire_time < now,
      status: r.status === 1 ? 1 : 0,
      created_at: r.created_at,
    };
  });
}

async function viewOf(deps: Deps, row: UserRow): Promise<ClientView> {
  const [view] = await clientViews(deps, [row]);
  if (!view) throw notFound('客户不存在');
  return view;
}

export async function listClients(deps: Deps, input: ClientIndexInput): Promise<{ list: ClientView[]; total: number }> {
  const { rows, total } = await searchUsers(
    deps.db,
    {
      kind: 'customer',
      exact: input.exact || undefined,
      role: input.usertype ? { usertype: input.usertype } : undefined,
      status: input.status,
      parentId: input.agent_id,
      expiresBefore: input.expiring === 1 ? deps.clock.now() + 30 * 86_400 : undefined,
    },
    input.pagesize,
    offsetOf(input),
  );
  return { list: await clientViews(deps, rows), total };
}

export async function createClient(deps: Deps, actor: Actor, input: ClientCreateInput, ip: string): Promise<ClientView> {
  const expired = pastExpiry(input.expire_time, chinaDate(deps.clock.now()));
  if (expired) throw invalid(expired, { field: 'expire_time' });
  const agent = input.agent_id ? await requireAgent(deps, input.agent_id) : null;
  if (agent && input.usertype === 'agent') throw invalid('代理商不能挂在另一个代理商名下', { field: 'agent_id' });
  const row = await createUser(
    deps,
    {
      email: input.email,
      password: input.password,
      role: input.usertype === 'agent' ? ROLE.agent : ROLE.customer,
      company: input.company,
      username: input.username || undefined,
      phone: input.phone,
      parentEmail: agent?.email,
      expireTime: expiryOf(input.expire_time),
      promoteType: input.promote_type,
    },
    actor,
  );
  if (input.status !== 1) await setUserStatus(deps, row.id, 0, actor, ip);
  return viewOf(deps, (await findUserById(deps.db, row.id)) ?? row);
}

export async function updateClient(deps: Deps, actor: Actor, input: ClientUpdateInput, ip: string): Promise<ClientView> {
  const target = await requireClient(deps, input.id);
  const { id: _id, expire_time, ...fields } = input;
  const patch: AccountPatch = { ...fields, ...(expire_time !== undefined ? { expire_time: expiryOf(expire_time) } : {}) };
  if (patch.usertype === 'common' && target.usertype === 'agent') {
    const subs = (await childCounts(deps.db, [target.id])).get(target.id) ?? 0;
    if (subs > 0) throw new AppError(Code.conflict, `该代理商名下还有 ${subs} 个子客户，请先解除关联`);
  }
  if (patch.usertype === 'agent' && target.parent_id) throw invalid('子客户不能设为代理商，请先解除与代理商的关联', { field: 'usertype' });
  return viewOf(deps, await updateAccount(deps, target, patch, actor, ip, 'client_updated'));
}

/** Extend from the later of the current expiry and today, to the end of that China day. */
export async function extendClient(deps: Deps, actor: Actor, input: { id: number; days: number }, ip: string): Promise<ClientView> {
  const target = await requireClient(deps, input.id);
  if (target.expire_time === 0) throw invalid('该客户长期有效，无需延期');
  const base = Math.max(target.expire_time, deps.clock.now());
  const expire_time = endOfChinaDay(chinaDate(base + input.days * 86_400));
  return viewOf(deps, await updateAccount(deps, target, { expire_time }, actor, ip, 'client_extended'));
}

/** Make an advertiser (role 3) a sub-customer of an agent, or detach it (agent_id 0). */
export async function assignClient(deps: Deps, actor: Actor, input: { id: number; agent_id: number }, ip: string): Promise<ClientView> {
  const target = await requireClient(deps, input.id);
  if (deriveRole(target) !== ROLE.customer) throw invalid('只有广告主可以分配给代理商');
  const parent_id = input.agent_id === 0 ? null : (await requireAgent(deps, input.agent_id)).id;
  return viewOf(deps, await updateAccount(deps, target, { parent_id }, actor, ip, 'client_assigned'));
}

export async function sendClientReset(deps: Deps, actor: Actor, id: number, ip: string): Promise<void> {
  await sendResetCodeFor(deps, await requireClient(deps, id), actor, ip);
}
