import { AUDIENCE, type RouteDef } from '../../lib/routes.ts';

export type ExportTemplateScreen = 'exportTemplate.list';

export const exportTemplateRoutes: readonly RouteDef<ExportTemplateScreen>[] = [
  {
    path: '/exportTemplate',
    screen: 'exportTemplate.list',
    meta: { ...AUDIENCE.customersV2, title: '导出模板', icon: 'pi pi-file-export', order: 60 },
  },
];
