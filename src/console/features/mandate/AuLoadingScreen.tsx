import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the mandate feature lands (see src/console/README.md). */
export function AuLoadingScreen(): React.JSX.Element {
  return <NotOpen title="授权处理中" />;
}
