import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { NumberFormat } from '../lib/formats.ts';
import { type AxisKind, chartOptions, SERIES_COLORS } from './chart-options.ts';
import { useDarkTheme } from './useDarkTheme.ts';

ChartJS.register(LineController, LineElement, PointElement, BarController, BarElement, LinearScale, CategoryScale, Tooltip, Legend, Filler);

export interface ChartSeries {
  label: string;
  data: readonly number[];
  color?: string;
}

export interface ChartProps {
  kind?: 'line' | 'bar';
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** spec §9 number format of the values (y axis and tooltips) */
  format?: NumberFormat;
  axis?: AxisKind;
  height?: number;
  /** what the chart shows, for screen readers */
  ariaLabel: string;
}

/** chart.js with the product's number formats and the console's light/dark theme. Load it lazily (LazyChart). */
export function Chart({
  kind = 'line',
  labels,
  series,
  format = 1,
  axis = 'category',
  height = 300,
  ariaLabel,
}: ChartProps): React.JSX.Element {
  const dark = useDarkTheme();
  const options = chartOptions({ format, axis, dark, labels });
  const datasets = series.map((s, i) => {
    const color = s.color ?? SERIES_COLORS[i % SERIES_COLORS.length] ?? '#3b82f6';
    return {
      label: s.label,
      data: [...s.data],
      borderColor: color,
      backgroundColor: kind === 'bar' ? color : color + '22',
      pointRadius: labels.length > 60 ? 0 : 2,
      tension: 0.3,
      fill: false,
    };
  });
  const data = { labels: [...labels], datasets };
  return (
    <div className="chart" style={{ height }} role="img" aria-label={ariaLabel}>
      {kind === 'bar' ? <Bar data={data} options={options} /> : <Line data={data} options={options} />}
    </div>
  );
}
