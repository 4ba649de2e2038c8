import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the exportTemplate feature lands (see src/console/README.md). */
export function ExportTemplateScreen(): React.JSX.Element {
  return <NotOpen title="导出模板" />;
}
