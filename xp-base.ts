import { boot } from './src/server/boot.ts';
import { mkdtempSync } from 'node:fs';
const b = await boot({ env: { DATA_DIR: mkdtempSync('/tmp/xp/b-'), DEMO_DATA: 'off', LOG_LEVEL: 'warn' } });
await b.close();
console.log('boot maxRSS', Math.round(process.resourceUsage().maxRSS / 1024), 'MB', 'rss now', Math.round(process.memoryUsage().rss / 1e6));
