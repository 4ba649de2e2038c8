import { lazyScreen, type Screen } from '../../lib/routes.ts';
import type { ExportTemplateScreen } from './routes.ts';

export const exportTemplateScreens: Record<ExportTemplateScreen, Screen> = {
  'exportTemplate.list': lazyScreen(() => import('./ExportTemplateScreen.tsx').then((m) => m.ExportTemplateScreen)),
};
