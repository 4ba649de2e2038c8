import { PassThrough } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { xlsxWriter, csvWriter } from './src/server/exports/writers.ts';
import { linksKind } from './src/server/exports/kinds/links.ts';
import { monitorUrl } from './src/shared/macros.ts';
const N = Number(process.argv[2] ?? 20000);
const fmt = process.argv[3] ?? 'xlsx';
const cols = linksKind.columns;
const out = createWriteStream('/tmp/xp/bench.' + fmt);
const w = fmt === 'xlsx' ? await xlsxWriter(out, cols, '投放链接') : csvWriter(out, cols);
const t0 = performance.now();
for (let p = 0; p < N / 1000; p++) {
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    const n = p * 1000 + i;
    rows.push([String(100000000 + n), '秋冬加厚卫衣 直跳 ' + n, '基准测试公司', 12, '淘宝', '巨量引擎', '直跳', '商品详情', String(600000000000 + n), '男士秋冬季加厚连帽卫衣宽松潮牌外套 ' + (n % 1000), 99 + n % 50, 'https://tf.example.cn/pub/' + (100000000 + n), monitorUrl('https://tf.example.cn', 'click', 2, String(100000000 + n)), monitorUrl('https://tf.example.cn', 'show', 2, String(100000000 + n)), '1700000000000001', '', '', '', 1763700000 - n, 1763700000]);
  }
  await w.write(rows);
}
await w.finish();
if (!out.writableEnded) out.end();
await new Promise((r) => out.on('close', r));
const s = (performance.now() - t0) / 1000;
console.log(fmt, N, 'rows', s.toFixed(1), 's', Math.round(N / s), 'rows/s', 'maxRSS', Math.round(process.resourceUsage().maxRSS / 1024), 'MB');
