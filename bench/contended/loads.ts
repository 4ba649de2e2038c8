/**
 * The cases of bench/contended.ts: each builds its dataset (the other benches' builders, at `scale`) in a fresh SQLite
 * DATA_DIR holding the fixture links (the pinged 810001 among them), boots the product on it, and gives the background
 * load that runs in this process while the pings do. `done()` is the work finished so far, in the load's `unit`.
 */
import path from 'node:path';
import { actorOf } from '../../src/server/accounts/actor.ts';
import { createUser } from '../../src/server/accounts/users.ts';
import { createApp } from '../../src/server/app.ts';
import { boot } from '../../src/server/boot.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import type { Deps } from '../../src/server/deps.ts';
import { createExport } from '../../src/server/exports/service.ts';
import { findExport } from '../../src/server/exports/store.ts';
import { ManualClock } from '../../src/server/kernel/clock.ts';
import { SYNC_JOB } from '../../src/server/orders/jobs.ts';
import { RULES_JOB } from '../../src/server/rules/jobs.ts';
import { parseChinaTime } from '../../src/shared/china-clock.ts';
import { prepareDataDir } from '../../tests/process/fixture.ts';
import { unionEnv } from '../../tests/support/app.ts';
import { startSandbox } from '../../tests/support/unions.ts';
import { type Case, callCase, casesFor, login } from '../boards/measure.ts';
import { PASSWORD } from '../boards/people.ts';
import { shapeOf } from '../boards/shape.ts';
import { buildBoardsWorld } from '../boards/world.ts';
import { insertExportLinks } from '../exports-fill.ts';
import { recordBackfill } from '../orders-backfill.ts';
import { buildRulesWorld } from '../rules/world.ts';
import { closing, envOf, type Load, loop, type Prepared, sleep } from './loop.ts';
import type { Gate } from './server.ts';

/** The volumes times BENCH_SCALE. */
export const volumes = (scale: number) => ({
  rules: Math.max(10, Math.round(10_000 * scale)),
  plans: Math.max(200, Math.round(100_000 * scale)),
  /** bench/boards.ts's BENCH_SCALE (its default 0.1 at scale 1). */
  boards: Math.max(0.001, 0.1 * scale),
  exportRows: Math.max(1000, Math.round(1_000_000 * scale)),
  orders: Math.max(100, Math.round(100_000 * scale)),
});
type Volumes = ReturnType<typeof volumes>;

const BOARD_CALLS = ['board/card', 'board/list', 'index/detail (plans)'];

const countOrders = async (deps: Deps): Promise<number> =>
  Number(
    (
      await deps.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Rules this tick has evaluated (a tick begins by making every rule due: last_slot 0). */
const rulesEvaluated = async (deps: Deps): Promise<number> =>
  Number(
    (
      await deps.db
        .selectFrom('rules')
        .where('last_slot', '!=', 0)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function idle(): Promise<Prepared> {
  const dir = await prepareDataDir();
  const booted = await boot({ env: envOf(dir) });
  return { deps: booted.deps, close: closing(booted, dir) };
}

/** bench/rules.ts's dataset; the `rules` job ticks over every rule again and again (each tick makes them all due). */
async function rules(v: Volumes): Promise<Prepared> {
  const dir = await prepareDataDir();
  const booted = await boot({ env: envOf(dir) });
  const { deps } = booted;
  await buildRulesWorld(deps, 'sqlite', { plans: v.plans, rules: v.rules, hours: false });
  const start = (gate: Gate): Load => {
    let ticks = 0;
    let inTick = false;
    const stop = loop(gate, async () => {
      await deps.db.updateTable('rules').set({ last_slot: 0 }).execute();
      inTick = true;
      await deps.jobs.run(RULES_JOB);
      inTick = false;
      ticks += 1;
    });
    return { unit: 'rules evaluated', stop, done: async () => ticks * v.rules + (inTick ? await rulesEvaluated(deps) : 0) };
  };
  return { deps, start, close: closing(booted, dir) };
}

/** An agent's 90-day board/card, board/list and index/detail. */
const boardCalls = (now: number, item: string): Case[] =>
  casesFor('agent', now, item).filter((c) => c.days === 90 && BOARD_CALLS.includes(c.endpoint));

/** An agent's 90-day lists: the promotion tree's plans by cost, the links list and the order list (SQLite's reader thread too). */
function listCalls(now: number, item: string): Case[] {
  const orders = casesFor('agent', now, item).filter((c) => c.days === 90 && c.endpoint === 'order/index');
  const range = { start: orders[0]?.body.pay_start, end: orders[0]?.body.pay_end };
  return [
    {
      endpoint: 'promote/index (plans by cost)',
      path: '/capi/napi/promote/index',
      body: { acpl: 2, type: 'plan', sort_field: 'sum_cost', sort: 'desc', ...range, page: 1, pagesize: 20 },
      days: 90,
      caller: 'agent',
    },
    { endpoint: 'link/index', path: '/capi/napi/link/index', body: { page: 1, pagesize: 20 }, days: 90, caller: 'agent' },
    ...orders,
  ];
}

/** bench/boards.ts's dataset; an agent's `calls`, one call after another. */
async function agentCalls(v: Volumes, calls: (now: number, item: string) => Case[], unit: string): Promise<Prepared> {
  const dir = await prepareDataDir();
  // SQLITE_READER=on|off|auto (the product's default): where the boards read (db/sqlite-reader.ts), for A/B
  const handle = await openDatabase({ sqliteFile: path.join(dir, 'toufang.sqlite'), readerThread: process.env.SQLITE_READER !== 'off' });
  const now = parseChinaTime('2026-11-20 15:30');
  const clock = new ManualClock(now * 1000);
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const r = await fn();
    console.log(`  boards ${name}: ${Math.round((performance.now() - started) / 100) / 10} s`);
    return r;
  };
  const { booted, deps, people } = await buildBoardsWorld(handle, dir, shapeOf(v.boards), clock, now, phase);
  // from here the dataset's clock runs at real speed, so the scheduler's jobs come due as in a server
  const t0 = performance.now();
  const ticking = setInterval(() => clock.set(now * 1000 + Math.round(performance.now() - t0)), 100);
  const start = (gate: Gate): Load => {
    let answered = 0;
    const app = createApp(deps);
    const token = login(app, people.agentEmail, PASSWORD);
    const item = people.links.find((l) => l.customerid === people.customers[0])?.itemid ?? '';
    const cases = calls(now, item);
    const stop = loop(gate, async () => {
      for (const c of cases) {
        // each call its own turn of the event loop, as a request arriving over HTTP is (app.request on SQLite would
        // otherwise run as one chain of microtasks and starve the server)
        await new Promise((r) => setImmediate(r));
        await gate.wait();
        await callCase(app, await token, c);
        answered += 1;
      }
    });
    return { unit, stop, done: async () => answered };
  };
  return {
    deps,
    start,
    close: closing(booted, dir, async () => {
      clearInterval(ticking);
      await handle.close();
    }),
  };
}

/** bench/exports.ts's links; one export after another of all of them, as the console's 导出 button queues it. */
async function exportLoad(v: Volumes): Promise<Prepared> {
  const dir = await prepareDataDir();
  const booted = await boot({ env: envOf(dir, { EXPORT_MAX_ROWS: String(Math.max(v.exportRows, 1_000_000)) }) });
  const { deps } = booted;
  const owner = await createUser(deps, { email: 'bench-exports@x.cn', password: 'bench123456', role: 3, company: '基准测试公司' });
  await insertExportLinks(deps.db, 'sqlite', owner.id, v.exportRows, deps.clock.now());
  const format = process.env.BENCH_EXPORT_FORMAT === 'csv' ? 'csv' : 'xlsx';
  const start = (gate: Gate): Load => {
    let written = 0;
    let current = 0;
    const stop = loop(gate, async () => {
      current = (await createExport(deps, actorOf(owner, 'bench'), { kind: 'links', format, filters: {} })).id;
      for (;;) {
        await sleep(200);
        const row = await findExport(deps.db, current);
        if (row?.state === 'failed') throw new Error(`export failed: ${row.error}`);
        if (row?.state !== 'done') continue;
        written += Number(row.rows_done);
        current = 0;
        return;
      }
    });
    const rowsOfCurrent = async () => (current ? Number((await findExport(deps.db, current))?.rows_done ?? 0) : 0);
    return { unit: `export rows written (${format})`, stop, done: async () => written + (await rowsOfCurrent()) };
  };
  return { deps, start, close: closing(booted, dir) };
}

/** bench/orders.ts part 3: the order sync back-fills 30 days of 淘宝 orders from the union sandbox (in this process). */
async function orders(v: Volumes): Promise<Prepared> {
  const sb = await startSandbox({ historyDays: 0, now: () => Date.now() });
  recordBackfill(sb.sandbox.world, v.orders, Math.floor(Date.now() / 1000));
  const dir = await prepareDataDir();
  const booted = await boot({ env: envOf(dir, unionEnv(sb.url)) });
  const { deps } = booted;
  const now = deps.clock.now();
  await deps.db
    .insertInto('job_cursors')
    .values({ job: SYNC_JOB, key: 'taobao', value: String(now - 30 * 86400 - 7200), updated_at: now })
    .execute();
  const start = (gate: Gate): Load => {
    const stop = loop(gate, async () => {
      await deps.jobs.run(SYNC_JOB);
      await sleep(1000); // ORDER_SYNC_SECONDS=1, as in bench/orders.ts part 3
    });
    return { unit: 'orders stored', stop, done: () => countOrders(deps) };
  };
  return { deps, start, close: closing(booted, dir, () => sb.close()) };
}

export const CASES: Record<string, { what: string; prepare(v: Volumes): Promise<Prepared> }> = {
  idle: { what: 'the server idle', prepare: idle },
  rules: { what: 'the rules job ticking over N rules / M plans', prepare: rules },
  boards: {
    what: "an agent's 90-day board/card, board/list, index/detail in a loop",
    prepare: (v) => agentCalls(v, boardCalls, 'board calls answered'),
  },
  lists: {
    what: "an agent's 90-day promotion plan list by cost, links list and order list in a loop",
    prepare: (v) => agentCalls(v, listCalls, 'list calls answered'),
  },
  export: { what: 'an export of all links, again and again', prepare: exportLoad },
  orders: { what: 'the order sync back-filling 30 days of orders', prepare: orders },
};
