import * as api from '../../shared/api/tfc.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { publishLandingHtml } from './service.ts';

/** `/tfc/htmltoss` and `/tfc/newputoth/htmloss`: landing HTML publishing (its own feature, so affiliate → publish → links → affiliate is no cycle). */
export const publishRoutes: Binding[] = [
  handle(api.tfcHtmlToss, ({ deps, actor, input }) => publishLandingHtml(deps, actor, input.pageid, input.html)),
  handle(api.tfcHtmlOss, ({ deps, actor, input }) => publishLandingHtml(deps, actor, input.pageid, input.html)),
];
