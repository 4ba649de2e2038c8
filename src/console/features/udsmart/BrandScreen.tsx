import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the udsmart feature lands (see src/console/README.md). */
export function BrandScreen(): React.JSX.Element {
  return <NotOpen title="品牌列表" />;
}
