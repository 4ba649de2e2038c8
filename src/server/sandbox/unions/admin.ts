import { Hono } from 'hono';
import { z } from 'zod';
import { injectFailure } from './failures.ts';
import { type OrderRow, rows, type UnionName } from './store.ts';
import { statusAt, type World } from './world.ts';

/**
 * The sandbox admin API of one union, under `/sandbox/<union>/_admin/`, for tests and demos. Every call carries
 * the union's sandbox app secret in `x-sandbox-key`. It reads what the sandbox recorded (links, clicks, orders with
 * their status now, postbacks), injects failures, places an order for a recorded click, and fast-forwards time.
 */
const failureSchema = z.object({
  method: z.string().max(100).optional(),
  kind: z.enum(['error', 'rate_limit', 'http500', 'timeout']),
  count: z.number().int().min(1).max(1000).optional(),
  code: z.string().max(60).optional(),
  message: z.string().max(300).optional(),
});
const epoch = z.number().int().min(0).max(4_102_444_800).nullable().optional();
const orderSchema = z.object({
  clickId: z.string().min(1).max(64),
  fate: z.enum(['settled', 'refunded', 'closed_unpaid', 'presell_settled', 'presell_refunded', 'presell_closed']).optional(),
  timeline: z
    .object({
      created_at: epoch,
      deposit_at: epoch,
      paid_at: epoch,
      received_at: epoch,
      settled_at: epoch,
      refunded_at: epoch,
      closed_at: epoch,
    })
    .optional(),
});
const advanceSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(400 * 86400),
});
const historySchema = z.object({ token: z.string().min(1).max(64), days: z.number().int().min(1).max(90) });

export function adminRoutes(world: World, union: UnionName, secret: string): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    if (c.req.header('x-sandbox-key') !== secret) return c.json({ error: '需要沙箱密钥（x-sandbox-key）' }, 401);
    await next();
  });
  const body = async <T>(schema: z.ZodType<T>, raw: unknown): Promise<T | null> => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
  const json = async (req: { json(): Promise<unknown> }) => req.json().catch(() => null);
  const withStatus = (o: OrderRow) => ({ ...o, status: statusAt(o, world.now()) });

  app.get('/links', (c) => c.json(rows(world.db, 'SELECT * FROM links WHERE union_name = ? ORDER BY created_at, token', union)));
  app.get('/clicks', (c) => c.json(world.clicks(union, Math.min(Number(c.req.query('limit') ?? 200) || 200, 5000))));
  app.get('/orders', (c) =>
    c.json(
      rows<OrderRow>(
        world.db,
        'SELECT * FROM orders WHERE union_name = ? AND created_at <= ? ORDER BY created_at DESC, id LIMIT 5000',
        union,
        world.now(),
      ).map(withStatus),
    ),
  );
  app.get('/postbacks', (c) => c.json(rows(world.db, 'SELECT * FROM postbacks WHERE union_name = ? ORDER BY id', union)));

  app.post('/failures', async (c) => {
    const f = await body(failureSchema, await json(c.req));
    if (!f) return c.json({ error: '参数错误' }, 400);
    injectFailure(world.db, union, f);
    return c.json({ ok: true });
  });
  app.post('/orders', async (c) => {
    const req = await body(orderSchema, await json(c.req));
    if (!req) return c.json({ error: '参数错误' }, 400);
    const click = world.click(req.clickId);
    const link = click && world.link(click.link_token);
    if (!click || !link || click.union_name !== union) return c.json({ error: '点击不存在' }, 404);
    return c.json(withStatus(world.placeOrder(click, link, req.fate, req.timeline as Partial<OrderRow> | undefined)));
  });
  app.post('/orders/:id/advance', (c) => {
    const o = world.order(c.req.param('id'));
    if (!o || o.union_name !== union) return c.json({ error: '订单不存在' }, 404);
    world.advanceOrder(o.id);
    return c.json(withStatus(world.order(o.id)!));
  });
  app.post('/advance', async (c) => {
    const req = await body(advanceSchema, await json(c.req));
    if (!req) return c.json({ error: '参数错误' }, 400);
    return c.json({ changed: world.advance(req.seconds, { union }) });
  });
  app.post('/history', async (c) => {
    const req = await body(historySchema, await json(c.req));
    const link = req && world.link(req.token);
    if (!req || !link || link.union_name !== union) return c.json({ error: '链接不存在' }, 404);
    return c.json({ orders: world.backfill(link, req.days) });
  });
  return app;
}
