/**
 * Invalid traffic (无效流量, issue 23): the reasons the tracking processor gives a click, show or landing visit it
 * does not count, with their Chinese names (the console's breakdowns, exports and docs use these). Order = the order
 * the processor tries them; an event carries the first that applies.
 */
export const INVALID_REASONS = {
  macro: '宏未替换',
  malformed: '参数异常',
  bot: '爬虫/无头浏览器',
  foreign_ip: '境外 IP',
  flood_ip: 'IP 频繁',
  flood_device: '设备频繁',
  flood_link: '链接突发',
  click_invalid: '来自无效点击',
  late_visit: '访问远晚于点击',
} as const;
export type InvalidReason = keyof typeof INVALID_REASONS;

export const isInvalidReason = (s: string): s is InvalidReason => Object.hasOwn(INVALID_REASONS, s);

/** Invalid share as a fraction (0 when nothing was received). */
export const invalidShare = (invalid: number, raw: number): number => (raw > 0 ? invalid / raw : 0);

/** The share as every screen words it: one decimal of a percent, '24.1%' (19 of 79), '0.0%' when nothing was received. */
export const invalidShareText = (invalid: number, raw: number): string => `${(invalidShare(invalid, raw) * 100).toFixed(1)}%`;

/** A stored reason's Chinese name (an unknown one, e.g. from a newer version, as it is). */
export const invalidReasonLabel = (r: string): string => (isInvalidReason(r) ? INVALID_REASONS[r] : r);

/** Reasons with their counts, most first, as every screen and export words them: 'IP 频繁 10、设备频繁 6'. */
export const invalidReasonsText = (reasons: ReadonlyArray<{ label: string; count: number }>): string =>
  reasons.map((r) => `${r.label} ${r.count}`).join('、');
