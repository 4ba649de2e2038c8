import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockEnv } from '../support/clock.ts';
import { freshPostgresDatabase } from '../support/dialects.ts';

/** `npm run cli -- …` as an operator types it, on SQLite and (with TEST_DATABASE_URL) on PostgreSQL. */
const engines: Array<[string, () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>]> = [
  ['sqlite', async () => ({ env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-cli-')) }, drop: async () => {} })],
];
const base = process.env.TEST_DATABASE_URL;
if (base) {
  engines.push([
    'postgres',
    async () => {
      const db = await freshPostgresDatabase(base, 'cli');
      return { env: { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tf-cli-')) }, drop: db.drop };
    },
  ]);
}

describe.each(engines)('operator CLI on %s', (_name, prepare) => {
  it('adds, lists, disables and re-passwords users with clear errors', async () => {
    const { env, drop } = await prepare();
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['src/server/cli/main.ts', ...args], {
        env: { ...process.env, ...clockEnv(), SCRYPT_COST: '1024', ...env },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    try {
      expect(cli('user:add', '--email', 'boss@x.cn', '--password', 'secret1', '--role', '4', '--company', '代理公司')).toMatchObject({
        code: 0,
        out: expect.stringContaining('角色 4 代理商'),
      });
      expect(cli('user:add', '--email', 'kid@x.cn', '--password', 'secret1', '--role', '3', '--agent', 'boss@x.cn').code).toBe(0);
      expect(cli('user:add', '--email', 'kid@x.cn', '--password', 'secret1', '--role', '3')).toMatchObject({
        code: 1,
        err: '错误: 邮箱 kid@x.cn 已被注册\n',
      });
      expect(cli('user:add', '--email', 'x@x.cn', '--password', '123', '--role', '3')).toMatchObject({
        code: 1,
        err: '错误: 长度在 6 到 20 个字符\n',
      });
      expect(cli('user:add', '--email', 'y@x.cn', '--password', 'secret1', '--role', '3', '--agent', 'kid@x.cn').err).toBe(
        '错误: 子客户的上级必须是代理商（角色 4）\n',
      );
      const list = cli('user:list').out.trim().split('\n');
      expect(list).toHaveLength(2);
      expect(list[1]).toMatch(/kid@x\.cn\t角色3\t广告主\t启用\t上级\d+/);
      expect(cli('user:disable', '--email', 'kid@x.cn').out).toContain('已禁用 kid@x.cn');
      expect(cli('user:list').out).toMatch(/kid@x\.cn\t角色3\t广告主\t禁用/);
      expect(cli('user:passwd', '--email', 'nobody@x.cn', '--password', 'secret2')).toMatchObject({
        code: 1,
        err: '错误: 找不到账号 nobody@x.cn\n',
      });
      expect(cli('user:passwd', '--email', 'boss@x.cn', '--password', 'secret2').code).toBe(0);
      expect(cli('audit:list').out).toMatch(/password_reset\tboss@x\.cn/);
      expect(cli('bogus').code).toBe(2);
      expect(cli('user:add', '--nope').err).toMatch(/错误: Unknown option '--nope'/);
    } finally {
      await drop();
    }
  });
});
