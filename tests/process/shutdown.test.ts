import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../src/server/demo/accounts.ts';
import { postJson, startServer } from './server.ts';

describe('graceful shutdown', () => {
  it('SIGTERM during requests finishes the in-flight ones and exits 0', async () => {
    const s = await startServer({ DEMO_DATA: 'on', SCRYPT_COST: '16384' });
    const login = (i = 0) =>
      postJson(`${s.url}/capi/api/user/login`, { email: demoAccounts[i % demoAccounts.length]!.email, password: 'demo123456' });
    expect((await login()).body.code).toBe(1);

    // Logins are slow on purpose here (scrypt at full cost), so several are in flight when SIGTERM lands.
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      login(i + 1).then(
        (r) => r,
        (e: Error) => e,
      ),
    );
    await new Promise((r) => setTimeout(r, 40));
    s.proc.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    const code = await s.exited;

    expect(code).toBe(0);
    const answered = results.filter((r) => !(r instanceof Error));
    // Every request the server accepted was answered in full; none got a 5xx.
    for (const r of answered) expect(r).toMatchObject({ status: 200, body: { code: 1 } });
    expect(answered.length).toBeGreaterThan(0);
    expect(s.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  });

  it('refuses to start with a readable error on bad configuration', async () => {
    await expect(startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).rejects.toThrow(
      /PORT="eighty"[\s\S]*DATABASE_URL="mysql:\/\/x": must start with postgres/,
    );
  });
});
