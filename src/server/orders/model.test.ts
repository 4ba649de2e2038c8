import { describe, expect, it } from 'vitest';
import type { AffiliateOrder } from '../connectors/affiliate.ts';
import { contributions, FactDelta, type FactSource, postbackEvent, unionSide } from './model.ts';

const H = 1_795_000_000 - (1_795_000_000 % 3600); // an hour start
const base: FactSource = {
  customerid: 7,
  pageid: '123',
  item_id: '9',
  channel: 2,
  advertiser_id: 'a',
  campaign_id: 'c',
  plan_id: 'p',
  status: 'paid',
  presell: 0,
  order_fen: 1000,
  paid_fen: 1000,
  commission_fen: 100,
  created_at: H + 10,
  paid_at: H + 3600 + 5,
  deposit_paid_at: 0,
};

describe('what an order adds to the order facts (docs/metrics.md Sums)', () => {
  it.each([
    ['unpaid', { ...base, status: 'unpaid', paid_at: 0, paid_fen: 0 }, [1, 0]],
    ['paid', base, [1, 1]],
    ['confirmed', { ...base, status: 'confirmed' }, [1, 1]],
    ['settled', { ...base, status: 'settled' }, [1, 1]],
    ['refunded after payment', { ...base, status: 'refunded' }, [1, 0]],
    ['closed before payment', { ...base, status: 'closed', paid_at: 0, paid_fen: 0 }, [0, 0]],
    ['invalid before payment', { ...base, status: 'invalid', paid_at: 0 }, [0, 0]],
    ['closed after the deposit', { ...base, status: 'closed', presell: 1, paid_at: 0, deposit_paid_at: H + 60 }, [1, 0]],
    [
      'presell, deposit paid: placed, not paid',
      { ...base, status: 'deposit_paid', presell: 1, paid_at: 0, deposit_paid_at: H + 60, paid_fen: 200 },
      [1, 0],
    ],
    ['presell, balance paid', { ...base, presell: 1, deposit_paid_at: H + 60 }, [1, 1]],
    ['not attributed', { ...base, customerid: 0 }, [0, 0]],
  ] as const)('%s: placed %o', (_name, o, [placed, paid]) => {
    const rows = contributions(o);
    expect(rows.reduce((n, r) => n + r.orders, 0)).toBe(placed);
    expect(rows.reduce((n, r) => n + r.paid_orders, 0)).toBe(paid);
  });

  it('placed by creation hour, paid by payment hour; presell paid once, in the hour its balance is paid, with the whole amount', () => {
    const [placed, paid] = contributions(base);
    expect(placed).toMatchObject({ hour: H, orders: 1, order_fen: 1000, paid_orders: 0 });
    expect(paid).toMatchObject({ hour: H + 3600, paid_orders: 1, paid_fen: 1000, commission_fen: 100, orders: 0 });
    const presell = contributions({ ...base, presell: 1, deposit_paid_at: H + 60, paid_at: H + 7200 });
    expect(presell[1]).toMatchObject({ hour: H + 7200, paid_orders: 1, paid_fen: 1000 });
    // the deposit day never held the order as paid, so paying the balance changes no earlier day
    const d = new FactDelta();
    d.add(contributions({ ...base, status: 'deposit_paid', presell: 1, deposit_paid_at: H + 60, paid_at: 0, paid_fen: 200 }), -1);
    d.add(presell, 1);
    expect(d.hourly()).toEqual([expect.objectContaining({ hour: H + 7200, paid_orders: 1, paid_fen: 1000 })]);
  });

  it('a change moves exactly the order’s part: a refund subtracts it; the same order twice changes nothing', () => {
    const d = new FactDelta();
    d.add(contributions(base), -1);
    d.add(contributions({ ...base, status: 'refunded' }), 1);
    expect(d.hourly()).toEqual([expect.objectContaining({ hour: H + 3600, paid_orders: -1, paid_fen: -1000, commission_fen: -100 })]);
    expect(d.daily()).toEqual([expect.objectContaining({ paid_orders: -1, paid_fen: -1000 })]);
    const same = new FactDelta();
    same.add(contributions(base), -1);
    same.add(contributions(base), 1);
    expect(same.hourly()).toEqual([]);
  });
});

describe('when a conversion is posted back', () => {
  it.each([
    ['paid', 'paid', 'taobao', 'pay'],
    ['deposit_paid', 'paid', 'taobao', null],
    ['deposit_paid', 'order', 'taobao', 'order'],
    ['unpaid', 'paid', 'taobao', null],
    ['refunded', 'paid', 'taobao', null],
    ['unpaid', 'order', 'taobao', 'order'],
    ['unpaid', 'order', 'ud', null],
    ['paid', 'order', 'ud', 'pay'],
    ['paid', 'confirmed', 'jd', null],
    ['confirmed', 'confirmed', 'jd', 'pay'],
    ['confirmed', 'settled', 'pdd', null],
    ['settled', 'settled', 'pdd', 'pay'],
    ['closed', 'order', 'taobao', null],
  ] as const)('%s under %s (%s) → %s', (status, setting, union, event) => {
    expect(postbackEvent(status, setting, union)).toBe(event);
  });
});

describe('the union side of an order', () => {
  const order: AffiliateOrder = {
    union: 'jd',
    orderId: '3001\u0000',
    parentOrderId: '3000',
    itemId: '100012',
    itemTitle: '纯棉\u0000T恤 男款',
    itemImage: '',
    itemNum: 1,
    itemPriceFen: 5900,
    orderFen: 5900,
    payFen: 5900,
    settleFen: 0,
    commissionRateBp: 500,
    commissionFen: 295,
    settledCommissionFen: 0,
    status: 'paid',
    rawStatus: '16',
    createdAt: H,
    paidAt: H + 60,
    receivedAt: null,
    settledAt: null,
    clickAt: null,
    modifiedAt: H + 60,
    presell: null,
    tracking: { union: 'jd', siteId: '1', positionId: '2', subUnionId: 'p\u0000810001' },
    ud: null,
    raw: { shopName: '青禾\u0000旗舰店' },
  };

  it('drops U+0000 from every text (PostgreSQL refuses it) and keeps every other character', () => {
    const side = unionSide(order, 0);
    expect(side.order_id).toBe('3001');
    expect(side.item_title).toBe('纯棉T恤 男款');
    expect(side.shop_name).toBe('青禾旗舰店');
    expect(side.tracking_key).not.toContain('\u0000');
    for (const v of Object.values(side)) if (typeof v === 'string') expect(v).not.toContain('\u0000');
  });
});
