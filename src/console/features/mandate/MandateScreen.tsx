import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the mandate feature lands (see src/console/README.md). */
export function MandateScreen(): React.JSX.Element {
  return <NotOpen title="账户授权" />;
}
