/**
 * The sandbox as its own process: `node src/server/sandbox/adplatforms/serve.ts`.
 * Environment: SANDBOX_PORT (4400), SANDBOX_HOST (127.0.0.1), DATA_DIR (./data: the world lives in
 * DATA_DIR/sandbox/adplatforms.sqlite), SANDBOX_PUBLIC_BASE (http://HOST:PORT/sandbox), SANDBOX_LIVE (on).
 * Point the product at it with `<P>_API_BASE` / `<P>_AUTH_BASE` (see docs/ad-platforms.md).
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createAdPlatformSandbox } from './index.ts';

const port = Number(process.env.SANDBOX_PORT ?? 4400);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const file = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'sandbox', 'adplatforms.sqlite');
const publicBase = process.env.SANDBOX_PUBLIC_BASE ?? `http://${host}:${port}/sandbox`;
const sandbox = createAdPlatformSandbox({ file, publicBase, live: !['off', 'false', '0'].includes(process.env.SANDBOX_LIVE ?? 'on') });
const server = serve({ fetch: sandbox.app.fetch, port, hostname: host }, (info) => {
  process.stdout.write(`ad-platform sandbox on http://${host}:${info.port}/sandbox/{${sandbox.platforms.join(',')}} (world: ${file})\n`);
});
const stop = () => server.close(() => void sandbox.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
