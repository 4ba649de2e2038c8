/**
 * `npm run cli -- platform:check --platform P [--advertiser ID]`: the operator's live check before going live
 * (docs/ad-platforms.md "Going live"). With the configured application (`<P>_APP_ID`, `<P>_APP_SECRET` and the
 * bases) and an authorisation — `<P>_ACCESS_TOKEN` (UC: `UCID_USERNAME`, `UCID_PASSWORD`, `UCID_TOKEN`) or, absent,
 * the product's stored authorisation of that platform — it makes only read-only calls: the account list (which also
 * proves the token valid), one page of entities per level, one report hour. It prints what it found and what
 * failed in Chinese and English, and answers 0 when everything passed, 1 when a call failed, 2 when settings are
 * missing (naming them). Nothing is written: no token is refreshed, no entity changed.
 */

import { LEVEL_NAMES } from '../../shared/ad-levels.ts';
import { AD_PLATFORM_KEYS, AD_PLATFORMS, type AdPlatform, isAdPlatform } from '../../shared/ad-platforms.ts';
import { CHANNELS } from '../../shared/catalog.ts';
import { fenToYuan } from '../../shared/money.ts';
import { storedCallAuth } from '../ads/check-auth.ts';
import type { CallAuth } from '../connectors/ad-platform.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { Deps } from '../deps.ts';

const ENV_PREFIX: Record<AdPlatform, string> = {
  juliang: 'JULIANG',
  tengxun: 'TENGXUN',
  kuaishou: 'KUAISHOU',
  ucid: 'UCID',
  xiaohongshu: 'XIAOHONGSHU',
  weibo: 'WEIBO',
};

/** The settings the check needs before it can call anything (the application; UC has none). */
export function missingAppSettings(platform: AdPlatform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'ucid') return [];
  const p = ENV_PREFIX[platform];
  return [`${p}_APP_ID`, `${p}_APP_SECRET`].filter((k) => !env[k]);
}

function envAuth(platform: AdPlatform, env: NodeJS.ProcessEnv): { auth: CallAuth | null; missing: string[] } {
  const p = ENV_PREFIX[platform];
  if (platform === 'ucid') {
    const names = [`${p}_USERNAME`, `${p}_PASSWORD`, `${p}_TOKEN`];
    const missing = names.filter((k) => !env[k]);
    return missing.length
      ? { auth: null, missing }
      : { auth: { kind: 'credentials', username: env[names[0]!]!, password: env[names[1]!]!, token: env[names[2]!]! }, missing: [] };
  }
  const token = env[`${p}_ACCESS_TOKEN`];
  return token ? { auth: { kind: 'token', accessToken: token }, missing: [] } : { auth: null, missing: [`${p}_ACCESS_TOKEN`] };
}

const explain = (err: unknown): string =>
  err instanceof ConnectorError
    ? `${err.message}（${err.kind}${err.platformCode ? ` ${err.platformCode}` : ''}）`
    : err instanceof Error
      ? err.message
      : String(err);

const yuan = (fen: number) => fenToYuan(fen).toFixed(2);
const hourText = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');

export interface CheckOutput {
  write(line: string): void;
}

/** Run the check; returns the exit code. */
export async function platformCheck(
  deps: Pick<Deps, 'db' | 'secrets' | 'adPlatforms' | 'clock'>,
  env: NodeJS.ProcessEnv,
  opts: { platform: string | undefined; advertiser?: string },
  out: CheckOutput,
): Promise<number> {
  if (!opts.platform || !isAdPlatform(opts.platform)) {
    out.write(`错误 / error: --platform 应为 ${AD_PLATFORM_KEYS.join('、')} 之一 / must be one of ${AD_PLATFORM_KEYS.join(', ')}`);
    return 2;
  }
  const platform = opts.platform;
  const label = `${CHANNELS[AD_PLATFORMS[platform]]} (${platform})`;
  out.write(`平台检查 / platform check: ${label}`);
  const missingApp = missingAppSettings(platform, env);
  if (missingApp.length) {
    out.write(`✗ 配置 / configuration: 缺少环境变量 / missing environment variables: ${missingApp.join(', ')}`);
    return 2;
  }
  const connector = deps.adPlatforms[platform];
  if (!connector) {
    out.write('✗ 配置 / configuration: 该平台未接入 / the platform is not configured');
    return 2;
  }
  out.write(
    `✓ 配置 / configuration: ${platform === 'ucid' ? '按账户认证 / per-account credentials' : `${ENV_PREFIX[platform]}_APP_ID=${env[`${ENV_PREFIX[platform]}_APP_ID`]}`}`,
  );

  let passed = 1;
  let failed = 0;
  const step = async <T>(name: string, run: () => Promise<T>, say: (v: T) => string): Promise<T | undefined> => {
    try {
      const v = await run();
      out.write(`✓ ${name}: ${say(v)}`);
      passed += 1;
      return v;
    } catch (err) {
      out.write(`✗ ${name}: ${explain(err)}`);
      failed += 1;
      return undefined;
    }
  };

  const fromEnv = envAuth(platform, env);
  let auth = fromEnv.auth;
  let advertiserId = opts.advertiser;
  if (auth) out.write(`· 凭证 / credentials: 来自环境变量 / from the environment`);
  else {
    const stored = await storedCallAuth(deps, platform, opts.advertiser);
    if (!stored) {
      out.write(
        `✗ 凭证 / credentials: 缺少环境变量 / missing environment variables: ${fromEnv.missing.join(', ')}（或先在控制台授权一个账户 / or authorise an account in the console first）`,
      );
      return 2;
    }
    auth = stored.auth;
    advertiserId = stored.advertiserId;
    const expires = stored.accessExpiresAt
      ? `，访问令牌 ${hourText(stored.accessExpiresAt)} 到期 / access token expires ${hourText(stored.accessExpiresAt)}`
      : '';
    out.write(
      `· 凭证 / credentials: 已保存的授权 / stored authorisation of ${stored.advertiserId} ${stored.name}（${stored.state}）${expires}`,
    );
  }
  const callAuth = auth;

  const advertisers = await step(
    '账户列表与令牌 / account list and token',
    () => connector.listAdvertisers(callAuth),
    (list) =>
      `令牌有效，${list.length} 个账户 / token valid, ${list.length} accounts: ${list
        .slice(0, 5)
        .map((a) => `${a.advertiserId} ${a.name}`)
        .join('; ')}`,
  );
  advertiserId ??= advertisers?.[0]?.advertiserId;
  if (advertisers && advertisers.length === 0) {
    out.write('✗ 账户列表 / account list: 该授权下没有广告账户 / no advertiser under this authorisation');
    failed += 1;
  }
  if (advertiserId) {
    const adv = advertiserId;
    for (const level of connector.levels) {
      await step(
        `实体 / entities ${LEVEL_NAMES[platform][level]} (${level}) @ ${adv}`,
        () => connector.listEntities(callAuth, adv, level, null),
        (page) =>
          `第一页 ${page.items.length} 条${page.next ? '，还有更多' : ''} / first page ${page.items.length} rows${page.next ? ', more pages' : ''}`,
      );
    }
    const hour = Math.floor(deps.clock.now() / 3600) * 3600 - 3600;
    await step(
      `报表 / report ${hourText(hour)} @ ${adv}`,
      () => connector.hourlyReport(callAuth, adv, hour, hour),
      (rows) => {
        const cost = rows.reduce((s, r) => s + r.costFen, 0);
        return `${rows.length} 行，消耗 ${yuan(cost)} 元 / ${rows.length} rows, cost ${yuan(cost)} yuan`;
      },
    );
  }
  out.write(`结果 / result: ${passed} 项通过，${failed} 项失败 / ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
