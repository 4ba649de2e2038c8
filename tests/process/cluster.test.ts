import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { startServer, postJson } from './server.ts';

const base = process.env.TEST_DATABASE_URL;

/** The scale story: stateless app nodes on one PostgreSQL. Needs a real server (TEST_DATABASE_URL; CI has one). */
describe.skipIf(!base)('two app processes on one PostgreSQL', () => {
  it('both migrate and seed concurrently, and a session made on one works and ends on the other', async () => {
    const name = `cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const shared = { DATABASE_URL: url.toString(), DEMO_DATA: 'on', TOKEN_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
    try {
      const login = await postJson(`${a.url}/capi/api/user/login`, { email: 'agent@demo.local', password: 'demo123456' });
      expect(login.body.code).toBe(1);
      const token = login.body.data['jwt' as never] as string;
      expect((await postJson(`${b.url}/capi/api/user/info`, {}, token)).body.code).toBe(1);
      expect((await postJson(`${b.url}/capi/api/user/logout`, {}, token)).body.code).toBe(1);
      expect((await postJson(`${a.url}/capi/api/user/info`, {}, token)).body.code).toBe(1009);
      const users = await new pg.Client({ connectionString: url.toString() });
      await users.connect();
      const { rows } = await users.query('select count(*)::int as n from users');
      await users.end();
      expect(rows[0].n).toBe(9);
    } finally {
      a.proc.kill('SIGTERM');
      b.proc.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
