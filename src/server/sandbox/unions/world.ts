import { createHash, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { seeded } from '../seed.ts';
import { itemFacts } from './catalog.ts';
import type { DrivingPlan } from './plan-history.ts';
import { type ClickRow, type LinkRow, type OrderRow, row, rows, type UnionName } from './store.ts';

/**
 * The sandbox's shoppers. Every recorded click (a shopper who followed a promotion or landing link, or an ad
 * platform's click-monitor ping for UD) converts into an order when the first four hex digits of sha256(click id),
 * read as a number mod 10 000, fall under the share in basis points (landing and history clicks 10 %, UD monitor
 * pings 2 %). The order's whole life is decided when it is placed (seeded by the click id) and unfolds over days:
 * placed 2–90 min after the click; 5 % never paid (closed after 30 min); paid within 15 min; presale items pay a
 * deposit first and the balance 1–3 days later (15 % never pay it: closed after 3 days); 8 % of orders are refunded
 * within 2 days of payment; the rest are received 2–8 days after payment and settled 1–3 days later.
 * Quantities 1 (80 %), 2 (15 %), 3 (5 %); the item's coupon comes off the line total; commission = total × rate.
 */
export type SandboxStatus = 'unpaid' | 'deposit_paid' | 'paid' | 'confirmed' | 'settled' | 'refunded' | 'closed';
export type Fate = 'settled' | 'refunded' | 'closed_unpaid' | 'presell_settled' | 'presell_refunded' | 'presell_closed';

export interface WorldOptions {
  now?: () => number;
  /** Days of history a newly issued link gets (0: none). */
  historyDays?: number;
  landingShareBp?: number;
  monitorShareBp?: number;
}

export interface UnionHooks {
  /** Union extras stored on an order placed from this click (UD click ids, ad ids), as JSON-able object. */
  orderExtra?(click: ClickRow, link: LinkRow): Record<string, string>;
  /** Query of a back-filled click without an ad world (UD: click ids only). */
  historyParams?(link: LinkRow, seed: string): Record<string, string>;
  /** Query of a back-filled click from a plan's delivered clicks (UD: the plan's ad ids and click ids; plan-history.ts). */
  planParams?(link: LinkRow, plan: DrivingPlan, seed: string): Record<string, string>;
}

type Timeline = Pick<OrderRow, 'created_at' | 'deposit_at' | 'paid_at' | 'received_at' | 'settled_at' | 'refunded_at' | 'closed_at'>;
const EVENTS = ['created_at', 'deposit_at', 'paid_at', 'received_at', 'settled_at', 'refunded_at', 'closed_at'] as const;

/** Status at time t. */
export function statusAt(o: Timeline, t: number): SandboxStatus {
  const done = (v: number | null) => v !== null && v <= t;
  if (done(o.closed_at)) return 'closed';
  if (done(o.refunded_at)) return 'refunded';
  if (done(o.settled_at)) return 'settled';
  if (done(o.received_at)) return 'confirmed';
  if (done(o.paid_at)) return 'paid';
  if (done(o.deposit_at)) return 'deposit_paid';
  return 'unpaid';
}

/** Time of the latest event at or before t. */
export function modifiedAt(o: Timeline, t: number): number {
  return Math.max(...EVENTS.map((k) => (o[k] !== null && o[k]! <= t ? o[k]! : 0)));
}

/** Share check: sha256(id) → 0..9999. */
export function shareOf(id: string): number {
  return parseInt(createHash('sha256').update(id).digest('hex').slice(0, 4), 16) % 10_000;
}

function digitsFrom(seed: string, n: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  let out = '';
  for (let i = 0; out.length < n; i += 1) out += String(parseInt(hex[i % hex.length]!, 16) % 10);
  return out;
}

/** Order line id and parent id the way each union writes them. */
export function orderIds(union: UnionName, seed: string, createdAt: number): { id: string; parent: string } {
  if (union === 'pdd') {
    const day = new Date((createdAt + 8 * 3600) * 1000).toISOString().slice(2, 10).replace(/-/g, '');
    const sn = `${day}-${digitsFrom(seed, 15)}`;
    return { id: sn, parent: sn };
  }
  if (union === 'jd') {
    const order = `3${digitsFrom(seed, 11)}`;
    return { id: `${order}${digitsFrom(`${seed}sku`, 8)}`, parent: order };
  }
  const parent = `2${digitsFrom(seed, 18)}`;
  return { id: union === 'ud' ? `2${digitsFrom(`${seed}sub`, 18)}` : parent, parent };
}

export function timeline(fate: Fate, clickedAt: number, seed: string): Timeline {
  const r = seeded(`timeline:${seed}`);
  const t: Timeline = {
    created_at: clickedAt + r.int(120, 5400),
    deposit_at: null,
    paid_at: null,
    received_at: null,
    settled_at: null,
    refunded_at: null,
    closed_at: null,
  };
  if (fate === 'closed_unpaid') return { ...t, closed_at: t.created_at + 1800 };
  if (fate.startsWith('presell')) {
    t.deposit_at = t.created_at + r.int(30, 600);
    if (fate === 'presell_closed') return { ...t, closed_at: t.deposit_at + 3 * 86400 };
    t.paid_at = t.deposit_at + r.int(1, 3) * 86400 + r.int(0, 3600);
  } else {
    t.paid_at = t.created_at + r.int(20, 900);
  }
  if (fate === 'refunded' || fate === 'presell_refunded') return { ...t, refunded_at: t.paid_at + r.int(3600, 2 * 86400) };
  t.received_at = t.paid_at + r.int(2, 7) * 86400 + r.int(0, 86400);
  t.settled_at = t.received_at + r.int(1, 3) * 86400;
  return t;
}

/** The fate a shopper's order takes, seeded by the click. */
export function naturalFate(presell: boolean, seed: string): Fate {
  const x = seeded(`fate:${seed}`).next();
  if (presell) return x < 0.15 ? 'presell_closed' : x < 0.23 ? 'presell_refunded' : 'presell_settled';
  if (x < 0.05) return 'closed_unpaid';
  return x < 0.13 ? 'refunded' : 'settled';
}

export type World = ReturnType<typeof createWorld>;

export function createWorld(db: DatabaseSync, opts: WorldOptions = {}, hooks: Partial<Record<UnionName, UnionHooks>> = {}) {
  const nowMs = opts.now ?? Date.now;
  const now = () => Math.floor(nowMs() / 1000);
  const landingShare = opts.landingShareBp ?? 1000;
  const monitorShare = opts.monitorShareBp ?? 200;

  const insertOrder =
    db.prepare(`INSERT OR REPLACE INTO orders (id, union_name, parent_id, link_token, click_id, item_id, item_num, unit_price, total,
    commission_bp, deposit, clicked_at, created_at, deposit_at, paid_at, received_at, settled_at, refunded_at, closed_at, extra, indexed_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertClick = db.prepare(
    'INSERT INTO clicks (id, union_name, link_token, kind, at, params, ip, ua) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  function placeOrder(click: ClickRow, link: LinkRow, fate?: Fate, at?: Partial<Timeline>): OrderRow {
    const item = itemFacts(link.union_name, link.item_id || `shop${link.shop_id}`);
    const r = seeded(`qty:${click.id}`);
    const x = r.next();
    const qty = x < 0.8 ? 1 : x < 0.95 ? 2 : 3;
    const gross = item.priceFen * qty;
    const total = item.couponFen > 0 && gross > item.couponFen + 100 ? gross - item.couponFen : gross;
    const t = { ...timeline(fate ?? naturalFate(item.presell, click.id), click.at, click.id), ...at };
    const ids = orderIds(link.union_name, `order:${click.id}`, t.created_at);
    const o: OrderRow = {
      id: ids.id,
      union_name: link.union_name,
      parent_id: ids.parent,
      link_token: link.token,
      click_id: click.id,
      item_id: item.id,
      item_num: qty,
      unit_price: item.priceFen,
      total,
      commission_bp: item.commissionBp,
      deposit: t.deposit_at !== null ? Math.min(item.depositFen || Math.round(item.priceFen / 5), item.priceFen) * qty : 0,
      clicked_at: click.at,
      ...t,
      extra: JSON.stringify(hooks[link.union_name]?.orderExtra?.(click, link) ?? {}),
      // a back-filled order is listed from when it was made; a shopper's from its creation
      indexed_at: click.kind === 'history' ? Math.max(now(), t.created_at) : t.created_at,
    };
    insertOrder.run(
      o.id,
      o.union_name,
      o.parent_id,
      o.link_token,
      o.click_id,
      o.item_id,
      o.item_num,
      o.unit_price,
      o.total,
      o.commission_bp,
      o.deposit,
      o.clicked_at,
      o.created_at,
      o.deposit_at,
      o.paid_at,
      o.received_at,
      o.settled_at,
      o.refunded_at,
      o.closed_at,
      o.extra,
      o.indexed_at,
    );
    return row<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', o.id)!;
  }

  /** Record a click; the shoppers decide whether it becomes an order (`share` overrides the kind's share). */
  function recordClick(
    link: LinkRow,
    kind: ClickRow['kind'],
    params: Record<string, string>,
    ip = '',
    ua = '',
    at = now(),
    share?: number,
  ): { click: ClickRow; order: OrderRow | null } {
    const click: ClickRow = {
      id: randomUUID(),
      union_name: link.union_name,
      link_token: link.token,
      kind,
      at,
      params: JSON.stringify(params),
      ip: ip.slice(0, 64),
      ua: ua.slice(0, 300),
    };
    insertClick.run(click.id, click.union_name, click.link_token, click.kind, click.at, click.params, click.ip, click.ua);
    const threshold = share ?? (kind === 'monitor' ? monitorShare : landingShare);
    return { click, order: shareOf(click.id) < threshold ? placeOrder(click, link) : null };
  }

  /** `days` days of clicks (15–60 a day, mostly daytime) and the orders they turn into. */
  function backfill(link: LinkRow, days: number): number {
    const r = seeded(`history:${link.token}`);
    const end = now();
    let placed = 0;
    db.exec('BEGIN');
    try {
      for (let d = days; d >= 1; d -= 1) {
        const dayStart = end - d * 86400;
        for (let n = r.int(15, 60); n > 0; n -= 1) {
          const at = dayStart + Math.floor(86400 * (0.3 + 0.7 * r.next()));
          const params = hooks[link.union_name]?.historyParams?.(link, `${link.token}:${d}:${n}`) ?? {};
          placed += recordClick(link, 'history', params, '', '', at).order ? 1 : 0;
        }
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    return placed;
  }

  function issueLink(
    union: UnionName,
    tracking: Record<string, string>,
    key: string,
    kind: 'item' | 'shop',
    itemId: string,
    shopId: string,
  ): LinkRow {
    const existing = row<LinkRow>(
      db,
      'SELECT * FROM links WHERE union_name = ? AND tracking_key = ? AND kind = ? AND item_id = ? AND shop_id = ?',
      union,
      key,
      kind,
      itemId,
      shopId,
    );
    if (existing) return existing;
    const token = createHash('sha256').update(`${union}|${key}|${kind}|${itemId}|${shopId}`).digest('base64url').slice(0, 16);
    db.prepare(
      'INSERT INTO links (token, union_name, tracking_key, tracking, kind, item_id, shop_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(token, union, key, JSON.stringify(tracking), kind, itemId, shopId, now());
    const link = row<LinkRow>(db, 'SELECT * FROM links WHERE token = ?', token)!;
    if ((opts.historyDays ?? 0) > 0) backfill(link, opts.historyDays!);
    return link;
  }

  const TIME_COLUMN = { created: 'created_at', paid: 'paid_at', received: 'received_at', settled: 'settled_at' } as const;
  const MODIFIED = `max(${[...EVENTS, 'indexed_at'].map((k) => `CASE WHEN ${k} IS NOT NULL AND ${k} <= $now THEN ${k} ELSE 0 END`).join(', ')})`;
  /** Run before every order query (plan-history.ts: back-fill what the ad world's plans delivered). */
  const beforeQuery: Array<() => void> = [];

  /**
   * Visible orders (placed by now) whose chosen time is in [from, to) — `modified`: the latest event by now, or when
   * the order was listed if later (`indexed_at`, a back-filled order) —, ordered by that time then id, after the
   * keyset (time, id) when given.
   */
  function ordersBy(
    union: UnionName,
    by: keyof typeof TIME_COLUMN | 'modified',
    from: number,
    to: number,
    after?: { t: number; id: string },
    limit = 1000,
  ): Array<OrderRow & { t: number }> {
    for (const fn of beforeQuery) fn();
    const t = by === 'modified' ? MODIFIED : `CASE WHEN ${TIME_COLUMN[by]} <= $now THEN ${TIME_COLUMN[by]} END`;
    const keyset = after ? 'AND (t > $at OR (t = $at AND id > $aid))' : '';
    const sql = `SELECT * FROM (SELECT *, ${t} AS t FROM orders WHERE union_name = $union AND created_at <= $now)
      WHERE t >= $from AND t < $to ${keyset} ORDER BY t, id LIMIT $limit`;
    const params: Record<string, string | number> = { union, now: now(), from, to, limit };
    if (after) Object.assign(params, { at: after.t, aid: after.id });
    return db.prepare(sql).all(params) as unknown as Array<OrderRow & { t: number }>;
  }

  /** Pending events within `seconds` happen now; later ones come `seconds` sooner (one order, one union or all). */
  function advance(seconds: number, filter: { union?: UnionName; orderId?: string } = {}): number {
    const n = now();
    const where = filter.orderId ? 'AND id = $id' : filter.union ? 'AND union_name = $union' : '';
    let changed = 0;
    for (const col of EVENTS) {
      const params: Record<string, string | number> = { now: n, s: seconds };
      if (filter.orderId) params.id = filter.orderId;
      else if (filter.union) params.union = filter.union;
      changed += Number(db.prepare(`UPDATE orders SET ${col} = max($now, ${col} - $s) WHERE ${col} > $now ${where}`).run(params).changes);
    }
    return changed;
  }

  /** The order's next pending event happens now. */
  function advanceOrder(id: string): boolean {
    const o = row<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', id);
    if (!o) return false;
    const pending = EVENTS.map((k) => o[k]).filter((v): v is number => v !== null && v > now());
    if (pending.length > 0) advance(Math.min(...pending) - now(), { orderId: id });
    return true;
  }

  return {
    db,
    now,
    onQuery: (fn: () => void) => void beforeQuery.push(fn),
    issueLink,
    recordClick,
    placeOrder,
    backfill,
    ordersBy,
    advance,
    advanceOrder,
    link: (token: string) => row<LinkRow>(db, 'SELECT * FROM links WHERE token = ?', token),
    click: (id: string) => row<ClickRow>(db, 'SELECT * FROM clicks WHERE id = ?', id),
    order: (id: string) => row<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', id),
    clicks: (union: UnionName, limit = 200) =>
      rows<ClickRow>(db, 'SELECT * FROM clicks WHERE union_name = ? ORDER BY rowid DESC LIMIT ?', union, limit),
  };
}
