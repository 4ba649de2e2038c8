import type { AffiliateOrder } from '../src/server/connectors/affiliate.ts';

/** Order i of `total`: a sample order with a fresh id, its times moved to its place in the 30 days before `now`. */
export function replica(sample: AffiliateOrder[], i: number, now: number, total: number): AffiliateOrder {
  const base = sample[i % sample.length]!;
  const at = now - 30 * 86400 + Math.floor((i * 30 * 86400) / total);
  const shift = at - (base.createdAt ?? at);
  const move = (t: number | null) => (t === null ? null : t + shift);
  return {
    ...base,
    // 19-digit ids growing with time, as 淘宝's trade ids do (a sync page's orders sit near each other in the index)
    orderId: `27${String(i).padStart(17, '0')}`,
    parentOrderId: `26${String(i).padStart(17, '0')}`,
    createdAt: at,
    paidAt: move(base.paidAt),
    receivedAt: move(base.receivedAt),
    settledAt: move(base.settledAt),
    clickAt: at - 90,
    modifiedAt: Math.min(now - 61, move(base.modifiedAt) ?? at),
    presell: base.presell ? { ...base.presell, depositPaidAt: move(base.presell.depositPaidAt) } : null,
  };
}
