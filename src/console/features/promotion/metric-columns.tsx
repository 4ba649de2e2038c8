import { METRIC_META, type MetricKey } from '../../../shared/metrics.ts';
import type { PromoteRow } from '../../../shared/promote-schemas.ts';
import { formatNumber } from '../../lib/formats.ts';
import type { TableColumn } from '../../ui/ResourceTable.tsx';
import { metricLabel } from './terms.ts';

export const METRIC_WIDTH = 104;

/** One sortable, right-aligned column per chosen metric, in the spec §9 format of each ('--' for none). */
export function metricColumns(keys: readonly MetricKey[]): TableColumn<PromoteRow>[] {
  return keys.map((k) => ({
    key: k,
    header: <span title={METRIC_META[k].hint}>{metricLabel(k)}</span>,
    width: METRIC_WIDTH,
    align: 'right' as const,
    nowrap: true,
    sortable: true,
    value: (r: PromoteRow) => r.metrics[k],
    cell: (r: PromoteRow) => <span className="num">{formatNumber(r.metrics[k], METRIC_META[k].format)}</span>,
  }));
}
