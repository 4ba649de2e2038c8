import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the promotion feature lands (see src/console/README.md). */
export function OldPromotionScreen(): React.JSX.Element {
  return <NotOpen title="推广管理" />;
}
