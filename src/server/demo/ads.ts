import { randomBytes } from 'node:crypto';
import { AD_PLATFORMS, type AdPlatform } from '../../shared/ad-platforms.ts';
import { CHANNELS, type Channel } from '../../shared/catalog.ts';
import type { LinkView } from '../../shared/links.ts';
import { actorOf } from '../accounts/actor.ts';
import { findUserByEmail } from '../accounts/lookup.ts';
import type { Deps } from '../deps.ts';
import { listLinks, updateLink } from '../links/service.ts';
import type { SeededAdvertiser, SeedSpec } from '../sandbox/adplatforms/admin.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { DemoBrowser } from './browser.ts';

/**
 * The demo world's ad accounts (DEMO_DATA on, first start): the demo customers and the agent's sub-customers
 * each get an advertiser on every account type (巨量 2, 腾讯 4, 快手 5, UC 8, 小红书 10) in the sandbox, set up as
 * an advertiser would through the sandbox's admin API — campaigns and plans whose click/show monitor URLs and
 * landing URLs are their demo links', with budgets, bids and a mix of states — plus two unclaimed advertisers per
 * platform for a new authorisation; the agent's sub-customers' 巨量 advertisers are on 升级版 (v3.0 项目/广告). Then 14 days of history are generated and every account is authorised
 * through the product's real path over HTTP: the OAuth consent page submitted as the user would (an agent for
 * its sub-customers), UC through its credentials form. The first sync (kicked by the authorisation) pulls the
 * plans and back-fills the 14 days through the report connectors; the sandbox's delivery engine pings the
 * monitor URLs from then on (DEMO_TRAFFIC).
 */

const CUSTOMERS = [
  { email: 'customer1@demo.local', by: 'customer1@demo.local', short: '青禾服饰' },
  { email: 'customer2@demo.local', by: 'customer2@demo.local', short: '优品数码' },
  { email: 'sub1@demo.local', by: 'agent@demo.local', short: '海味食品' },
  { email: 'sub2@demo.local', by: 'agent@demo.local', short: '美妆日化' },
] as const;
export const DEMO_AD_PLATFORMS: AdPlatform[] = ['juliang', 'tengxun', 'kuaishou', 'ucid', 'xiaohongshu'];
const HISTORY_DAYS = 14;

type Urls = { showUrl?: string; clickUrl?: string; landingUrl?: string };
const urlsOf = (l: LinkView | undefined): Urls =>
  l ? { showUrl: l.monitor_show_url, clickUrl: l.monitor_touch_url, landingUrl: l.landing_url } : {};

/** One customer's advertiser: a running campaign (one plan on a tight budget, one paused) and a new one (in audit, rejected). */
function advertiserSpec(
  name: string,
  links: LinkView[],
  uc: { username: string; password: string; apiToken: string } | null,
): SeedSpec['advertisers'][number] {
  const link = (i: number) => urlsOf(links[i % Math.max(1, links.length)]);
  return {
    name,
    balanceFen: 50_000_000,
    ...(uc ?? {}),
    campaigns: [
      {
        name: '日常推广',
        budgetFen: null,
        plans: [
          {
            name: '爆款引流-信息流',
            budgetFen: 300_000,
            bidFen: 80,
            weight: 20,
            ...link(0),
            creatives: [{ name: '竖版视频-开箱', materialType: 'vertical_video' }],
          },
          {
            name: '爆款引流-精准人群',
            budgetFen: 12_000,
            bidFen: 60,
            weight: 3,
            ...link(1),
            creatives: [{ name: '大图-卖点', materialType: 'large_horizontal_image' }],
          },
          {
            name: '老客召回',
            budgetFen: 50_000,
            bidFen: 50,
            enabled: false,
            ...link(0),
            creatives: [{ name: '小图-优惠券', materialType: 'small_image' }],
          },
        ],
      },
      {
        name: '新品测款',
        budgetFen: 200_000,
        plans: [
          {
            name: '新品首发-测款A',
            budgetFen: 40_000,
            bidFen: 70,
            auditSeconds: 1200,
            ...link(1),
            creatives: [{ name: '横版视频-测评', materialType: 'horizontal_video' }],
          },
          {
            name: '新品首发-测款B',
            budgetFen: 40_000,
            bidFen: 70,
            rejected: true,
            ...link(0),
            creatives: [{ name: '标题-限时', materialType: 'title' }],
          },
        ],
      },
    ],
  };
}

/** Advertisers nobody holds yet (listed first on the consent page): what a new user can authorise. */
const spare = (platform: AdPlatform, i: number): SeedSpec['advertisers'][number] => ({
  name: `演示待授权账户${i === 0 ? '一' : '二'}（${CHANNELS[AD_PLATFORMS[platform] as Channel]}）`,
  balanceFen: 20_000_000,
  username: `demo-spare-${i + 1}`,
  password: 'Spare-2026',
  apiToken: `spare${i + 1}${platform}`,
  campaigns: [
    {
      name: '品牌常投',
      plans: [
        { name: '品牌词-通投', budgetFen: 200_000, bidFen: 50 },
        { name: '竞品词-精准', budgetFen: 100_000, bidFen: 90 },
      ],
    },
  ],
});

export interface DemoAdsResult {
  accounts: number;
  failed: string[];
}

/**
 * `base`: this server's loopback address (sandbox admin API and the product's API); `platforms`: the account
 * types whose connector talks to the in-process sandbox (a platform with real credentials is left alone).
 */
export async function seedDemoAds(deps: Deps, base: string, platforms: AdPlatform[], publicBase: string): Promise<DemoAdsResult> {
  const browser = new DemoBrowser(base, publicBase);
  const result: DemoAdsResult = { accounts: 0, failed: [] };
  const owners = await Promise.all(
    CUSTOMERS.map(async (c) => ({ ...c, user: await findUserByEmail(deps.db, c.email), by: await findUserByEmail(deps.db, c.by) })),
  );
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) =>
    tokens.get(email) ?? tokens.set(email, await browser.login(email, DEMO_PASSWORD)).get(email) ?? '';
  for (const platform of DEMO_AD_PLATFORMS.filter((p) => platforms.includes(p))) {
    const channel = AD_PLATFORMS[platform];
    await browser.admin(platform, '/seed', { advertisers: [spare(platform, 0), spare(platform, 1)] });
    const seeded: Array<{
      owner: (typeof owners)[number];
      adv: SeededAdvertiser;
      links: LinkView[];
      uc: { username: string; password: string; apiToken: string } | null;
    }> = [];
    for (const owner of owners) {
      if (!owner.user || !owner.by) continue;
      const listed = (await listLinks(deps, actorOf(owner.user, 'demo-seed'), { page: 1, pagesize: 100, state: channel })).list;
      // 淘宝 links first: the main feed plan drives one, so 流量通PRO (the sub-platform a user opens first) delivers
      const links = [...listed.filter((l) => l.platform === 2), ...listed.filter((l) => l.platform !== 2)];
      const uc =
        platform === 'ucid'
          ? { username: `demo-${owner.email.split('@')[0]}`, password: 'Demo-UC-2026', apiToken: randomBytes(12).toString('hex') }
          : null;
      const name = `${owner.short}·${CHANNELS[channel as Channel]}`;
      const [adv] = await browser
        .admin<{ advertisers: SeededAdvertiser[] }>(platform, '/seed', {
          // the agent's sub-customers run 巨量 on 升级版 (v3.0 项目/广告), the others on v2: the demo shows both
          advertisers: [
            { ...advertiserSpec(name, links, uc), ...(platform === 'juliang' && owner.by.id !== owner.user.id ? { model: 'v3' } : {}) },
          ],
        })
        .then((r) => r.advertisers);
      if (adv) seeded.push({ owner, adv, links, uc });
    }
    await browser.admin(platform, '/history', { days: HISTORY_DAYS });
    for (const { owner, adv, links, uc } of seeded) {
      if (!owner.user || !owner.by) continue;
      try {
        const token = await tokenOf(owner.by.email);
        const customerid = owner.user.id === owner.by.id ? undefined : owner.user.id;
        if (uc)
          await browser.authoriseCredentials(token, {
            platform: channel,
            customerid,
            username: uc.username,
            password: uc.password,
            token: uc.apiToken,
          });
        else await browser.authoriseOAuth(token, channel, adv.id, customerid);
        result.accounts += 1;
        const actor = actorOf(owner.by, 'demo-seed');
        for (const l of links) await updateLink(deps, actor, { pageid: l.pageid, relate_advertiser_ids: adv.id });
      } catch (err) {
        result.failed.push(`${owner.email} ${platform}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return result;
}
