import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the admin feature lands (see src/console/README.md). */
export function ClientPromoteScreen(): React.JSX.Element {
  return <NotOpen title="推广管理" />;
}
