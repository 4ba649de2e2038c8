/**
 * Issue 15 item 2: demo traffic belongs to the demo world's links only — older releases' seeded links are marked
 * by the migration. (The traffic itself is the sandbox's delivery to the demo world's plans: tests/api/demo-ads.test.ts.)
 */

import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/server/accounts/store.ts';
import { migrationProvider } from '../../src/server/db/migrations/index.ts';
import { seedDemoAccounts } from '../../src/server/demo/accounts.ts';
import { makeTestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink } from '../support/factories.ts';

describe.each(dialects())('the demo-links migration on $name', (dialect) => {
  it('marks the links an older release seeded for the demo world, and nothing a user made', async () => {
    const h = await dialect.open();
    try {
      const t = await makeTestApp(dialect, {}, { handle: h });
      await seedDemoAccounts(t.deps);
      const c1 = (await findUserByEmail(h.db, 'customer1@demo.local'))!;
      await makeLink(t.deps, c1, { title: '秋冬加厚卫衣-巨量直跳' }); // as an older release seeded it (demo = 0 then)
      await makeLink(t.deps, c1, { title: '我自己的链接' });
      await t.close();
      // Replay the migration's data step on these rows: undo it (back to before 0007), then migrate again.
      // Later migrations without a `down` (0010, 0011) stay applied while 0009 is undone and redone: unordered is fine here.
      const migrator = new Migrator({ db: h.db, provider: migrationProvider(h.engine), allowUnorderedMigrations: true });
      expect((await migrator.migrateTo('0008_mail_queue')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await h.db.selectFrom('links').select(['title', 'demo']).orderBy('id').execute();
      expect(rows.map((r) => [r.title, Number(r.demo)])).toEqual([
        ['秋冬加厚卫衣-巨量直跳', 1],
        ['我自己的链接', 0],
      ]);
    } finally {
      await h.close();
    }
  });
});
