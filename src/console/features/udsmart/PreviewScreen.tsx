import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the udsmart feature lands (see src/console/README.md). */
export function PreviewScreen(): React.JSX.Element {
  return <NotOpen title="数据查看" />;
}
