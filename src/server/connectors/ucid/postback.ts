/**
 * UC conversion postback: GET the click's `{CALLBACK_URL}` with `type` and `event_time` (ms) appended. The URL
 * comes from a click, so it is followed only when it lies under the configured postback base (default
 * `https://huichuan.uc.cn`). Answer `{status: 0}` is success.
 */

import type { Conversion } from '../ad-platform.ts';
import { allowedCallback, type ConnectorConfig, type ConnectorKit, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { objectBody } from '../http.ts';
import { UC_TABLE } from './table.ts';

export async function ucPostback(cfg: ConnectorConfig, kit: ConnectorKit, conv: Conversion): Promise<void> {
  const url = allowedCallback('ucid', conv.callback, cfg.postbackBase);
  url.searchParams.set('type', String(UC_TABLE.conversionType[conv.event]));
  url.searchParams.set('event_time', String(conv.timeMs));
  await kit.http.call({ method: 'GET', url: url.toString() }, (a) => {
    const b = objectBody('ucid', a);
    if (b.status !== 0) throw new ConnectorError('ucid', 'refused', `UC 拒绝了回传：${str(b.desc) || JSON.stringify(b)}`);
  });
}
