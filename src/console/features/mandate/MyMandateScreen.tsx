import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the mandate feature lands (see src/console/README.md). */
export function MyMandateScreen(): React.JSX.Element {
  return <NotOpen title="我的授权" />;
}
