import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:55433/bench_mx170e0d_010247f7' });
await c.connect();
await c.query('vacuum analyze plan_period_sums');
const qs = {
  agg: `select cast(channel as text) k0, cast(advertiser_id as text) k1, cast(plan_id as text) k2, max(customerid) c, sum(cost_fen) s0, sum(shows) s1, sum(clicks) s2, sum(conversions) s3, sum(orders) s4, sum(order_fen) s5, sum(paid_orders) s6, sum(paid_fen) s7, sum(commission_fen) s8 from plan_period_sums where days = 89 group by channel, plan_id, advertiser_id`,
  raw: `select channel, advertiser_id, plan_id, customerid, cost_fen, shows, clicks, conversions, orders, order_fen, paid_orders, paid_fen, commission_fen from plan_period_sums where days = 89`,
};
for (let r = 0; r < 3; r++)
  for (const [name, q] of Object.entries(qs)) {
    const ts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      const res = await c.query(q);
      if (name === 'raw') {
        const m = new Map<string, number[]>();
        for (const row of res.rows) {
          const k = `${row.channel}\u0001${row.advertiser_id}\u0001${row.plan_id}`;
          const v = m.get(k);
          if (!v) m.set(k, [Number(row.cost_fen), Number(row.orders)]);
          else v[0] += Number(row.cost_fen);
        }
      }
      ts.push(performance.now() - t);
    }
    ts.sort((a, b) => a - b);
    console.log(name, ts[5]!.toFixed(1), ts[0]!.toFixed(1));
  }
await c.end();
