/**
 * The promotion world the browser specs need: a 巨量 advertiser of customer1@demo.local in the running server's
 * in-process sandbox, with plans whose monitor URLs are the demo 巨量 link's, authorised and synced into the
 * product. When the ads feature's demo world is there (customer1 already has 巨量 accounts), it is used as is.
 * Until then this stands in for it, through the same paths where they exist: the sandbox admin API (seed,
 * history), the real OAuth consent page and code exchange of the 巨量 connector, and — for the authorisation
 * rows, the entity sync and the report sync, which are the ads feature's — the test factories writing the rows
 * the way those do, into the server's own database (E2E_DATA_DIR).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { hourStart } from '../../src/shared/china-clock.ts';
import { authoriseAgainstSandbox, insertFacts, syncEntities } from '../support/factories-promotion.ts';
import { e2eNow } from './clock.ts';

export interface PromotionWorld {
  advertiserId: string;
  advertiserName: string;
  /** A delivering plan driving the demo 巨量 link, and its campaign. */
  planId: string;
  planName: string;
  campaignName: string;
}

type Env<T> = { code: number; msg: string; data: T };

async function api<T>(base: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Env<T>;
  if (env.code !== 1) throw new Error(`${p}: ${env.code} ${env.msg}`);
  return env.data;
}

async function admin<T>(base: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/sandbox/juliang/_admin${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

export async function customerToken(base: string, email = 'customer1@demo.local'): Promise<string> {
  return (await api<{ jwt: string }>(base, '/capi/api/user/login', { email, password: 'demo123456' })).jwt;
}

type Row = { id: string; name: string; advertiser_id: string; campaign_id: string; status_label?: string };

export async function promotionWorld(base: string): Promise<PromotionWorld> {
  const token = await customerToken(base);
  const plans = await api<{ list: Row[] }>(base, '/capi/napi/promote/index', { acpl: 2, pl: 2, type: 'plan', pagesize: 100 }, token);
  if (plans.list.length > 0) return fromRows(base, token, plans.list);

  const me = await api<{ id: number }>(base, '/capi/api/user/info', {}, token);
  const links = await api<{
    list: Array<{
      pageid: string;
      title: string;
      platform: number;
      state: number;
      monitor_show_url: string;
      monitor_touch_url: string;
      landing_url: string;
    }>;
  }>(base, '/capi/napi/link/index', { platform: 2, state: 2, pagesize: 100 }, token);
  const link = links.list[0];
  if (!link) throw new Error('customer1 has no 巨量 taobao demo link');
  const monitors = { showUrl: link.monitor_show_url, clickUrl: link.monitor_touch_url, landingUrl: link.landing_url };
  const seeded = await admin<{ advertisers: Array<{ id: string; name: string }> }>(base, '/seed', {
    advertisers: [
      {
        name: '秋冬服饰旗舰店（沙箱）',
        balanceFen: 900_000_000,
        campaigns: [
          {
            name: '秋冬上新',
            plans: [
              {
                name: '卫衣-信息流-竖版视频',
                bidFen: 60,
                budgetFen: 3_000_000,
                weight: 100,
                ...monitors,
                creatives: [
                  { name: '卫衣竖版视频A', materialType: 'CREATIVE_IMAGE_MODE_VIDEO_VERTICAL' },
                  { name: '卫衣大图', materialType: 'CREATIVE_IMAGE_MODE_LARGE' },
                ],
              },
              {
                name: '卫衣-搜索',
                bidFen: 90,
                budgetFen: 1_000_000,
                weight: 30,
                ...monitors,
                creatives: [{ name: '搜索大图', materialType: 'TOUTIAO_SEARCH_AD_IMAGE' }],
              },
            ],
          },
          { name: '清仓', plans: [{ name: '围巾-清仓', bidFen: 40, budgetFen: 500_000, enabled: false, weight: 10, ...monitors }] },
        ],
      },
    ],
  });
  const advertiser = seeded.advertisers[0];
  if (!advertiser) throw new Error('sandbox seed answered no advertiser');
  await admin(base, '/history', { days: 7 });

  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { encryptionKey: string; tokenSecret: string };
  const handle = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
  try {
    const deps = {
      db: handle.db,
      secrets: { encryptionKey: Buffer.from(secrets.encryptionKey, 'hex'), tokenSecret: Buffer.from(secrets.tokenSecret) },
    };
    const connector = createJuliangConnector(
      {
        ...SANDBOX_APPS.juliang,
        apiBase: `${base}/sandbox/juliang/open_api`,
        authBase: `${base}/sandbox/juliang`,
      },
      undefined,
      { now: e2eNow }, // the server's clock (CLOCK_START): token lifetimes and report windows agree with its sandbox
    );
    const auth = await authoriseAgainstSandbox(deps, connector, me.id, [advertiser.id], { [advertiser.id]: advertiser.name });
    await syncEntities(handle.db, connector, auth, 2, me.id, advertiser.id);
    const now = e2eNow();
    const facts = await connector.hourlyReport(auth, advertiser.id, hourStart(now - 6 * 86400), hourStart(now));
    const pageOf = new Map(
      (await handle.db.selectFrom('ad_entities').select(['entity_id', 'pageid']).where('level', '=', 'plan').execute()).map((r) => [
        r.entity_id,
        r.pageid,
      ]),
    );
    await insertFacts(
      handle.db,
      facts.map((f) => ({
        platform: 2,
        advertiser_id: f.advertiserId,
        customerid: me.id,
        campaign_id: f.campaignId,
        plan_id: f.planId,
        pageid: pageOf.get(f.planId) ?? '',
        hour: f.hour,
        cost_fen: f.costFen,
        shows: f.shows,
        clicks: f.clicks,
        conversions: f.conversions,
      })),
    );
  } finally {
    await handle.close();
  }
  const again = await api<{ list: Row[] }>(base, '/capi/napi/promote/index', { acpl: 2, pl: 2, type: 'plan', pagesize: 100 }, token);
  return fromRows(base, token, again.list);
}

async function fromRows(base: string, token: string, rows: Row[]): Promise<PromotionWorld> {
  // a delivering plan (the feed plan when it drives a link of this sub-platform: which demo link a plan drives
  // decides its sub-platform)
  const delivering = rows.filter((r) => r.status_label === '投放中');
  const plan = delivering.find((r) => r.name.includes('信息流')) ?? delivering[0] ?? rows[0];
  if (!plan) throw new Error('no plan of customer1 on 巨量 · 流量通PRO');
  const accounts = await api<{ list: Row[] }>(
    base,
    '/capi/napi/promote/index',
    { acpl: 2, type: 'adver', advertiser_id: plan.advertiser_id },
    token,
  );
  const groups = await api<{ list: Row[] }>(
    base,
    '/capi/napi/promote/index',
    { acpl: 2, type: 'group', advertiser_id: plan.advertiser_id, pagesize: 100 },
    token,
  );
  return {
    advertiserId: plan.advertiser_id,
    advertiserName: accounts.list[0]?.name ?? '',
    planId: plan.id,
    planName: plan.name,
    campaignName: groups.list.find((g) => g.id === plan.campaign_id)?.name ?? '',
  };
}

/** What the sandbox really pinged for a plan so far (its delivery engine's own count). */
export async function pingedCount(base: string, planId: string): Promise<number> {
  const r = await admin<{ shows?: number; clicks?: number }>(base, `/pinged/${planId}`);
  return Number(r.shows ?? 0) + Number(r.clicks ?? 0);
}

/** The sandbox's bots click the plan `n` times (invalid traffic: a headless browser's or crawler's UA macro). */
export async function botClicks(base: string, planId: string, n: number): Promise<void> {
  const r = await admin<{ ok: boolean; state: string }>(base, '/deliver', { planId, shows: 0, clicks: 0, bots: n, landingRate: 0 });
  if (r.state !== 'delivering') throw new Error(`plan ${planId} is ${r.state}: no bot clicks`);
}
