/**
 * Automatic rules: one tick of the `rules` job over `BENCH_RULES` rules (default 10 000) watching `BENCH_PLANS` plans
 * (default 100 000; each rule one campaign of 20 plans, so every plan is watched by BENCH_RULES × 20 / BENCH_PLANS
 * rules) on SQLite or PostgreSQL (`BENCH_PG_URL`, default the test server; a fresh database), with today's daily facts and orders for every plan, fresh syncs, and notify-only rules (nothing
 * is sent to a platform: the platform calls are the connectors' cost, not the rules'). Times the tick
 * (`runDueRules`, the job's own work) and gives ms per rule. `BENCH_WINDOW=hours`: the rules read the last 3 hours
 * instead of today (the same facts written hourly too, this hour). Results: bench/rules-results*.json, bench/README.md.
 *
 *   node bench/rules.ts [sqlite|postgres]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { boot } from '../src/server/boot.ts';
import { setLogLevel } from '../src/server/kernel/log.ts';
import { runDueRules } from '../src/server/rules/tick.ts';
import { buildRulesWorld } from './rules/world.ts';
import { benchDatabase, engineArg } from './world.ts';

const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const HOURS = process.env.BENCH_WINDOW === 'hours';
setLogLevel('silent');

async function main(): Promise<void> {
  const engine = engineArg();
  const { handle, dataDir, drop } = await benchDatabase(engine, 'rules');
  try {
    const { deps, close } = await boot({
      env: { DATA_DIR: dataDir, SCRYPT_COST: '1024', DEMO_DATA: 'off', LOG_LEVEL: 'silent' },
      handle,
      secrets: { tokenSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
    });
    const db = handle.db;
    const started = performance.now();
    await buildRulesWorld(deps, engine, { plans: PLANS, rules: RULES, hours: HOURS });
    const fillSeconds = (performance.now() - started) / 1000;
    const t0 = performance.now();
    const result = await runDueRules(deps, { signal: new AbortController().signal, yield: async () => {} });
    const ms = performance.now() - t0;
    const events = Number(
      (
        await db
          .selectFrom('rule_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const out = {
      engine,
      window: HOURS ? 'hours 3' : 'today',
      plans: PLANS,
      rules: RULES,
      fillSeconds: Math.round(fillSeconds),
      tickMs: Math.round(ms),
      msPerRule: Math.round((ms / RULES) * 100) / 100,
      events,
      result,
      at: new Date().toISOString(),
    };
    console.log(JSON.stringify(out));
    writeFileSync(
      path.join(import.meta.dirname, `rules-results${engine === 'postgres' ? '-postgres' : ''}${HOURS ? '-hours' : ''}.json`),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    await close();
  } finally {
    await drop();
  }
}

await main();
