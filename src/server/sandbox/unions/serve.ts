/**
 * The affiliate-union sandbox on its own: `node src/server/sandbox/unions/serve.ts`.
 * Environment: SANDBOX_PORT (default 4500), SANDBOX_HOST (127.0.0.1), SANDBOX_PUBLIC_URL (http://HOST:PORT),
 * DATA_DIR (./data; state in DATA_DIR/sandbox/unions.sqlite), SANDBOX_HISTORY_DAYS (30).
 * Point a connector at it with `<P>_API_BASE=http://HOST:PORT/sandbox/<union>`.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createUnionSandbox, SANDBOX_UNIONS } from './index.ts';

const port = Number(process.env.SANDBOX_PORT ?? 4500);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const publicUrl = (process.env.SANDBOX_PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, '');
const historyDays = Number(process.env.SANDBOX_HISTORY_DAYS ?? 30);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(historyDays) || historyDays < 0 || historyDays > 90) {
  process.stderr.write('SANDBOX_PORT must be 0–65535 and SANDBOX_HISTORY_DAYS 0–90\n');
  process.exit(1);
}
const sandbox = createUnionSandbox({
  file: path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'sandbox', 'unions.sqlite'),
  publicBaseUrl: publicUrl,
  historyDays,
});
const server = serve({ fetch: sandbox.app.fetch, port, hostname: host }, (info) => {
  process.stdout.write(
    `affiliate sandbox on http://${host}:${info.port}: ${SANDBOX_UNIONS.map((u) => `${publicUrl}/sandbox/${u}`).join(' ')}\n`,
  );
});
const stop = () =>
  server.close(() => {
    sandbox.close();
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
