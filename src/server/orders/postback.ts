/**
 * Conversion postback (回传), the `order-postback` job: every due row of `postbacks` is claimed by one node with a
 * compare-and-set (state → sending, claimed until CLAIM_SECONDS from now) that commits before anything is sent,
 * then sent through the ad platform's connector (`withCallAuth` where the platform needs a token: 微博, 腾讯, 小红书) or,
 * for UD orders, through UD's `postback`. Success marks it sent; a failure is retried after RETRY_DELAYS, and the
 * MAX_ATTEMPTS-th failure leaves a dead letter (state failed) with the reason.
 * A send that was interrupted — the node died mid-call (its claim runs out; at once when it was a process of this
 * host that is gone), or the call timed out or lost its answer — is settled by what the platform does with a repeat
 * (postback-guarantee.ts): where it dedupes on the key we send, the row is sent again with the same key (exactly
 * once); where it does not, the row becomes 待确认 (in_doubt) and waits for a person (postback-settle.ts), and such
 * sends run `atMostOnce` so the HTTP client never repeats them either.
 */

import { connectorFor, withCallAuth } from '../ads/credentials.ts';
import type { Conversion } from '../connectors/ad-platform.ts';
import type { UdClickFacts } from '../connectors/affiliate.ts';
import { atMostOnce, UNCERTAIN } from '../connectors/at-most-once.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { Deps } from '../deps.ts';
import type { JobContext, JobResult } from '../jobs/types.ts';
import { errorFields, log } from '../kernel/log.ts';
import { platformDedupes } from './postback-guarantee.ts';
import * as store from './postback-store.ts';
import type { OrderRow, PostbackRow } from './store.ts';

export const CLAIM_SECONDS = 120;
/** Seconds before the 2nd … 5th attempt; the 5th failure is final. */
export const RETRY_DELAYS = [60, 300, 1800, 7200] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS.length + 1;
/** Channels whose conversion call needs the advertiser's access token (腾讯: authenticated callbacks since 2025-03-31). */
const NEEDS_TOKEN: ReadonlySet<number> = new Set([3, 4, 10]);

function conversionOf(p: PostbackRow, o: OrderRow): Conversion {
  const at = p.event === 'order' ? o.created_at : o.paid_at || o.created_at;
  return {
    callback: o.callback,
    clickId: o.click_ref || undefined,
    advertiserId: o.advertiser_id,
    event: p.event === 'order' ? 'order' : 'pay',
    timeMs: at * 1000,
    amountFen: p.event === 'order' ? o.order_fen : o.paid_fen,
    orderId: o.order_id,
  };
}

async function send(deps: Deps, p: PostbackRow, o: OrderRow, once: <T>(f: () => Promise<T>) => Promise<T>): Promise<void> {
  if (p.route === 'ud') {
    const ud = JSON.parse(o.union_click) as Partial<UdClickFacts>;
    await once(() =>
      deps.affiliates.ud.postback({
        orderId: o.order_id,
        event: 'pay',
        purchaseFen: o.paid_fen,
        itemCount: o.item_num,
        itemId: o.item_id,
        eventTime: o.paid_at || o.created_at,
        channelId: ud.channelId ?? '',
        advertiserId: o.advertiser_id,
        cmClickId: ud.asynClickId || undefined,
        ckClickId: ud.synClickId || undefined,
        cmRequestId: ud.asynRequestId || undefined,
        ckRequestId: ud.synRequestId || undefined,
        itemName: o.item_title || undefined,
        shopName: o.shop_name || undefined,
      }),
    );
    return;
  }
  const conv = conversionOf(p, o);
  if (NEEDS_TOKEN.has(p.channel)) {
    await withCallAuth(deps, { platform: p.channel, advertiserId: o.advertiser_id }, (auth, connector) =>
      once(() => connector.postback(auth, conv)),
    );
    return;
  }
  await once(() => connectorFor(deps, p.channel).postback(null, conv));
}

const at = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** Why a row is 待确认, in words a person can act on. */
export function inDoubtReason(detail: string): string {
  return `发送中断（${detail}）：无法确定平台是否已收到，且该平台不按订单号去重，为免重复计数未自动重发。请到平台后台核对后选择“已收到”或“重新发送”。`;
}

/** Interrupted claims: sent again where the platform dedupes, held 待确认 elsewhere. Returns how many were settled. */
export async function settleInterruptedClaims(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  await store.releaseDeadClaims(deps.db, now);
  let n = 0;
  for (const p of await store.interruptedClaims(deps.db, now, 500)) {
    const detail = `节点 ${p.claimed_by || '?'} 开始第 ${p.attempts} 次发送后退出，认领于 ${at(p.claim_until - CLAIM_SECONDS)} 开始`;
    const outcome = platformDedupes(p.route, p.channel)
      ? ({ to: 'resend' } as const)
      : ({ to: 'in_doubt', reason: inDoubtReason(detail) } as const);
    if (await store.settleInterrupted(deps.db, p, now, outcome)) {
      n += 1;
      log.warn('postback interrupted', { order: p.order_id, channel: p.channel, outcome: outcome.to });
    }
  }
  return n;
}

/** Claim, send and settle every due postback; returns how many were sent and a summary of the failures. */
export async function runPostbacks(deps: Deps, ctx: Pick<JobContext, 'signal' | 'yield'>): Promise<JobResult> {
  let sent = 0;
  const failures: string[] = [];
  await settleInterruptedClaims(deps);
  for (;;) {
    const due = await store.duePostbacks(deps.db, deps.clock.now(), 50);
    for (const p of due) {
      if (ctx.signal.aborted) break;
      const claimed = await store.claim(deps.db, p.id, deps.nodeId, deps.clock.now(), CLAIM_SECONDS);
      if (!claimed) continue;
      const order = await store.orderOf(deps.db, claimed);
      try {
        if (!order) throw new Error('订单不存在');
        // only the conversion call itself runs at most once (a token refresh before it may be retried)
        const once = platformDedupes(claimed.route, claimed.channel) ? <T>(f: () => Promise<T>) => f() : atMostOnce;
        await send(deps, claimed, order, once);
        await store.markSent(deps.db, claimed, deps.nodeId, deps.clock.now());
        sent += 1;
      } catch (err) {
        if (err instanceof ConnectorError && err.platformCode === UNCERTAIN) {
          const reason = inDoubtReason(`第 ${claimed.attempts} 次发送：${err.message}`);
          await store.markInDoubt(deps.db, claimed, deps.nodeId, reason, deps.clock.now());
          failures.push(`${claimed.union_name}:${claimed.order_id} 待确认`);
          log.warn('postback in doubt', { order: claimed.order_id, attempt: claimed.attempts, ...errorFields(err) });
          continue;
        }
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        const delay = RETRY_DELAYS[claimed.attempts - 1];
        await store.markFailed(deps.db, claimed, deps.nodeId, reason, delay === undefined ? null : deps.clock.now() + delay);
        failures.push(`${claimed.union_name}:${claimed.order_id} ${reason}`);
        log.warn('postback failed', {
          order: claimed.order_id,
          attempt: claimed.attempts,
          final: delay === undefined,
          ...errorFields(err),
        });
      }
    }
    if (due.length < 50 || ctx.signal.aborted) break;
    await ctx.yield();
  }
  return failures.length ? { rows: sent, error: `${failures.length} 笔回传失败：${failures.join('；').slice(0, 900)}` } : { rows: sent };
}
