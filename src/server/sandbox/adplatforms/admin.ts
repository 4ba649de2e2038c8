/**
 * The sandbox's admin API, per platform under `/sandbox/<p>/_admin/…`, loopback clients only: seed
 * advertisers → campaigns → plans → creatives (with the product's monitor and landing URLs), read the world
 * with its moving statuses, shorten/expire/revoke tokens, arm transient failures, read recorded requests and
 * received conversions, send an exact amount of delivery now, and back-fill history. Not a platform API:
 * it answers plain JSON `{ok, …}` or `{ok: false, error}`.
 */
import { Hono } from 'hono';
import type { AdPlatform } from '../../../shared/ad-platforms.ts';
import { z } from '../../../shared/zod.ts';
import type { DeliveryEngine } from './delivery.ts';
import type { Grants } from './grants.ts';
import { generateHistory } from './history.ts';
import { markJuliang } from './juliang-world.ts';
import { type Faults, loopbackOnly, type Recorder } from './kit.ts';
import type { NewEntity, World } from './world.ts';

export interface PlatformContext {
  platform: AdPlatform;
  world: World;
  grants: Grants;
  recorder: Recorder;
  faults: Faults;
  engine: DeliveryEngine;
}

const url = z
  .string()
  .max(4000)
  .regex(/^https?:\/\//)
  .nullable()
  .optional();
const entityFields = {
  name: z.string().min(1).max(100),
  enabled: z.boolean().optional(),
  budgetFen: z.number().int().min(0).nullable().optional(),
  bidFen: z.number().int().min(0).nullable().optional(),
  auditSeconds: z.number().int().min(0).optional(),
  rejected: z.boolean().optional(),
  startAt: z.number().int().optional(),
  endAt: z.number().int().optional(),
  weight: z.number().int().min(1).max(100).optional(),
};
const creative = z.object({ ...entityFields, materialType: z.string().max(40).nullable().optional() });
const plan = z.object({ ...entityFields, showUrl: url, clickUrl: url, landingUrl: url, creatives: z.array(creative).max(50).default([]) });
const campaign = z.object({ ...entityFields, plans: z.array(plan).max(200).default([]) });
const advertiser = z.object({
  id: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  name: z.string().min(1).max(100),
  balanceFen: z.number().int().default(10_000_000),
  username: z.string().max(64).optional(),
  password: z.string().max(64).optional(),
  apiToken: z.string().max(128).optional(),
  /** 巨量 only: an account on 升级版 (v3.0 项目/广告). */
  model: z.enum(['v2', 'v3']).optional(),
  campaigns: z.array(campaign).max(200).default([]),
});
const seedSchema = z.object({
  advertisers: z
    .array(
      advertiser.extend({
        /** 巨量 only: a 管家 or 代理商 account holding `children` (advertisers a grant of it reaches). */
        role: z.enum(['advertiser', 'majordomo', 'agent']).optional(),
        children: z.array(advertiser).max(100).default([]),
      }),
    )
    .max(500),
});
export type SeedSpec = z.input<typeof seedSchema>;

export interface SeededAdvertiser {
  id: string;
  name: string;
  /** The advertisers a 管家 / 代理商 holds (巨量). */
  children?: SeededAdvertiser[];
  campaigns: Array<{ id: string; name: string; plans: Array<{ id: string; name: string; creatives: string[] }> }>;
}

export function seedWorld(world: World, platform: AdPlatform, spec: SeedSpec): SeededAdvertiser[] {
  const s = seedSchema.parse(spec);
  type One = z.output<typeof advertiser>;
  const seedOne = (a: One): SeededAdvertiser => {
    const advertiserId = world.addAdvertiser(platform, a);
    return {
      id: advertiserId,
      name: a.name,
      campaigns: a.campaigns.map((c) => {
        const campaignId = world.addEntity(platform, 'campaign', { advertiserId }, c as NewEntity);
        return {
          id: campaignId,
          name: c.name,
          plans: c.plans.map((p) => {
            const planId = world.addEntity(platform, 'plan', { advertiserId, campaignId }, p as NewEntity);
            const creatives = p.creatives.map((cr) =>
              world.addEntity(platform, 'creative', { advertiserId, campaignId, planId }, cr as NewEntity),
            );
            return { id: planId, name: p.name, creatives };
          }),
        };
      }),
    };
  };
  return world.store.tx(() =>
    s.advertisers.map((a) => {
      const seeded = seedOne(a);
      const children = a.children.map(seedOne);
      if (platform === 'juliang') {
        markJuliang(
          world,
          seeded.id,
          a,
          children.map((c) => c.id),
        );
        for (const [i, c] of a.children.entries()) markJuliang(world, children[i]!.id, c, []);
      }
      return children.length ? { ...seeded, children } : seeded;
    }),
  );
}

export function adminRoutes(ctx: PlatformContext): Hono {
  const { world, grants, recorder, faults, engine, platform } = ctx;
  const admin = new Hono();
  admin.use(loopbackOnly);
  admin.onError((err, c) => c.json({ ok: false, error: err instanceof z.ZodError ? z.prettifyError(err) : String(err) }, 400));

  admin.post('/seed', async (c) => c.json({ ok: true, advertisers: seedWorld(world, platform, await c.req.json()) }));

  admin.get('/world', (c) =>
    c.json({
      ok: true,
      advertisers: world.advertisers(platform).map((a) => ({
        ...a,
        entities: (['campaign', 'plan', 'creative'] as const).flatMap((level) =>
          world
            .list(platform, level, a.id, { offset: 0, limit: 10_000, withDeleted: true })
            .rows.map((e) => ({ ...e, state: world.state(e) })),
        ),
      })),
    }),
  );

  admin.post('/advertisers/:id', async (c) => {
    const b = z.object({ balanceFen: z.number().int() }).parse(await c.req.json());
    world.setBalance(platform, c.req.param('id'), b.balanceFen);
    return c.json({ ok: true });
  });

  admin.post('/entities/:level/:id', async (c) => {
    const level = z.enum(['campaign', 'plan', 'creative']).parse(c.req.param('level'));
    const b = z
      .object({
        enabled: z.boolean().optional(),
        budgetFen: z.number().int().nullable().optional(),
        bidFen: z.number().int().nullable().optional(),
        auditSeconds: z.number().int().min(0).optional(),
        rejected: z.boolean().optional(),
        deleted: z.boolean().optional(),
      })
      .parse(await c.req.json());
    const id = c.req.param('id');
    if (!world.entity(platform, level, id)) return c.json({ ok: false, error: 'no such entity' }, 404);
    world.update(platform, level, id, b);
    if (b.auditSeconds !== undefined || b.rejected !== undefined)
      world.audit(platform, level, id, b.auditSeconds ?? 0, true, b.rejected ?? false);
    return c.json({ ok: true });
  });

  admin.post('/settings', async (c) => {
    const b = z
      .object({
        accessTtl: z.number().int().min(1).optional(),
        refreshTtl: z.number().int().min(1).optional(),
        codeTtl: z.number().int().min(1).optional(),
      })
      .parse(await c.req.json());
    if (b.accessTtl) world.setSetting(platform, 'ttl.access', b.accessTtl);
    if (b.refreshTtl) world.setSetting(platform, 'ttl.refresh', b.refreshTtl);
    if (b.codeTtl) world.setSetting(platform, 'ttl.code', b.codeTtl);
    return c.json({ ok: true });
  });

  admin.post('/tokens', async (c) => {
    const b = z
      .object({
        action: z.enum(['expire', 'revoke']),
        which: z.enum(['access', 'refresh', 'both']).default('access'),
        token: z.string().optional(),
      })
      .parse(await c.req.json());
    const changed = b.action === 'revoke' ? grants.revoke(b.token) : grants.expire(b.which, b.token);
    return c.json({ ok: true, changed });
  });

  admin.post('/faults', async (c) => {
    const b = z
      .object({
        kind: z.enum(['http5xx', 'timeout', 'rate_limit', 'hold']),
        count: z.number().int().min(1).max(1000),
        match: z.string().max(200).optional(),
        delayMs: z.number().int().min(0).max(120_000).optional(),
      })
      .parse(await c.req.json());
    faults.arm({ kind: b.kind, remaining: b.count, match: b.match, delayMs: b.delayMs });
    return c.json({ ok: true, pending: faults.pending() });
  });
  admin.delete('/faults', (c) => (faults.clear(), c.json({ ok: true })));

  admin.get('/requests', (c) => c.json({ ok: true, requests: recorder.requests }));
  admin.delete('/requests', (c) => (recorder.clear(), c.json({ ok: true })));
  admin.get('/conversions', (c) => c.json({ ok: true, conversions: world.conversions(platform) }));
  admin.get('/clicks', (c) =>
    c.json({
      ok: true,
      clicks: world.store.all(
        'SELECT click_id, plan_id, callback, at FROM clicks WHERE platform = ? ORDER BY at DESC, click_id LIMIT 200',
        platform,
      ),
    }),
  );

  admin.post('/deliver', async (c) => {
    const b = z
      .object({
        planId: z.string(),
        shows: z.number().int().min(0).max(10_000),
        clicks: z.number().int().min(0).max(10_000),
        landingRate: z.number().min(0).max(1).default(1),
        followRate: z.number().min(0).max(1).optional(),
        /** Extra clicks by bots and a click farm's burst (invalid-traffic.ts), on top of `clicks`. */
        bots: z.number().int().min(0).max(10_000).default(0),
        burst: z.enum(['device', 'ip']).optional(),
      })
      .parse(await c.req.json());
    const p = world.entity(platform, 'plan', b.planId);
    if (!p) return c.json({ ok: false, error: 'no such plan' }, 404);
    if (world.state(p) !== 'delivering')
      return c.json({ ok: true, state: world.state(p), sent: { shows: 0, clicks: 0, visits: 0, follows: 0, skipped: 0, invalid: 0 } });
    return c.json({
      ok: true,
      state: 'delivering',
      sent: await engine.deliver(p, b.shows, b.clicks, b.landingRate, b.followRate, { bots: b.bots, burst: b.burst }),
    });
  });
  admin.get('/pinged/:planId', (c) => c.json({ ok: true, ...world.pinged(platform, c.req.param('planId')) }));
  admin.post('/history', async (c) => {
    const b = z.object({ days: z.number().int().min(1).max(90) }).parse(await c.req.json());
    const made = generateHistory(world, platform, b.days);
    // the plans delivered before: the platform has reviewed their landing pages (drivers.ts reads their jumps)
    return c.json({ ok: true, ...made, reviewed: await engine.reviewLandingPages(platform) });
  });
  return admin;
}
