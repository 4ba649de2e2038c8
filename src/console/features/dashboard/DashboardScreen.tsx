import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the dashboard feature lands (see src/console/README.md). */
export function DashboardScreen(): React.JSX.Element {
  return <NotOpen title="概览" />;
}
