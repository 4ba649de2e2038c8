import { CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { StatsPoint } from './types.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend, Filler);

const SERIES = [
  { key: 'shows', label: '展示', color: '#3b82f6' },
  { key: 'clicks', label: '点击', color: '#f59e0b' },
  { key: 'visits', label: '访问', color: '#10b981' },
] as const;

/** Shows / clicks / visits over time. Loaded lazily so chart.js stays out of the first bundle. */
export function StatsChart({ series }: { series: StatsPoint[] }): React.JSX.Element {
  const data = {
    labels: series.map((p) => p.time),
    datasets: SERIES.map((s) => ({
      label: s.label,
      data: series.map((p) => p[s.key]),
      borderColor: s.color,
      backgroundColor: s.color + '22',
      pointRadius: series.length > 60 ? 0 : 2,
      tension: 0.3,
      cubicInterpolationMode: 'monotone' as const,
      fill: false,
    })),
  };
  return (
    <div className="stats-chart" role="img" aria-label="展示、点击、访问趋势图">
      <Line
        data={data}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: { legend: { position: 'top' } },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { maxTicksLimit: 12 } } },
        }}
      />
    </div>
  );
}
