/**
 * The processor's two bulk writes per slice — `claimClickKeys` and `insertPingEvents` — alone, old code against new
 * (bench/README.md "SQLite drain, third pass"): 250 000 click events in slices of 3 000, a transaction each, on a fresh
 * migrated SQLite database per run; the two trees alternate, CPU seconds of this process per run. A tree is a copy
 * of the repository (`git archive <commit> | tar -x -C /tmp/x`, with a `node_modules` link), so each run loads its
 * own store.ts and dialect.
 *   node bench/tracking/insert-ab.ts <old tree> <new tree> [rows] [rounds]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

const usage = 'usage: node bench/tracking/insert-ab.ts <old tree> <new tree> [rows] [rounds]';
const oldTree: string = process.argv[2] ?? '';
const newTree: string = process.argv[3] ?? '';
if (!oldTree || !newTree) throw new Error(usage);
const N = Number(process.argv[4] ?? 250_000);
const ROUNDS = Number(process.argv[5] ?? 3);
const SLICE = 3000;
const UA =
  'Mozilla/5.0 (Linux; Android 13; V2219A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/101.0.4951.74 Mobile Safari/537.36';
const rnd = randomBytes(12 * N).toString('hex');
const rows = Array.from({ length: N }, (_, i) => ({
  raw_id: i + 1,
  pageid: '810001',
  customerid: 1,
  kind: 'click',
  channel: 2,
  adv: 'advertiser_id_1234567',
  camp: 'campaign_id_1234567',
  aid: 'aid_1234567',
  cid: 'cid_1234567',
  clickid: '',
  callback: `https://ad.oceanengine.com/track/activate/?callback=${rnd.slice(i * 24, i * 24 + 24)}`,
  os: 'android',
  ip: `36.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  ua: UA,
  ts: 1_763_596_800 + Math.floor(i / 5000),
  received_at: 1_763_596_800 + Math.floor(i / 5000),
  dup: 0,
  invalid: '',
}));

async function run(name: string, tree: string): Promise<void> {
  const { openDatabase, migrateToLatest } = await import(path.join(tree, 'src/server/db/index.ts'));
  const store = await import(path.join(tree, 'src/server/tracking/store.ts'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'insert-ab-'));
  const h = await openDatabase({ sqliteFile: path.join(dir, 'toufang.sqlite') });
  await migrateToLatest(h);
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  for (let s = 0; s < N; s += SLICE) {
    const part = rows.slice(s, s + SLICE);
    await h.db.transaction().execute(async (tx: unknown) => {
      await store.claimClickKeys(
        tx,
        'sqlite',
        part.map((r) => ({ pageid: r.pageid, key: `cb:${r.callback}`, first_at: r.received_at })),
      );
      await store.insertPingEvents(tx, 'sqlite', part);
    });
  }
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - started) / 1000;
  const { rows: counted } = await sql<{ n: number }>`select count(*) as n from monitor_events`.execute(h.db);
  await h.close();
  rmSync(dir, { recursive: true });
  console.log(JSON.stringify({ name, cpuSeconds: (cpu.user + cpu.system) / 1e6, wall, events: Number(counted[0]?.n), load: os.loadavg() }));
}

const trees: Array<[name: string, tree: string]> = [
  ['old', oldTree],
  ['new', newTree],
];
for (let r = 0; r < ROUNDS; r++) for (const [name, tree] of r % 2 ? [...trees].reverse() : trees) await run(name, tree);
