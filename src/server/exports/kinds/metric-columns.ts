import type { ColumnType } from '../../../shared/exports.ts';
import { METRIC_KEYS, METRIC_META, type WireMetrics } from '../../../shared/metrics.ts';
import type { NumberFormat } from '../../../shared/number-format.ts';
import type { ExportColumn } from '../kind.ts';

/** The spec §3 metrics as columns, typed by their format (shared/number-format.ts): yuan money, ratio percent, counts integer, ROI two decimals. */
const TYPE_OF: Record<NumberFormat, ColumnType> = { 1: 'number', 2: 'money', 3: 'percent', 4: 'percent', 5: 'decimal2' };
const COUNTS = new Set(['sum_show_cnt', 'sum_click', 'ordernum', 'convert']);

/** Every metric of `metrics.ts` as a column (key = the metric's key), for any row carrying wire metrics. */
export function metricColumns<R extends { metrics: WireMetrics }>(): ExportColumn<R>[] {
  return METRIC_KEYS.map((k) => ({
    key: k,
    label: METRIC_META[k].format === 2 ? `${METRIC_META[k].label}（元）` : METRIC_META[k].label,
    type: COUNTS.has(k) ? 'integer' : TYPE_OF[METRIC_META[k].format],
    value: (r: R) => r.metrics[k],
  }));
}
