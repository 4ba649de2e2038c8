import { JUMP, JUMPTYPES, type JumpType } from '../../../shared/catalog.ts';
import { invalidShareText } from '../../../shared/invalid-traffic.ts';
import { fenToYuan } from '../../../shared/money.ts';
import { formatNumber } from '../../lib/formats.ts';
import type { LinkView } from './types.ts';

/** Wechat mini-app links open a page by appid + path: they carry no item of a shop union. */
export const WX_MINIAPP = 6;

/** Item price in fen as yuan; 0 means the union gave no price ('--'), the same in the summary and the change log. */
export const priceText = (fen: unknown): string => (typeof fen === 'number' && fen > 0 ? formatNumber(fenToYuan(fen), 2) : '--');

const isJumpType = (t: string): t is JumpType => t in JUMPTYPES;

export const jumpText = (l: Pick<LinkView, 'isdirect' | 'jumptype'>): string => {
  const jump = l.isdirect === 1 || l.isdirect === 2 ? JUMP[l.isdirect] : '--';
  const type = isJumpType(l.jumptype) ? JUMPTYPES[l.jumptype] : l.jumptype;
  return `${jump} · ${type}`;
};

/** What a narrow cell shows of a URL: path and a hint of the query (`/m/c/123?…`); the whole URL is copied. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + (u.search ? '?…' : '');
  } catch {
    return url;
  }
}

/** A long URL cut after `?` and each `&`, so it wraps between parameters instead of inside words (keyed by offset). */
export function urlParts(url: string): { at: number; text: string }[] {
  let at = 0;
  return url.split(/(?<=[?&])/).map((text) => {
    const part = { at, text };
    at += text.length;
    return part;
  });
}

/** The link detail's raw clicks beside the valid ones: '监测共收到 79 次点击，其中无效 19 次（无效占比 24.1%）'. */
export const invalidHint = (t: { invalid_clicks: number; raw_clicks: number }): string =>
  `监测共收到 ${t.raw_clicks} 次点击，其中无效 ${t.invalid_clicks} 次（无效占比 ${invalidShareText(t.invalid_clicks, t.raw_clicks)}）`;
