import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the minipromote feature lands (see src/console/README.md). */
export function MiniPromoteScreen(): React.JSX.Element {
  return <NotOpen title="淘宝新链接推广" />;
}
