/**
 * Child-process fixtures: prepare a DATA_DIR (SQLite, migrated, one customer, landing links of every kind)
 * and start the real server (`node src/server/main.ts`) on it. Shared by the process tests, the landing
 * e2e spec and the benchmarks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/server/db/index.ts';
import { clockEnv, runningNow } from '../support/clock.ts';

export const FIXTURE_LINKS = [
  {
    pageid: '810001',
    platform: 2,
    state: 2,
    isdirect: 1,
    jumptype: 'detail',
    detaillink: 'https://item.taobao.com/item.htm?id=6001',
    transedlink: 'https://s.click.taobao.com/t?e=abc',
    item_title: '直跳淘宝商品',
    item_price: 1990,
  },
  {
    pageid: '810002',
    platform: 2,
    state: 2,
    isdirect: 2,
    jumptype: 'detail',
    detaillink: 'https://item.taobao.com/item.htm?id=6002',
    item_title: '春季新款纯棉T恤 男女同款 <b>宽松</b> & "百搭"',
    item_image: 'https://127.0.0.1/img.png',
    item_price: 5900,
    couponlink: 'https://uland.taobao.com/coupon/edetail?e=c1',
  },
  { pageid: '810003', platform: 2, state: 3, isdirect: 1, jumptype: 'detail', detaillink: 'https://item.taobao.com/item.htm?id=6003' },
  {
    pageid: '810004',
    platform: 2,
    state: 8,
    isdirect: 2,
    jumptype: 'detail',
    detaillink: 'https://item.taobao.com/item.htm?id=6004',
    item_title: 'UC 渠道商品',
    item_price: 12900,
  },
  {
    pageid: '810005',
    platform: 2,
    state: 2,
    isdirect: 1,
    jumptype: 'taojimu',
    taojimulink: 'https://market.m.taobao.com/app/tb-jimu/p?wh_id=9',
  },
  {
    pageid: '810006',
    platform: 3,
    state: 2,
    isdirect: 1,
    jumptype: 'detail',
    detaillink: 'https://item.m.jd.com/product/100012.html',
    itemid: '100012',
  },
  {
    pageid: '810007',
    platform: 5,
    state: 4,
    isdirect: 2,
    jumptype: 'detail',
    detaillink: 'https://mobile.yangkeduo.com/goods.html?goods_id=777',
    itemid: '777',
    item_title: '拼多多爆款',
    item_price: 990,
  },
  { pageid: '810008', platform: 4, state: 2, isdirect: 1, jumptype: 'detail', detaillink: 'https://m.tb.cn/h.abc' },
  {
    pageid: '810009',
    platform: 6,
    state: 4,
    isdirect: 2,
    jumptype: 'detail',
    appid: 'wx1234567890abcdef',
    pagepath: 'pages/item/index?id=42&from=ad',
    item_title: '微信小程序商品',
  },
  {
    pageid: '810010',
    platform: 8,
    state: 5,
    isdirect: 2,
    jumptype: 'detail',
    detaillink: 'https://item.m.jd.com/product/100013.html',
    item_title: '京东 CID 商品',
    item_price: 4999,
  },
] as const;

/** Create and migrate a SQLite database in a fresh DATA_DIR with one customer and the fixture links (+ a deleted one). */
export async function prepareDataDir(extraLinks = 0): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-proc-'));
  const h = await openDatabase({ sqliteFile: path.join(dataDir, 'toufang.sqlite') });
  await seedFixture(h, extraLinks);
  await h.close();
  return dataDir;
}

/** Migrate `h` (SQLite or PostgreSQL) and add one customer and the fixture links (+ a deleted one). */
export async function seedFixture(h: DatabaseHandle, extraLinks = 0): Promise<void> {
  await migrateToLatest(h);
  const now = runningNow();
  const user = await h.db
    .insertInto('users')
    .values({
      kind: 'customer',
      email: 'fixture@x.cn',
      password_hash: 'x',
      username: 'fixture',
      company: '夹具公司',
      phone: '',
      usertype: 'common',
      parent_id: null,
      super: 0,
      udsmart: 0,
      is_sub: 0,
      status: 1,
      expire_time: 0,
      promote_type: 1,
      version: 'ver2',
      email_status: 2,
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = { customerid: user.id, created_by: user.id, created_at: now, updated_at: now };
  for (const l of FIXTURE_LINKS)
    await h.db
      .insertInto('links')
      .values({ ...base, ...l } as never)
      .execute();
  await h.db
    .insertInto('links')
    .values({ ...base, pageid: '810099', platform: 2, state: 2, deleted_at: now } as never)
    .execute();
  for (let i = 0; i < extraLinks; i++)
    await h.db
      .insertInto('links')
      .values({
        ...base,
        pageid: String(900000 + i),
        platform: 2,
        state: 2,
        detaillink: `https://item.taobao.com/item.htm?id=${i}`,
      } as never)
      .execute();
}

export interface Child {
  proc: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Start `node src/server/main.ts` (this Node, i.e. node_modules' Node 24) and wait for /healthz. Its clock starts at
 * the tests' running time (`clockEnv()`: CLOCK_START), so a restart continues where the last server stood.
 */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Child> {
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...clockEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base, output: () => out, exited };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}
