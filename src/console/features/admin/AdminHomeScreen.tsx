import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the admin feature lands (see src/console/README.md). */
export function AdminHomeScreen(): React.JSX.Element {
  return <NotOpen title="数据概览" />;
}
