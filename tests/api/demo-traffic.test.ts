/**
 * Issue 15 item 2: demo traffic belongs to the demo world's links only. The demo world is seeded through the
 * same services as on first start, a customer then makes a link of their own, and the demo traffic (the same
 * wiring as the server's) runs against a loopback server that records every request it receives.
 */

import { createServer, type Server } from 'node:http';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/server/accounts/store.ts';
import { migrationProvider } from '../../src/server/db/migrations/index.ts';
import { seedDemoAccounts } from '../../src/server/demo/accounts.ts';
import { seedDemoLinks } from '../../src/server/demo/links.ts';
import { startDemoWorldTraffic } from '../../src/server/demo/traffic.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { dialects } from '../support/dialects.ts';
import { makeLink } from '../support/factories.ts';

describe.each(dialects())('demo traffic on $name', (dialect) => {
  let t: TestApp;
  let server: Server;
  let base = '';
  const paths: string[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    expect(await seedDemoLinks(t.deps)).toBe(12);
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await t.close();
  });

  it('pings and visits only the demo links, never a link a user made', async () => {
    const customer = (await findUserByEmail(t.deps.db, 'customer1@demo.local'))!;
    const mine = await makeLink(t.deps, customer, { title: '我自己的链接' });
    const demo = new Set((await t.deps.db.selectFrom('links').select('pageid').where('demo', '=', 1).execute()).map((r) => r.pageid));
    expect(demo.size).toBe(12);
    expect(demo.has(mine.pageid)).toBe(false);

    const traffic = startDemoWorldTraffic(t.deps, base, { peakShowsPerSecond: 400 });
    await new Promise((r) => setTimeout(r, 2500));
    await traffic.stop();

    const pinged = paths.map((p) => /^\/(?:m\/[cs]|pub|puc|pud|pwb|pjd|xtb|new\/wx|new)\/(\d+)/.exec(p)?.[1]);
    expect(pinged.length).toBeGreaterThan(20);
    expect(pinged.filter((id) => id === undefined)).toEqual([]);
    expect(pinged.filter((id) => id === mine.pageid)).toEqual([]);
    expect(pinged.every((id) => demo.has(id!))).toBe(true);
  });
});

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
      const migrator = new Migrator({ db: h.db, provider: migrationProvider(h.engine) });
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
