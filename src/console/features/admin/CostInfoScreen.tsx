import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the admin feature lands (see src/console/README.md). */
export function CostInfoScreen(): React.JSX.Element {
  return <NotOpen title="消耗概览" />;
}
