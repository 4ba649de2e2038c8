import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the collect feature lands (see src/console/README.md). */
export function CollectScreen(): React.JSX.Element {
  return <NotOpen title="商品效果分析" />;
}
