/** Migrate a kept boards database (BENCH_KEEP) to the latest schema and print how long it took: an upgrade at scale. */
import { migrateToLatest, openDatabase } from '../../src/server/db/index.ts';

const target = process.argv[2] ?? '';
const h = target.startsWith('postgres')
  ? await openDatabase({ databaseUrl: target })
  : await openDatabase({ sqliteFile: target, backgroundCheckpoint: false });
const t = performance.now();
await migrateToLatest(h);
console.log(`migrated ${target} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
await h.close();
