import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the udsmart feature lands (see src/console/README.md). */
export function SubAccountScreen(): React.JSX.Element {
  return <NotOpen title="子账号分配" />;
}
