import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the udsmart feature lands (see src/console/README.md). */
export function PromoteListScreen(): React.JSX.Element {
  return <NotOpen title="广告账户列表" />;
}
