import * as api from '../../shared/api/exports.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { createExport, exportLink, exportStatus, listExports } from './service.ts';
import { createTemplate, deleteTemplate, fullKinds, listTemplates, updateTemplate } from './templates.ts';

/** `/capi/napi/exporttemplate/*` (spec §7) and the exports themselves. The file download is `download.ts`. */
export const exportRoutes: Binding[] = [
  handle(api.templateIndex, ({ deps, actor, input }) => listTemplates(deps, actor, input)),
  handle(api.templateCreate, ({ deps, actor, input }) => createTemplate(deps, actor, input)),
  handle(api.templateUpdate, ({ deps, actor, input }) => updateTemplate(deps, actor, input)),
  handle(api.templateDelete, async ({ deps, actor, input }) => {
    await deleteTemplate(deps, actor, input.id);
    return null;
  }),
  handle(api.templateFull, ({ actor, input }) => fullKinds(actor, input.kind)),
  handle(api.exportCreate, ({ deps, actor, input }) => createExport(deps, actor, input)),
  handle(api.exportIndex, ({ deps, actor, input }) => listExports(deps, actor, input)),
  handle(api.exportStatus, ({ deps, actor, input }) => exportStatus(deps, actor, input.id)),
  handle(api.exportLinkGet, ({ deps, actor, input }) => exportLink(deps, actor, input.id)),
];
