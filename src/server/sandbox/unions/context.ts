import type { Context } from 'hono';
import { type Failure, sleep, takeFailure } from './failures.ts';
import type { UnionName } from './store.ts';
import type { TopApp } from './top-gateway.ts';
import type { World } from './world.ts';

/** What every union sandbox needs: the shared world, its absolute base URL, and the app keys it accepts. */
export interface SandboxKeys {
  /** 淘宝联盟: the publisher behind the keys (pid mm_{memberId}_{siteId}_{adzone}). */
  taobao: TopApp & { memberId: string; siteId: string };
  ud: TopApp;
  jd: { appKey: string; appSecret: string; unionId: string; siteId: string };
  pdd: { clientId: string; clientSecret: string };
}

/** The sandbox keys a fresh setup uses (the connectors' defaults). Not secrets: they only open the sandbox. */
export const DEFAULT_SANDBOX_KEYS: SandboxKeys = {
  taobao: {
    appKey: '10000001',
    appSecret: 'sandbox-taobao-secret',
    session: 'sandbox-taobao-session',
    memberId: '1000001',
    siteId: '2000002',
  },
  ud: { appKey: '10000002', appSecret: 'sandbox-ud-secret', session: 'sandbox-ud-session' },
  jd: { appKey: 'sandboxjdappkey', appSecret: 'sandbox-jd-secret', unionId: '1000000001', siteId: '4000001' },
  pdd: { clientId: 'sandboxpddclientid', clientSecret: 'sandbox-pdd-secret' },
};

export interface SandboxContext {
  world: World;
  /** Absolute URL under which the union's sandbox is served, e.g. http://127.0.0.1:4321/sandbox/taobao. */
  base(union: UnionName): string;
  keys: SandboxKeys;
}

/**
 * An injected failure for this call, handled as far as it is union-neutral: `timeout` waits (code = delay in ms,
 * default 3000) and then lets the call go on; `http500` answers 500. `error` and `rate_limit` come back for the
 * union to write in its own error shape.
 */
export async function injected(c: Context, ctx: SandboxContext, union: UnionName, method: string): Promise<Response | Failure | null> {
  const f = takeFailure(ctx.world.db, union, method);
  if (!f) return null;
  if (f.kind === 'timeout') {
    await sleep(Number(f.code) || 3000);
    return null;
  }
  if (f.kind === 'http500') return c.text('Internal Server Error', 500);
  return f;
}
