import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  file: string;
  size: number;
  type: string;
  etag: string;
  br: boolean;
  gz: boolean;
  immutable: boolean;
}

/**
 * Built client assets (dist/client) served from an index made at start. Precompressed `.br` / `.gz`
 * siblings (written by scripts/compress.ts after `astro build`) are chosen by Accept-Encoding;
 * hashed files under /_astro/ are cached as immutable.
 */
export function createStaticHandler(root: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (!name.endsWith('.br') && !name.endsWith('.gz')) {
        const url = '/' + path.relative(root, full).split(path.sep).join('/');
        assets.set(url, {
          file: full,
          size: st.size,
          type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
          etag: `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`,
          br: existsSync(full + '.br'),
          gz: existsSync(full + '.gz'),
          immutable: url.startsWith('/_astro/'),
        });
      }
    }
  };
  walk(root);

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    } catch {
      return false;
    }
    const asset = assets.get(pathname);
    if (!asset) return false;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = asset.br && /\bbr\b/.test(accept) ? 'br' : asset.gz && /\bgzip\b/.test(accept) ? 'gzip' : '';
    const file = encoding === 'br' ? asset.file + '.br' : encoding === 'gzip' ? asset.file + '.gz' : asset.file;
    const headers: Record<string, string | number> = {
      'content-type': asset.type,
      'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      etag: asset.etag,
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    let size: number;
    try {
      // The build may have been replaced under a running server: a vanished file is a miss, not a crash.
      size = statSync(file).size;
    } catch {
      assets.delete(pathname);
      return false;
    }
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
    return true;
  };
}
