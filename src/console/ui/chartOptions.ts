import { formatNumber, type NumberFormat } from '../lib/formats.ts';

/** How the x labels read: hourly 'YYYY-MM-DD HH:00', daily 'YYYY-MM-DD', or anything else as given. */
export type AxisKind = 'hour' | 'day' | 'category';

/**
 * A short x label: hours show 'HH:00' and the date ('MM-DD') where a day starts (or on the first tick);
 * days show 'MM-DD'. Keeps hourly charts over a week readable.
 */
export function axisLabel(label: string, kind: AxisKind, first = false): string {
  if (kind === 'day') return /^\d{4}-\d{2}-\d{2}$/.test(label) ? label.slice(5) : label;
  if (kind === 'hour') {
    const m = /^\d{4}-(\d{2}-\d{2}) (\d{2}):\d{2}$/.exec(label);
    if (!m) return label;
    return m[2] === '00' || first ? `${m[1]} ${m[2]}:00` : `${m[2]}:00`;
  }
  return label;
}

/** Text and grid colours for the light and dark console themes. */
export const CHART_THEME = {
  light: { text: '#4b5563', grid: 'rgba(0, 0, 0, 0.08)', tooltip: '#1f2937' },
  dark: { text: 'rgba(255, 255, 255, 0.75)', grid: 'rgba(255, 255, 255, 0.12)', tooltip: '#111827' },
} as const;

/** Series colours, in order. */
export const SERIES_COLORS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#06b6d4'] as const;

export interface ChartLook {
  format: NumberFormat;
  axis: AxisKind;
  dark: boolean;
  labels: readonly string[];
}

/** chart.js options with the product's number formats on the y axis and in tooltips. */
export function chartOptions(look: ChartLook) {
  const c = look.dark ? CHART_THEME.dark : CHART_THEME.light;
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 300 },
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      legend: { position: 'top' as const, labels: { color: c.text, usePointStyle: true, boxHeight: 8 } },
      tooltip: {
        backgroundColor: c.tooltip,
        callbacks: {
          label: (ctx: { dataset: { label?: string }; parsed: { y: number | null } }) => `${ctx.dataset.label ?? ''}：${formatNumber(ctx.parsed.y, look.format)}`,
        },
      },
    },
    scales: {
      x: {
        grid: { color: c.grid },
        ticks: {
          color: c.text,
          maxRotation: 0,
          autoSkip: true,
          autoSkipPadding: 16,
          callback: (_v: unknown, index: number) => axisLabel(look.labels[index] ?? '', look.axis, index === 0),
        },
      },
      y: {
        beginAtZero: true,
        grid: { color: c.grid },
        ticks: { color: c.text, precision: look.format === 1 ? 0 : undefined, callback: (v: number | string) => formatNumber(v, look.format) },
      },
    },
  };
}
