import { formatNumber, type NumberFormat } from '../lib/formats.ts';

/** How the x labels read: hourly 'YYYY-MM-DD HH:00', daily 'YYYY-MM-DD', or anything else as given. */
export type AxisKind = 'hour' | 'day' | 'category';

/** A short x label: days show 'MM-DD'; other labels as given. */
export function axisLabel(label: string, kind: AxisKind): string {
  if (kind === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(label)) return label.slice(5);
  if (kind === 'hour') {
    const m = /^\d{4}-(\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(label);
    return m ? `${m[1]} ${m[2]}` : label;
  }
  return label;
}

const HOUR_LABEL = /^\d{4}-(\d{2}-\d{2}) (\d{2}):\d{2}$/;

/**
 * The x ticks of an hourly series ('' = no label there). One day: every third hour 'HH:00'. Several days:
 * the date 'MM-DD' where a day starts, thinned to about ten labels — no crowding, and every label says
 * which day it is.
 */
export function hourTicks(labels: readonly string[]): string[] {
  const parsed = labels.map((l) => HOUR_LABEL.exec(l));
  const days = [...new Set(parsed.map((m) => m?.[1]).filter((d): d is string => d !== undefined))];
  if (days.length <= 1) return parsed.map((m, i) => (m && Number(m[2]) % 3 === 0 ? (i === 0 ? `${m[1]} ${m[2]}:00` : `${m[2]}:00`) : ''));
  const step = Math.ceil(days.length / 10);
  return parsed.map((m) => {
    if (!m || m[2] !== '00') return '';
    return days.indexOf(m[1] ?? '') % step === 0 ? (m[1] ?? '') : '';
  });
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
  const hourly = look.axis === 'hour' ? hourTicks(look.labels) : null;
  const tickText = (index: number): string => (hourly ? (hourly[index] ?? '') : axisLabel(look.labels[index] ?? '', look.axis));
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
          label: (ctx: { dataset: { label?: string }; parsed: { y: number | null } }) =>
            `${ctx.dataset.label ?? ''}：${formatNumber(ctx.parsed.y, look.format)}`,
        },
      },
    },
    scales: {
      x: {
        // hourly: a grid line only where a label is
        grid: { color: hourly ? (ctx: { index: number }) => (hourly[ctx.index] ? c.grid : 'transparent') : c.grid },
        ticks: {
          color: c.text,
          maxRotation: 0,
          autoSkip: hourly === null,
          autoSkipPadding: 16,
          callback: (_v: unknown, index: number) => tickText(index),
        },
      },
      y: {
        beginAtZero: true,
        grid: { color: c.grid },
        ticks: {
          color: c.text,
          precision: look.format === 1 ? 0 : undefined,
          callback: (v: number | string) => formatNumber(v, look.format),
        },
      },
    },
  };
}
