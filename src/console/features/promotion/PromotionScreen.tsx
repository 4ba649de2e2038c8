import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the promotion feature lands (see src/console/README.md). */
export function PromotionScreen(): React.JSX.Element {
  return <NotOpen title="竞价推广" />;
}
