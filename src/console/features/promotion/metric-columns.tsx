import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';
import type { TableColumn } from '../../ui/ResourceTable.tsx';
import { metricLabel } from './terms.ts';

export const METRIC_WIDTH = 104;

/** The metrics a person acts on: frozen beside the name while the others scroll (issue 18). */
export const KEY_METRICS: readonly MetricKey[] = ['sum_cost', 'ordernum', 'roi'];

/**
 * Wide enough for the header and its sort icon on one line (千次展示成本 ↑↓ ran into 点击均价: 14 px a character,
 * the icon and the padding 44). A frozen count or multiple (订单数, ROI) takes 90, so the window the other columns
 * scroll through between the frozen ones stays wider than the widest of them at 1200 px (issue 18).
 */
export const metricWidth = (k: MetricKey, frozen = false): number =>
  Math.max(frozen && METRIC_META[k].format !== 2 ? 90 : METRIC_WIDTH, [...metricLabel(k)].length * 14 + 44);

/** One sortable, right-aligned column per chosen metric, in the spec §9 format of each ('--' for none). */
export function metricColumns(keys: readonly MetricKey[], frozen = false): TableColumn<PromoteRow>[] {
  return keys.map((k) => ({
    key: k,
    header: <span title={METRIC_META[k].hint}>{metricLabel(k)}</span>,
    width: metricWidth(k, frozen),
    frozen,
    align: 'right' as const,
    nowrap: true,
    sortable: true,
    value: (r: PromoteRow) => r.metrics[k],
    cell: (r: PromoteRow) => <span className="num">{formatNumber(r.metrics[k], METRIC_META[k].format)}</span>,
  }));
}
