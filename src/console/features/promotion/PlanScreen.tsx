import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the promotion feature lands (see src/console/README.md). */
export function PlanScreen(): React.JSX.Element {
  return <NotOpen title="广告计划" />;
}
