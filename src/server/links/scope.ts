import type { Actor } from '../kernel/actor.ts';
import { forbidden, invalid, notFound } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import { childIds, customersByIds, findScopedLink, type LinkRowWithCustomer, type Scope } from './store.ts';

/**
 * Which customers' links the caller may see: admins (1, 2) all; an agent (4) itself and its sub-customers;
 * a customer (3) itself. UDSmart accounts (5, 6) have no links area.
 */
export async function scopeOf(db: Db, actor: Actor): Promise<Scope> {
  switch (actor.role) {
    case 1:
    case 2:
      return null;
    case 3:
      return [actor.userId];
    case 4:
      return [actor.userId, ...(await childIds(db, actor.userId))];
    default:
      throw forbidden('UDSmart 账号没有推广链接功能');
  }
}

/** A live link the caller may see; anything else (missing, deleted, another tenant's) is the same 4004. */
export async function requireLink(db: Db, scope: Scope, pageid: string): Promise<LinkRowWithCustomer> {
  const row = await findScopedLink(db, scope, pageid);
  if (!row) throw notFound('推广链接不存在');
  return row;
}

/** The owner of a new (or re-assigned) link: customers default to themselves; admins must name a customer. */
export async function resolveCustomer(db: Db, actor: Actor, scope: Scope, customerid: number | undefined): Promise<number> {
  if (scope === null) {
    if (customerid === undefined) throw invalid('请选择客户（customerid）', { field: 'customerid' });
    const [c] = await customersByIds(db, [customerid]);
    if (!c) throw notFound('客户不存在');
    return c.id;
  }
  const id = customerid ?? actor.userId;
  if (!scope.includes(id)) throw forbidden(actor.role === 4 ? '只能为自己或名下子客户创建推广链接' : '只能为自己的账号创建推广链接');
  return id;
}
