import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the dashboard feature lands (see src/console/README.md). */
export function DataBoardScreen(): React.JSX.Element {
  return <NotOpen title="数据看板" />;
}
