/**
 * Settling a 待确认 postback by a person (postback-guarantee.ts: platforms that do not drop repeats). Whoever may see
 * the order's path may settle it (the same tenant scope): 已收到 (`received`: the platform shows the conversion — it
 * is sent) or 重新发送 (`resend`: it is not there — send it once more). Once only: the row must still be in doubt
 * (a compare-and-set), so two people clicking at once settle it once. Audited as `postback_settled`.
 */
import { audit } from '../audit/service.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid, notFound } from '../kernel/errors.ts';
import { POSTBACK_JOB } from './jobs.ts';
import { findOrder } from './list-store.ts';
import * as store from './postback-store.ts';
import { orderScopeOf } from './scope.ts';

export interface SettleInput {
  orderid: string;
  action: 'received' | 'resend';
}

export async function settlePostback(
  deps: Deps,
  actor: Actor,
  input: SettleInput,
  ip: string,
): Promise<{ orderid: string; postback_state: string }> {
  const order = await findOrder(deps.db, await orderScopeOf(deps.db, actor), input.orderid);
  if (!order) throw notFound('订单不存在');
  const pb = await store.postbackOfOrder(deps.db, order.union_name, order.order_id);
  if (!pb || pb.state !== 'in_doubt') throw invalid('该订单的回传不在“待确认”状态，无需处理');
  const now = deps.clock.now();
  const done = await store.settleInDoubt(deps.db, pb.id, input.action, actor.userId, now);
  if (!done) throw invalid('该回传已被他人处理，请刷新后查看');
  await audit(deps.db, {
    event: 'postback_settled',
    at: now,
    userId: order.customerid || null,
    actorId: actor.userId,
    ip,
    detail: {
      before: { state: 'in_doubt', last_error: pb.last_error },
      after: { state: done.state, resolution: input.action },
      union: order.union_name,
      order: order.order_id,
      channel: pb.channel,
    },
  });
  if (input.action === 'resend') deps.jobs.kick(POSTBACK_JOB);
  return { orderid: order.order_id, postback_state: done.state };
}
