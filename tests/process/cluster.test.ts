import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runningNowMs } from '../support/clock.ts';
import { freshPostgresDatabase } from '../support/dialects.ts';
import { postJson, startServer } from './server.ts';

const base = process.env.TEST_DATABASE_URL;

/** The scale story: stateless app nodes on one PostgreSQL. Needs a real server (TEST_DATABASE_URL; CI has one). */
describe.skipIf(!base)('two app processes on one PostgreSQL', () => {
  it('both migrate and seed concurrently, and a session made on one works and ends on the other', async () => {
    const db = await freshPostgresDatabase(base!, 'cluster');
    const shared = {
      DATABASE_URL: db.url,
      DEMO_DATA: 'on',
      DEMO_TRAFFIC: 'off',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
    try {
      const login = await postJson(`${a.url}/capi/api/user/login`, { email: 'agent@demo.local', password: 'demo123456' });
      expect(login.body.code).toBe(1);
      const token = login.body.data['jwt' as never] as string;
      expect((await postJson(`${b.url}/capi/api/user/info`, {}, token)).body.code).toBe(1);

      // Exactly one node seeded the demo links; pings taken by both nodes are processed once each.
      type LinkList = { list: Array<{ pageid: string }>; total: number };
      const listLinks = async () =>
        (await postJson(`${b.url}/capi/napi/link/index`, { pagesize: 50 }, token)).body.data as unknown as LinkList;
      let links = await listLinks();
      for (let i = 0; i < 40 && links.total < 11; i++) {
        await new Promise((r) => setTimeout(r, 250)); // links are seeded right after the seeding node listens
        links = await listLinks();
      }
      await new Promise((r) => setTimeout(r, 500));
      links = await listLinks();
      expect(links.total).toBe(11); // agent@'s own link + sub1's five + sub2's five (one per account type for the demo ad accounts)
      const { pageid } = links.list[0]!;
      const pings = Array.from({ length: 40 }, (_, i) =>
        fetch(`${[a, b][i % 2]!.url}/m/c/${pageid}?ch=2&aid=77&cb=cb${i}&ip=203.0.113.${i}`),
      );
      expect((await Promise.all(pings)).map((r) => r.status)).toEqual(Array(40).fill(204));
      const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
      const [yesterday, today] = [chinaDay(runningNowMs() - 86400_000), chinaDay(runningNowMs())]; // holds across midnight
      let clicks = 0;
      for (let i = 0; i < 60 && clicks < 40; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const stats = await postJson(`${a.url}/capi/napi/link/stats`, { pageid, start: yesterday, end: today }, token);
        clicks = (stats.body.data as unknown as { totals: { clicks: number } }).totals.clicks;
      }
      expect(clicks).toBe(40);

      expect((await postJson(`${b.url}/capi/api/user/logout`, {}, token)).body.code).toBe(1);
      expect((await postJson(`${a.url}/capi/api/user/info`, {}, token)).body.code).toBe(1009);
      const users = new pg.Client({ connectionString: db.url });
      await users.connect();
      const { rows } = await users.query('select count(*)::int as n from users');
      await users.end();
      expect(rows[0].n).toBe(9);
    } finally {
      a.proc.kill('SIGTERM');
      b.proc.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await db.drop();
    }
  });
});
