import type { AffiliateConnector } from '../affiliate.ts';
import type { HttpOptions } from '../affiliate-http.ts';
import { convertJd, type JdLinkSettings } from './convert.ts';
import { JD_MAX_WINDOW, pullJdOrders } from './orders.ts';

export interface JdSettings extends JdLinkSettings {
  apiBase: string;
  appKey: string;
  appSecret: string;
  /** Rows per order page, up to 500. */
  pageSize?: number;
}

/** The 京东联盟 connector (JOS router). */
export function createJdConnector(s: JdSettings, http: HttpOptions = {}, now?: () => number): AffiliateConnector {
  const jos = { apiBase: s.apiBase, appKey: s.appKey, appSecret: s.appSecret, http, now };
  return {
    union: 'jd',
    maxWindowSeconds: JD_MAX_WINDOW,
    sameChinaDay: false,
    timeFields: ['update', 'create'],
    convert: (req) => convertJd(jos, s, req),
    pullOrders: (window, cursor, timeField = 'update') => pullJdOrders({ ...jos, pageSize: s.pageSize ?? 500 }, window, cursor, timeField),
  };
}
