import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DEFAULT_SANDBOX_KEYS, type SandboxContext, type SandboxKeys } from './context.ts';
import { jdSandbox } from './jd.ts';
import { pddSandbox } from './pdd.ts';
import { type PlanSource, planHistory } from './plan-history.ts';
import { openUnionStore, type UnionName } from './store.ts';
import { taobaoSandbox } from './taobao.ts';
import { udHooks, udSandbox } from './ud.ts';
import { createWorld, type World, type WorldOptions } from './world.ts';

/**
 * The affiliate-union sandbox: one Hono sub-app per union under `/sandbox/<union>/`, speaking that union's
 * protocol over real HTTP, with its own node:sqlite state. It imports nothing of the product (only `src/shared/`
 * would be allowed): the product reaches it over HTTP like any union host. Mounted by the product server (SANDBOX
 * on), or run alone with `node src/server/sandbox/unions/serve.ts`. See docs/affiliate-unions.md.
 */
export const SANDBOX_UNIONS: readonly UnionName[] = ['taobao', 'ud', 'jd', 'pdd'];

export interface UnionSandboxOptions extends WorldOptions {
  /** node:sqlite file (DATA_DIR/sandbox/unions.sqlite) or ':memory:'. */
  file: string;
  /** Absolute base of the server the sandbox is reached through, e.g. http://127.0.0.1:4321 (no trailing slash). */
  publicBaseUrl: string | (() => string);
  keys?: SandboxKeys;
  /** Rows per UD order page (the real page size is not documented). */
  udPageSize?: number;
  /**
   * The ad world's plans (the demo world, wired by main.ts): back-filled orders then come from the plans' delivered
   * clicks (plan-history.ts), asked before every order query; without it a new link back-fills `historyDays`.
   */
  plans?: PlanSource;
}

export interface UnionSandbox {
  /** Serves `/sandbox/<union>/…`. */
  app: Hono;
  world: World;
  keys: SandboxKeys;
  /** Back-fill what the ad world's plans delivered now (plan-history.ts), whatever the throttle; 0 without `plans`. */
  syncPlanHistory(): number;
  /** For the product's HTTP server: handles `/sandbox/<union>/…` and returns true, else false. */
  fastPath(req: IncomingMessage, res: ServerResponse): boolean;
  close(): void;
}

export function createUnionSandbox(opts: UnionSandboxOptions): UnionSandbox {
  const db = openUnionStore(opts.file);
  const hooks = { ud: udHooks(db) };
  const world = createWorld(db, opts, hooks);
  const keys = opts.keys ?? DEFAULT_SANDBOX_KEYS;
  const baseUrl = typeof opts.publicBaseUrl === 'function' ? opts.publicBaseUrl : () => opts.publicBaseUrl as string;
  const ctx: SandboxContext = { world, keys, base: (union) => `${baseUrl().replace(/\/$/, '')}/sandbox/${union}` };
  const history = opts.plans ? planHistory(world, opts.plans, (union) => new URL(ctx.base(union)).pathname, hooks) : null;
  if (history)
    world.onQuery(() => {
      try {
        history.sync();
      } catch (err) {
        // the ad world is unreachable (closing): the orders answer without new history this time
        process.stderr.write(
          `${JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg: 'sandbox plan history', err: String(err) })}\n`,
        );
      }
    });
  const app = new Hono();
  // The unions' calls are small forms; nothing bigger is read.
  app.use(bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.text('请求内容过大', 413) }));
  app.route('/sandbox/taobao', taobaoSandbox(ctx));
  app.route('/sandbox/ud', udSandbox(ctx, opts.udPageSize));
  app.route('/sandbox/jd', jdSandbox(ctx));
  app.route('/sandbox/pdd', pddSandbox(ctx));
  app.onError((err, c) => {
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'sandbox error', err: err.message })}\n`);
    return c.json({ error: '沙箱内部错误' }, 500);
  });
  const listener = getRequestListener(app.fetch);
  const prefixes = SANDBOX_UNIONS.map((u) => `/sandbox/${u}/`);
  return {
    app,
    world,
    keys,
    syncPlanHistory: () => history?.sync(true) ?? 0,
    fastPath(req, res) {
      const url = req.url ?? '/';
      if (!prefixes.some((p) => url.startsWith(p))) return false;
      void listener(req, res);
      return true;
    },
    close: () => db.close(),
  };
}
