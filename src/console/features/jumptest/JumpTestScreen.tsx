import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the jumptest feature lands (see src/console/README.md). */
export function JumpTestScreen(): React.JSX.Element {
  return <NotOpen title="链接跳转测试" />;
}
