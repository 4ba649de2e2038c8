import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the promotion feature lands (see src/console/README.md). */
export function PageDetailScreen(): React.JSX.Element {
  return <NotOpen title="落地页详情" />;
}
