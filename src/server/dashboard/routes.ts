import * as api from '../../shared/api/dashboard.ts';
import { forReads } from '../deps.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { boardCard, boardList, indexBoard } from './board.ts';
import { indexDetail } from './detail.ts';
import { itemDetail, itemIndex, itemOrders } from './items.ts';

/**
 * Spec §7 Dashboard, Board (napi) and item analysis: tenant rules and periods live in the services. The boards write
 * nothing: on a SQLite file they read on the reader thread while pings arrive (`forReads`, db/sqlite-reader.ts).
 */
export const dashboardRoutes: Binding[] = [
  handle(api.indexBoard, ({ deps, actor, input }) => indexBoard(forReads(deps), actor, input)),
  handle(api.indexDetail, ({ deps, actor, input }) => indexDetail(forReads(deps), actor, input)),
  handle(api.boardCard, ({ deps, actor, input }) => boardCard(forReads(deps), actor, input)),
  handle(api.boardList, ({ deps, actor, input }) => boardList(forReads(deps), actor, input)),
  handle(api.itemAnalyseIndex, ({ deps, actor, input }) => itemIndex(forReads(deps), actor, input)),
  handle(api.itemAnalyseDetail, ({ deps, actor, input }) => itemDetail(forReads(deps), actor, input)),
  handle(api.itemAnalyseOrder, ({ deps, actor, input }) => itemOrders(forReads(deps), actor, input)),
];
