import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the links feature lands (see src/console/README.md). */
export function LinksScreen(): React.JSX.Element {
  return <NotOpen title="推广链接" />;
}
