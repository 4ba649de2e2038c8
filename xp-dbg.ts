import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
const out = createWriteStream('/tmp/xp/dbg.xlsx');
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
const ws = wb.addWorksheet('x');
const long = 'https://tf.example.cn/m/c/123456789?ch=2&adv=__ADVERTISER_ID__&camp=__CAMPAIGN_ID__&proj=__PROJECT_ID__&aid=__AID__&promo=__PROMOTION_ID__&cid=__CID__&req=__REQUEST_ID__&cb=__CALLBACK_PARAM__&cburl=__CALLBACK_URL__&track=__TRACK_ID__';
for (let i = 0; i < 100000; i++) {
  ws.addRow([String(i), long + i, long + 'x' + i, i, 'abc' + i]).commit();
  if (i % 200 === 199) {
    const pipe = (ws as any).stream?.pipes?.[0];
    const len = pipe?._writableState?.length ?? -1;
    if (len > 1048576) await new Promise((r) => pipe.once('drain', r));
  }
  if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
  if (i % 20000 === 0) {
    const pipe = (ws as any).stream?.pipes?.[0];
    const zip = (wb as any).zip;
    const m = process.memoryUsage();
    console.log(i, 'pipe', pipe?._writableState?.length, 'pipeReadable', pipe?._readableState?.length, 'zipR', zip?._readableState?.length, 'zipW', zip?._writableState?.length, 'out', out.writableLength, 'ab', Math.round(m.arrayBuffers / 1e6), 'ext', Math.round(m.external / 1e6), 'bufs', (ws as any).stream?.buffers?.length);
  }
}
ws.commit();
await wb.commit();
console.log('maxRSS', Math.round(process.resourceUsage().maxRSS / 1024));
