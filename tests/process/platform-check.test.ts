/**
 * `npm run cli -- platform:check --platform P` as an operator runs it: without credentials it names the missing
 * environment variables and fails; configured (through the same variables) against the ad sandbox over HTTP it makes
 * its read-only calls and passes; with a revoked token it says which call failed and fails. The CLI runs as a child
 * process (asynchronously: the sandbox answers from this process).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJuliangConnector } from '../../src/server/connectors/juliang/index.ts';
import { SANDBOX_APPS } from '../../src/shared/ad-platforms.ts';
import { consent, type Harness, startSandbox } from '../support/ad-sandbox.ts';
import { advertiserSpec } from '../support/factories-ads.ts';

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    // only what the check reads: no JULIANG_* leaks in from the caller's environment
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(JULIANG|TENGXUN|KUAISHOU|UCID|XIAOHONGSHU|WEIBO)_/.test(k)),
    );
    const child = spawn(process.execPath, ['src/server/cli/main.ts', ...args], {
      env: { ...base, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-check-')), LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('platform:check', () => {
  let h: Harness;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startSandbox();
    await h.seed('juliang', { advertisers: [advertiserSpec('上线检查广告主', 2)] });
    env = {
      JULIANG_APP_ID: SANDBOX_APPS.juliang.appId,
      JULIANG_APP_SECRET: SANDBOX_APPS.juliang.appSecret,
      JULIANG_API_BASE: `${h.base}/juliang/open_api`,
      JULIANG_AUTH_BASE: `${h.base}/juliang`,
      JULIANG_POSTBACK_BASE: `${h.base}/juliang/analytics/api/v2`,
    };
    const c = createJuliangConnector({ ...SANDBOX_APPS.juliang, apiBase: env.JULIANG_API_BASE!, authBase: env.JULIANG_AUTH_BASE! });
    const redirect = 'https://console.example.com/auloading';
    const { location } = await consent(c.authorizeUrl({ state: 's', redirectUri: redirect }), 'approve');
    env.JULIANG_ACCESS_TOKEN = (await c.exchangeCode(location.searchParams.get('auth_code')!, redirect)).accessToken;
  });
  afterAll(() => h.close());

  it('without credentials names the missing environment variables and exits non-zero', async () => {
    const r = await cli(['platform:check', '--platform', 'juliang'], {});
    expect(r.code).toBe(2);
    expect(r.out).toContain('缺少环境变量 / missing environment variables: JULIANG_APP_ID, JULIANG_APP_SECRET');
    const noToken = await cli(['platform:check', '--platform', 'juliang'], { JULIANG_APP_ID: '1', JULIANG_APP_SECRET: 's' });
    expect(noToken.code).toBe(2);
    expect(noToken.out).toContain('JULIANG_ACCESS_TOKEN');
    const uc = await cli(['platform:check', '--platform', 'ucid'], {});
    expect(uc.code).toBe(2);
    expect(uc.out).toContain('UCID_USERNAME, UCID_PASSWORD, UCID_TOKEN');
    const bad = await cli(['platform:check', '--platform', 'baidu'], {});
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--platform 应为');
  });

  it('against the sandbox: account list, a page per level and a report hour, read-only, in Chinese and English', async () => {
    const before = (await h.requests('juliang')).length;
    const r = await cli(['platform:check', '--platform', 'juliang'], env);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('平台检查 / platform check: 巨量引擎 (juliang)');
    expect(r.out).toMatch(
      /✓ 账户列表与令牌 \/ account list and token: 令牌有效，\d+ 个账户 \/ token valid, \d+ accounts: .*上线检查广告主/,
    );
    expect(r.out).toMatch(/✓ 实体 \/ entities .* \(campaign\)/);
    expect(r.out).toMatch(/✓ 实体 \/ entities .* \(plan\)/);
    expect(r.out).toMatch(/✓ 报表 \/ report /);
    expect(r.out).toMatch(/结果 \/ result: \d+ 项通过，0 项失败 \/ \d+ passed, 0 failed/);
    // only reads: every call the check made is a GET (巨量's read calls) and nothing under update/refresh
    const calls = (await h.requests('juliang')).slice(before);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.filter((c) => /update|refresh|conversion/.test(c.path))).toEqual([]);
  });

  it('a revoked token: the failed call is named and the check fails', async () => {
    await h.admin('juliang', 'POST', '/tokens', { action: 'revoke', token: env.JULIANG_ACCESS_TOKEN });
    const r = await cli(['platform:check', '--platform', 'juliang'], env);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗ 账户列表与令牌 \/ account list and token: /);
    expect(r.out).toMatch(/\d+ 项失败 \/ \d+ passed, [1-9]\d* failed/);
  });
});
