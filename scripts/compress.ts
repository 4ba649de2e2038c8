/** After `astro build`: write .br and .gz beside every compressible client asset (served by src/server/static.ts). */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve('dist/client');
const compressible = /\.(js|mjs|css|html|json|svg|txt|map|ttf|eot)$/;
let count = 0;
let before = 0;
let after = 0;

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(name) && statSync(full).size >= 512) {
      const data = readFileSync(full);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(full + '.br', br);
      writeFileSync(full + '.gz', gzipSync(data, { level: 9 }));
      count += 1;
      before += data.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(`compressed ${count} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
