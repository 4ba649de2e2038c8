import type { PromoteRow } from '../../../shared/promote-schemas.ts';

/** The old version's channel of a list path: /promotion 巨量, …/weibo 微博, …/tencent 腾讯 (also under /minipromote). */
export function oldChannelOf(pathname: string): 2 | 3 | 4 {
  if (/\/(mini)?weibo\/?$/.test(pathname)) return 3;
  if (/\/(mini)?tencent\/?$/.test(pathname)) return 4;
  return 2;
}

/** A plan's detail page in the old version: `/promotion/plan/{adId}` (or under /minipromote), with its channel. */
export const planPath = (base: '/promotion' | '/minipromote', r: Pick<PromoteRow, 'id' | 'channel'>): string =>
  `${base}/plan/${r.id}${r.channel === 2 ? '' : `?acpl=${r.channel}`}`;
