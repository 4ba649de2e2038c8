import * as api from '../../shared/api/tfc.ts';
import { handle, type Binding } from '../http/contracts.ts';
import { publishLandingHtml } from '../publish/service.ts';
import { unionOf } from './items.ts';
import { convertItem, jdShopId } from './service.ts';

/** `/tfc/*`: the "separate service" of spec §7 — item conversion through the affiliate unions, landing HTML publishing. */
export const tfcRoutes: Binding[] = [
  handle(api.tfcTaobaoUrl, ({ deps, actor, input }) => convertItem(deps, actor, input.item, 2)),
  handle(api.tfcPddUrl, ({ deps, actor, input }) => convertItem(deps, actor, input.item, 5)),
  handle(api.tfcItemConvert, ({ deps, actor, input }) => convertItem(deps, actor, input.url, input.platform ? unionOf(input.platform) : null)),
  handle(api.tfcJdPromotion, ({ deps, actor, input }) => convertItem(deps, actor, input.item, 3)),
  handle(api.tfcJdShopId, ({ deps, actor, input }) => jdShopId(deps, actor, input.url)),
  handle(api.tfcHtmlToss, ({ deps, actor, input }) => publishLandingHtml(deps, actor, input.pageid, input.html)),
  handle(api.tfcHtmlOss, ({ deps, actor, input }) => publishLandingHtml(deps, actor, input.pageid, input.html)),
];
