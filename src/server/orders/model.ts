/**
 * Pure rules of an order: what the union's order becomes as a row, what an order adds to the order facts
 * (docs/metrics.md "Sums"), and when its conversion is posted back. Unit-tested beside it.
 */
import { hourStart } from '../../shared/china-clock.ts';
import type { PostbackOn } from '../../shared/orders.ts';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';
import { type AffiliateOrder, trackingKey } from '../connectors/affiliate.ts';
import type { OrderFactsHourlyTable, OrdersTable } from './tables.ts';

/** The columns the union decides (everything but attribution and bookkeeping). */
export const UNION_SIDE = [
  'union_name',
  'order_id',
  'parent_order_id',
  'item_id',
  'item_title',
  'item_image',
  'item_num',
  'shop_name',
  'status',
  'raw_status',
  'presell',
  'deposit_fen',
  'order_fen',
  'paid_fen',
  'commission_fen',
  'commission_bp',
  'created_at',
  'paid_at',
  'deposit_paid_at',
  'received_at',
  'settled_at',
  'refunded_at',
  'click_at',
  'modified_at',
  'tracking',
  'tracking_key',
  'union_click',
] as const satisfies ReadonlyArray<keyof OrdersTable>;
export type UnionSide = Pick<OrdersTable, (typeof UNION_SIDE)[number]>;

/** A stored order's union side (to attribute it again). */
export const storedSide = (row: UnionSide): UnionSide => Object.fromEntries(UNION_SIDE.map((k) => [k, row[k]])) as unknown as UnionSide;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');

/** The shop's name as each union writes it. */
function shopName(raw: Record<string, unknown>): string {
  for (const k of ['shop_name', 'seller_shop_title', 'seller_nick', 'shopName', 'mall_name']) {
    const v = text(raw[k]);
    if (v) return v.slice(0, 200);
  }
  return '';
}

/**
 * U+0000 in a union's text (a title, an id, a sub id) has no place in a text column: PostgreSQL refuses it in `text`
 * and in `jsonb` (the JSON rows of orders/batch-store.ts), so one such order would fail its whole batch. It is dropped;
 * every other character is kept as the union sent it.
 */
const NUL = '\u0000';
const withoutNul = <T extends Record<string, unknown>>(row: T): T => {
  for (const [k, v] of Object.entries(row))
    if (typeof v === 'string' && v.includes(NUL)) (row as Record<string, unknown>)[k] = v.replaceAll(NUL, '');
  return row;
};

/** The union's order as our columns. `refundedAt`: when we first saw it refunded (the unions do not all say). */
export function unionSide(o: AffiliateOrder, refundedAt: number): UnionSide {
  return withoutNul({
    union_name: o.union,
    order_id: o.orderId,
    parent_order_id: o.parentOrderId,
    item_id: o.itemId,
    item_title: o.itemTitle.slice(0, 300),
    item_image: o.itemImage.slice(0, 1000),
    item_num: o.itemNum,
    shop_name: shopName(o.raw),
    status: o.status,
    raw_status: o.rawStatus,
    presell: o.presell ? 1 : 0,
    deposit_fen: o.presell?.depositFen ?? 0,
    order_fen: o.orderFen,
    paid_fen: o.payFen,
    commission_fen: o.settledCommissionFen || o.commissionFen,
    commission_bp: o.commissionRateBp,
    created_at: o.createdAt ?? 0,
    paid_at: o.paidAt ?? 0,
    deposit_paid_at: o.presell?.depositPaidAt ?? 0,
    received_at: o.receivedAt ?? 0,
    settled_at: o.settledAt ?? 0,
    refunded_at: o.status === 'refunded' ? refundedAt : 0,
    click_at: o.clickAt ?? 0,
    modified_at: o.modifiedAt ?? 0,
    tracking: JSON.stringify(o.tracking),
    tracking_key: trackingKey(o.tracking),
    union_click: o.ud ? JSON.stringify(o.ud) : '{}',
  });
}

/**
 * Statuses in which the buyer has paid. A presell order whose deposit alone is paid (`deposit_paid`) is placed, not
 * paid: it becomes paid with its balance (docs/attribution.md "Presell"). Refunded and closed orders are not paid.
 */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'confirmed', 'settled']);

/** The order fields the facts read. */
export type FactSource = Pick<
  OrdersTable,
  | 'customerid'
  | 'pageid'
  | 'item_id'
  | 'channel'
  | 'advertiser_id'
  | 'campaign_id'
  | 'plan_id'
  | 'status'
  | 'presell'
  | 'order_fen'
  | 'paid_fen'
  | 'commission_fen'
  | 'created_at'
  | 'paid_at'
  | 'deposit_paid_at'
>;

export type FactRow = Omit<OrderFactsHourlyTable, 'hour'> & { hour: number };

const factKey = (o: FactSource) => ({
  customerid: o.customerid,
  pageid: o.pageid,
  item_id: o.item_id,
  channel: o.channel,
  advertiser_id: o.advertiser_id,
  campaign_id: o.campaign_id,
  plan_id: o.plan_id,
});

/**
 * What one order adds to the facts (docs/metrics.md Sums): placed — in the hour it was created, every status but
 * closed or invalid without payment, with its amount; paid — in the hour of `paid_at`, while paid, confirmed or
 * settled, with the amount paid and the commission. Presell (docs/attribution.md "Presell"): `paid_at` is the
 * balance's payment, so a presell order is paid once, on the day its balance is paid, with the whole amount — the
 * instant the order lists' pay-date filter reads too. A refund takes the paid part away; an order of no customer
 * (not attributed) adds nothing.
 */
export function contributions(o: FactSource): FactRow[] {
  if (o.customerid <= 0) return [];
  const out: FactRow[] = [];
  const zero = { orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0 };
  const paidEver = o.paid_at > 0 || o.deposit_paid_at > 0;
  const placed = o.created_at > 0 && !((o.status === 'closed' || o.status === 'invalid') && !paidEver);
  if (placed) out.push({ ...factKey(o), hour: hourStart(o.created_at), ...zero, orders: 1, order_fen: o.order_fen });
  if (PAID_STATUSES.has(o.status) && o.paid_at > 0)
    out.push({
      ...factKey(o),
      hour: hourStart(o.paid_at),
      ...zero,
      paid_orders: 1,
      paid_fen: o.paid_fen,
      commission_fen: o.commission_fen,
    });
  return out;
}

const KEY_FIELDS = ['customerid', 'pageid', 'item_id', 'channel', 'advertiser_id', 'campaign_id', 'plan_id', 'hour'] as const;
/** The sums of an order fact row. */
export const SUM_FIELDS = ['orders', 'order_fen', 'paid_orders', 'paid_fen', 'commission_fen'] as const;

/** Accumulated fact changes: add an order's new contributions, take its old ones away; zero rows are dropped. */
export class FactDelta {
  private readonly rows = new Map<string, FactRow>();
  add(rows: FactRow[], sign: 1 | -1): void {
    for (const r of rows) {
      const k = KEY_FIELDS.map((f) => r[f]).join('\u0001');
      const acc = this.rows.get(k) ?? { ...r, orders: 0, order_fen: 0, paid_orders: 0, paid_fen: 0, commission_fen: 0 };
      for (const f of SUM_FIELDS) acc[f] += sign * r[f];
      this.rows.set(k, acc);
    }
  }
  hourly(): FactRow[] {
    return [...this.rows.values()].filter((r) => SUM_FIELDS.some((f) => r[f] !== 0));
  }
  /** The same changes per China day. */
  daily(): Array<Omit<FactRow, 'hour'> & { day: number }> {
    const days = new FactDelta();
    for (const r of this.hourly()) days.add([{ ...r, hour: chinaDayOf(r.hour) }], 1);
    return days.hourly().map(({ hour, ...r }) => ({ ...r, day: hour }));
  }
}

const chinaDayOf = (t: number): number => Math.floor((t + CHINA_OFFSET_SECONDS) / 86400) * 86400 - CHINA_OFFSET_SECONDS;

/**
 * Statuses that reach each postback setting; UD relays purchases only, so `order` waits for payment there. `paid` is
 * the facts' paid (presell: the balance), so a conversion is reported when the order counts as paid.
 */
const REACHES: Record<PostbackOn, ReadonlySet<string>> = {
  order: new Set(['unpaid', 'deposit_paid', 'paid', 'confirmed', 'settled']),
  paid: PAID_STATUSES,
  confirmed: new Set(['confirmed', 'settled']),
  settled: new Set(['settled']),
};

/** The postback event an order in `status` triggers under the link's setting, or null while it does not (yet). */
export function postbackEvent(status: string, setting: PostbackOn, union: string): 'order' | 'pay' | null {
  const on: PostbackOn = union === 'ud' && setting === 'order' ? 'paid' : setting;
  if (!REACHES[on].has(status)) return null;
  return on === 'order' ? 'order' : 'pay';
}
