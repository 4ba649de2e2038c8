/**
 * Whose facts a board reads. The tenant rule is the links feature's (`links/scope.ts`): admins (1, 2) everyone,
 * an agent (4) itself and its sub-customers, a customer (3) itself. `customerid` narrows it to one customer the
 * caller may see; any other id — another tenant's or one that does not exist — is the same 4004.
 */
import type { Actor } from '../kernel/actor.ts';
import { notFound } from '../kernel/errors.ts';
import type { Db } from '../kernel/executor.ts';
import { scopeOf } from '../links/scope.ts';
import { customerExists } from './names.ts';

/** The customers to sum over; null = every customer (admins without a narrowing). */
export type Customers = readonly number[] | null;

export async function customersOf(db: Db, actor: Actor, customerid: number | undefined): Promise<Customers> {
  const scope = await scopeOf(db, actor);
  if (customerid === undefined) return scope;
  const visible = scope === null ? await customerExists(db, customerid) : scope.includes(customerid);
  if (!visible) throw notFound('客户不存在');
  return [customerid];
}
