import * as api from '../../shared/api/dashboard.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { boardCard, boardList, indexBoard } from './board.ts';
import { indexDetail } from './detail.ts';
import { itemDetail, itemIndex, itemOrders } from './items.ts';

/** Spec §7 Dashboard, Board (napi) and item analysis: tenant rules and periods live in the services. */
export const dashboardRoutes: Binding[] = [
  handle(api.indexBoard, ({ deps, actor, input }) => indexBoard(deps, actor, input)),
  handle(api.indexDetail, ({ deps, actor, input }) => indexDetail(deps, actor, input)),
  handle(api.boardCard, ({ deps, actor, input }) => boardCard(deps, actor, input)),
  handle(api.boardList, ({ deps, actor, input }) => boardList(deps, actor, input)),
  handle(api.itemAnalyseIndex, ({ deps, actor, input }) => itemIndex(deps, actor, input)),
  handle(api.itemAnalyseDetail, ({ deps, actor, input }) => itemDetail(deps, actor, input)),
  handle(api.itemAnalyseOrder, ({ deps, actor, input }) => itemOrders(deps, actor, input)),
];
