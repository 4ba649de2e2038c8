/**
 * The baseline: a bare node:http server. `/m/…` answers 204 (what a ping costs with no work at all);
 * anything else answers 200 with the HTML bytes given in BASELINE_HTML (a file), like a static page.
 */

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const html = process.env.BASELINE_HTML ? readFileSync(process.env.BASELINE_HTML) : Buffer.from('<!doctype html><title></title>');
const port = Number(process.env.PORT ?? 4500);
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length };

createServer((req, res) => {
  if (req.url!.startsWith('/m/')) res.writeHead(204).end();
  else res.writeHead(200, headers).end(html);
}).listen(port, '127.0.0.1', () => process.stdout.write(`baseline on ${port}\n`));
