/**
 * How the read model reads a span (src/shared/span.ts: half-open, China days and hours): whole China days from the
 * daily facts, a part that starts or stops inside a day (today up to the current hour, an hourly trend) from the
 * hourly facts. The hourly facts are kept HOURLY_RETENTION_DAYS (docs/data-lifecycle.md); whole old days still have
 * their daily rows.
 */
import { chinaDayStart } from '../../shared/china-clock.ts';
import { DAY, type Span } from '../../shared/span.ts';
import type { FactPart } from './query.ts';

export type Granularity = 'hour' | 'day';

/** The parts of a span: hours only (asked, or no whole day inside), or its whole days plus hourly edges. */
export function partsOf(span: Span, granularity: Granularity | 'auto' = 'auto'): FactPart[] {
  if (!(span.to > span.from)) return [];
  if (granularity === 'hour') return [{ grain: 'hour', from: span.from, to: span.to }];
  const firstDay = chinaDayStart(span.from) === span.from ? span.from : chinaDayStart(span.from) + DAY;
  const lastDay = chinaDayStart(span.to);
  if (lastDay <= firstDay) return [{ grain: 'hour', from: span.from, to: span.to }];
  const parts: FactPart[] = [];
  if (span.from < firstDay) parts.push({ grain: 'hour', from: span.from, to: firstDay });
  parts.push({ grain: 'day', from: firstDay, to: lastDay });
  if (span.to > lastDay) parts.push({ grain: 'hour', from: lastDay, to: span.to });
  return parts;
}
