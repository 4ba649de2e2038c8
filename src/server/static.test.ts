import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static.ts';

const js = 'console.log("hello");'.repeat(100);
let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tf-static-'));
  mkdirSync(path.join(root, '_astro'));
  writeFileSync(path.join(root, '_astro/app.abc123.js'), js);
  writeFileSync(path.join(root, '_astro/app.abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(root, '_astro/app.abc123.js.gz'), gzipSync(js));
  writeFileSync(path.join(root, 'branding.json'), '{"a":1}');
  const serve = createStaticHandler(root);
  server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(404).end('miss');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Raw GET (fetch would decode the body for us and hide the encoding). */
function get(
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(base + p, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('static assets', () => {
  it('serves brotli when accepted, with immutable caching for hashed files', async () => {
    const r = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(r.body).toString()).toBe(js);
  });

  it('falls back to gzip, then identity', async () => {
    expect((await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await get('/_astro/app.abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it('revalidates unhashed files and answers 304 to a matching etag', async () => {
    const r = await get('/branding.json');
    expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get('/branding.json', { 'if-none-match': String(r.headers.etag) })).status).toBe(304);
  });

  it('leaves unknown paths and traversal attempts to the next handler', async () => {
    expect((await get('/nope.js')).status).toBe(404);
    expect((await get('/_astro/../../etc/passwd')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(404);
  });

  it('treats a file removed under the running server as a miss', async () => {
    rmSync(path.join(root, 'branding.json'));
    expect((await get('/branding.json')).status).toBe(404);
  });
});
