import { lazy, Suspense } from 'react';
import type { ChartProps } from './Chart.tsx';
import { Loading } from './Loading.tsx';

const Chart = lazy(() => import('./Chart.tsx').then((m) => ({ default: m.Chart })));

/** The chart wrapper loaded on first use, so chart.js stays out of every screen's first download. */
export function LazyChart(props: ChartProps): React.JSX.Element {
  return (
    <Suspense fallback={<Loading text="图表加载中…" />}>
      <Chart {...props} />
    </Suspense>
  );
}
