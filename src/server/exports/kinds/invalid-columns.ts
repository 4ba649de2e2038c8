import { invalidReasonsText } from '../../../shared/invalid-traffic.ts';
import { sharePercent } from '../../tracking/verdict/alert.ts';
import type { ExportColumn } from '../kind.ts';

/** A row's invalid traffic over the export's dates: its valid and invalid monitored clicks and the invalid ones by reason, most first. */
export interface InvalidNumbers {
  valid: number;
  invalid: number;
  reasons: ReadonlyArray<{ label: string; count: number }>;
}

/**
 * 无效点击, 无效占比 and 无效原因 (docs/api-tracking.md "Invalid traffic"), read from the same numbers as the list's
 * (the link list's `/link/metrics`, the promotion list's `invalid_traffic`): the share is the one the list shows,
 * one decimal of a percent (tracking/verdict/alert.ts `sharePercent`: 19 of 79 is 24.1 %), empty without a monitored
 * click; the reasons as the screens word them ('IP 频繁 10、设备频繁 6').
 */
export function invalidColumns<R>(numbers: (row: R) => InvalidNumbers | null): ExportColumn<R>[] {
  return [
    { key: 'invalid_clicks', label: '无效点击', type: 'integer', value: (r) => numbers(r)?.invalid ?? 0 },
    {
      key: 'invalid_share',
      label: '无效占比',
      type: 'percent',
      value: (r) => {
        const n = numbers(r);
        return n && n.valid + n.invalid > 0 ? sharePercent(n.valid, n.invalid) / 100 : null;
      },
    },
    { key: 'invalid_reasons', label: '无效原因', type: 'text', width: 30, value: (r) => invalidReasonsText(numbers(r)?.reasons ?? []) },
  ];
}
