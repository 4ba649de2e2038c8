import type { PddConnector } from '../affiliate.ts';
import type { HttpOptions } from '../affiliate-http.ts';
import { onlyUpdate } from '../errors-affiliate.ts';
import { pddAuthorityUrl, queryPddAuthority } from './authority.ts';
import { convertPdd } from './convert.ts';
import { PDD_MAX_WINDOW, pullPddOrders } from './orders.ts';

export interface PddSettings {
  apiBase: string;
  /** client_id and client_secret. */
  appKey: string;
  appSecret: string;
  /** Default 推广位 p_id ("{duoId}_{n}"). */
  pid: string;
  /** Rows per order page, 10–100 (PDD advises 40–50). */
  pageSize?: number;
}

/** The 拼多多 (多多进宝) connector. */
export function createPddConnector(s: PddSettings, http: HttpOptions = {}, now?: () => number): PddConnector {
  const client = { apiBase: s.apiBase, clientId: s.appKey, clientSecret: s.appSecret, http, now };
  return {
    union: 'pdd',
    maxWindowSeconds: PDD_MAX_WINDOW,
    sameChinaDay: false,
    timeFields: ['update'],
    defaultPid: s.pid,
    convert: (req) => convertPdd(client, s.pid, req),
    authority: (pid, uid) => queryPddAuthority(client, pid, uid),
    authorityUrl: (pid, uid) => pddAuthorityUrl(client, pid, uid),
    pullOrders: (window, cursor, timeField = 'update') =>
      timeField !== 'update'
        ? Promise.reject(onlyUpdate('pdd', '多多进宝'))
        : pullPddOrders({ ...client, pageSize: Math.min(100, Math.max(10, s.pageSize ?? 50)) }, window, cursor),
  };
}
